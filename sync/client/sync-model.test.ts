import { describe, it } from 'vitest';
import { MemorySyncServer } from '../testing/memory-server';
import { checkSyncModel, memberships, type ScenarioCast, type ScenarioServer } from './sync-model';

/**
 * The model-based test of the sync loop (`sync-model.ts`) against the in-memory protocol
 * model, which `server/sync/memory-server.test.ts` checks answers like the real server. The
 * same scenarios run against the real server on PGlite and PostgreSQL in
 * `tests/integration/sync-model.test.ts`.
 */

const cast: ScenarioCast = {
  users: ['7b0d1f64-0c4e-4b55-9d1e-3b6f7c1a0001', '7b0d1f64-0c4e-4b55-9d1e-3b6f7c1a0002', '7b0d1f64-0c4e-4b55-9d1e-3b6f7c1a0003'],
  companies: ['7b0d1f64-0c4e-4b55-9d1e-3b6f7c1ac0de', '7b0d1f64-0c4e-4b55-9d1e-3b6f7c1ac0df', '7b0d1f64-0c4e-4b55-9d1e-3b6f7c1ac0e0'],
  transactionIds: ['6a2b3c4d-1e2f-4a5b-8c6d-000000000001', '6a2b3c4d-1e2f-4a5b-8c6d-000000000002', '6a2b3c4d-1e2f-4a5b-8c6d-000000000003'],
  draftIds: ['5f1c2a3b-9d8e-4f70-8a6b-000000000001', '5f1c2a3b-9d8e-4f70-8a6b-000000000002', '5f1c2a3b-9d8e-4f70-8a6b-000000000003'],
};

async function modelServer(): Promise<{ server: ScenarioServer; cast: ScenarioCast }> {
  const model = new MemorySyncServer();
  for (const { company, user, role } of memberships) model.addToCompany(cast.companies[company], cast.users[user], role);
  const server: ScenarioServer = {
    push: (userId, request) => model.push(userId, request),
    pull: (userId, request, pageSize) => model.pull(userId, request, pageSize),
    snapshot: async (userId) => {
      const { drafts, transactions } = model.snapshot(userId);
      return { drafts, transactions };
    },
    processed: async (clientId) => model.processed(clientId),
  };
  return { server, cast };
}

// No database is involved, so `npm test` runs it once: in its pass without TEST_DATABASE_URL
// (the PostgreSQL pass re-runs the `sync/` folder for the server-side suites).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('sync model', () => {
  it('converges every device to the server under a hostile network, applying each mutation exactly once', async () => {
    await checkSyncModel(modelServer, Number(process.env.SYNC_MODEL_RUNS ?? 500));
  }, 600_000);
});
