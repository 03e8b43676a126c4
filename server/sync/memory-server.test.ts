import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protocolVersion, type Mutation, type PullResponse, type PushResponse } from '@sync/protocol';
import { MemoryServerError, MemorySyncServer } from '@sync/testing/memory-server';
import { ProblemError } from '../lib/problem';
import { createTestApp, type TestApp } from '../test/harness';
import { applyPull } from './pull';
import { applyPush } from './push';
import { insertTestCompany, insertTestUser } from './test-fixtures';

/**
 * The client model test (`sync/client/sync-model.test.ts`) runs thousands of scenarios
 * against the in-memory server model. This test earns it that trust: random sequences of
 * pushes (retries, overlaps, gaps, invalid and foreign writes, unknown mutators) and paged
 * pulls go to the real server on a real database and to the model, and every answer must
 * be the same (cursors aside: each side reads its own).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kinds = ['companyCreation', 'kyb', 'taxForm'] as const;

type Step =
  | {
      type: 'push';
      client: number;
      from: number;
      count: number;
      operations: { draft: number; kind: number; company: boolean; step: number; op: 'save' | 'delete' | 'bad' | 'unknown' }[];
    }
  | { type: 'pull'; client: number; pageSize: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    type: fc.constant('push' as const),
    client: fc.nat(2),
    // Where the batch starts relative to what the client already sent: retries (negative), the next id (0), a gap (1).
    from: fc.integer({ min: -3, max: 1 }),
    count: fc.integer({ min: 1, max: 4 }),
    operations: fc.array(
      fc.record({
        draft: fc.nat(2),
        kind: fc.nat(2),
        company: fc.boolean(),
        step: fc.nat(5),
        op: fc.constantFrom('save' as const, 'save' as const, 'delete' as const, 'bad' as const, 'unknown' as const),
      }),
      { minLength: 4, maxLength: 4 },
    ),
  }),
  fc.record({ type: fc.constant('pull' as const), client: fc.nat(2), pageSize: fc.integer({ min: 1, max: 4 }) }),
);

type Outcome<T> = { ok: T } | { error: string };

async function outcome<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: await run() };
  } catch (error) {
    if (error instanceof ProblemError || error instanceof MemoryServerError) return { error: error.code };
    throw error;
  }
}

const withoutCursor = (result: Outcome<PullResponse>) => ('ok' in result ? { ok: { ...result.ok, cursor: undefined } } : result);

describe('in-memory sync server model', () => {
  it('answers every push and pull like the real server', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const db = t.database.db;
        const users = [await insertTestUser(db), await insertTestUser(db)];
        const company = await insertTestCompany(db, users[0]!);
        // Fresh ids per run: the database is shared by every run.
        const draftIds = [randomUUID(), randomUUID(), randomUUID()];
        const model = new MemorySyncServer();
        model.addToCompany(company, users[0]!, 'owner');
        // Clients 0 and 1 belong to the first user, client 2 to the second.
        const clients = [0, 0, 1].map((user) => ({
          user: users[user]!,
          clientId: randomUUID(),
          sent: 0,
          cursors: { real: null as string | null, model: null as string | null },
          acknowledged: 0,
        }));
        const mutations = clients.map(() => [] as Mutation[]);

        for (const s of steps) {
          const client = clients[s.client]!;
          if (s.type === 'pull') {
            const request = (cursor: string | null) => ({ clientId: client.clientId, protocolVersion, cursor, lastMutationId: client.acknowledged });
            const real = await outcome(() => applyPull(db, client.user, request(client.cursors.real), s.pageSize));
            const modelled = await outcome(() => model.pull(client.user, request(client.cursors.model), s.pageSize));
            expect(withoutCursor(real)).toEqual(withoutCursor(modelled));
            if ('ok' in real && 'ok' in modelled) {
              client.cursors = { real: real.ok.cursor, model: modelled.ok.cursor };
              client.acknowledged = real.ok.lastMutationId;
            }
            continue;
          }
          const log = mutations[s.client]!;
          const first = Math.max(1, client.sent + 1 + s.from);
          for (let id = log.length + 1; id < first + s.count; id++) {
            const o = s.operations[(id - 1) % s.operations.length]!;
            const draftId = draftIds[o.draft]!;
            const draft = {
              id: draftId,
              kind: kinds[o.kind]!,
              companyId: o.company ? company : null,
              step: o.step,
              data: { id },
              updatedAt: '2026-11-21T10:00:00.000Z',
            };
            const [name, args] =
              o.op === 'save'
                ? ['saveDraft', draft]
                : o.op === 'delete'
                  ? ['deleteDraft', { id: draftId }]
                  : o.op === 'bad'
                    ? ['saveDraft', { ...draft, step: -1 }]
                    : ['archiveDraft', { id: draftId }];
            log.push({ id, name, args, createdAt: '2026-11-21T10:00:00.000Z' });
          }
          const batch = log.slice(first - 1, first - 1 + s.count);
          const request = { clientId: client.clientId, protocolVersion, mutations: batch };
          const real = await outcome<PushResponse>(() => applyPush(db, client.user, request));
          const modelled = await outcome<PushResponse>(() => model.push(client.user, request));
          expect(real).toEqual(modelled);
          if ('ok' in real) client.sent = Math.max(client.sent, real.ok.lastMutationId);
        }
      }),
      { numRuns: 60 },
    );
  }, 240_000);
});
