import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoryKeys } from '@domain/bookkeeping';
import type { Draft } from '@domain/draft';
import { isMutationRejection } from '@sync/mutator';
import type { PullRequest, PushRequest } from '@sync/protocol';
import { MemoryServerError, MemorySyncServer } from '../testing/memory-server';
import { syncCycle } from './cycle';
import { AppDB } from './db';
import { Replica } from './replica';
import type { SyncFailure, SyncResult, SyncTransport } from './transport';

/**
 * Model-based test of the whole sync loop: several devices of two users mutate wizard drafts
 * and bookkeeping transactions (create, set category, note, checked, delete) while
 * the network drops, duplicates, delays and reorders their requests, loses responses after
 * the server committed, and goes offline. Once every queue drains, every device's Dexie
 * content must equal the server's rows of its user; every mutation must have been processed
 * exactly once, in per-device order; every rejection must be reverted and listed.
 *
 * The devices run the real replica and sync cycle on fake-indexeddb; the server is the
 * in-memory protocol model, which `server/sync/memory-server.test.ts` checks answers like
 * the real server.
 */

const users = ['7b0d1f64-0c4e-4b55-9d1e-3b6f7c1a0001', '7b0d1f64-0c4e-4b55-9d1e-3b6f7c1a0002'] as const;
/** Device → user: two devices of the first user, one of the second. */
const devices = [0, 0, 1] as const;
const company = '7b0d1f64-0c4e-4b55-9d1e-3b6f7c1ac0de';
/** Bookkeeping companies: the first user's own, and one the second user is a teammate of. */
const companies = [company, '7b0d1f64-0c4e-4b55-9d1e-3b6f7c1ac0df'] as const;
/** A few shared transaction ids, so devices (and both users, in the shared company) edit the same rows. */
const transactionIds = [1, 2, 3].map((n) => `6a2b3c4d-1e2f-4a5b-8c6d-00000000000${n}`);
const someCategories = [null, categoryKeys[0], categoryKeys[1]] as const;
/** A few shared ids, so devices collide on the same drafts (and users on each other's). */
const draftIds = [1, 2, 3].map((n) => `5f1c2a3b-9d8e-4f70-8a6b-00000000000${n}`);
const kinds = ['companyCreation', 'kyb', 'taxForm'] as const;
const day = 24 * 60 * 60 * 1000;

type Operation =
  | { type: 'save'; draft: number; kind: number; company: boolean; step: number }
  | { type: 'delete'; draft: number }
  | { type: 'createTransaction'; transaction: number; company: number; amount: number; category: number }
  | { type: 'setCategory'; transaction: number; category: number }
  | { type: 'setNote'; transaction: number; note: number }
  | { type: 'setChecked'; transaction: number; checked: boolean }
  | { type: 'deleteTransaction'; transaction: number };

type Action =
  | { type: 'mutate'; device: number; operation: Operation }
  | { type: 'sync'; device: number }
  | { type: 'network'; pick: number; fate: 'deliver' | 'loseResponse' | 'drop' | 'duplicate' | 'timeout' }
  | { type: 'connectivity'; device: number; online: boolean };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant('save' as const), draft: fc.nat(2), kind: fc.nat(2), company: fc.boolean(), step: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('delete' as const), draft: fc.nat(2) }) },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('createTransaction' as const), transaction: fc.nat(2), company: fc.nat(1), amount: fc.integer({ min: -5000, max: 5000 }), category: fc.nat(2) }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('setCategory' as const), transaction: fc.nat(2), category: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('setNote' as const), transaction: fc.nat(2), note: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('setChecked' as const), transaction: fc.nat(2), checked: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('deleteTransaction' as const), transaction: fc.nat(2) }) },
);

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('mutate' as const), device: fc.nat(2), operation }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('sync' as const), device: fc.nat(2) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('network' as const),
      pick: fc.nat(7),
      fate: fc.constantFrom('deliver' as const, 'deliver' as const, 'loseResponse' as const, 'drop' as const, 'duplicate' as const, 'timeout' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('connectivity' as const), device: fc.nat(2), online: fc.boolean() }) },
);

/** A request on the wire. `answer` is null once the device stopped waiting (timeout): a late delivery still reaches the server. */
interface InFlight {
  device: number;
  kind: 'push' | 'pull';
  request: PushRequest | PullRequest;
  answer: ((result: SyncResult<never>) => void) | null;
}

const networkDown: SyncResult<never> = { ok: false, failure: { kind: 'network' } };

class World {
  readonly server = new MemorySyncServer();
  readonly factory = new IDBFactory();
  readonly replicas: Replica[];
  readonly online = devices.map(() => true);
  readonly wire: InFlight[] = [];
  readonly cycles: (Promise<SyncFailure | null> | null)[] = devices.map(() => null);
  readonly outcomes: (SyncFailure | null | undefined)[] = devices.map(() => undefined);
  /** Mutations each device queued, in order (ids as the device numbered them). */
  readonly queued: { id: number; name: string }[][] = devices.map(() => []);

  constructor(skews: number[]) {
    this.server.addToCompany(company, users[0], 'owner');
    this.server.addToCompany(companies[1], users[0], 'owner');
    this.server.addToCompany(companies[1], users[1], 'teammate');
    this.replicas = devices.map(
      (user, device) =>
        new Replica(new AppDB(`device-${device}`, { indexedDB: this.factory, IDBKeyRange }), users[user], undefined, () => new Date(Date.now() + skews[device]!)),
    );
  }

  transport(device: number): SyncTransport {
    const send = (kind: 'push' | 'pull', request: PushRequest | PullRequest) => {
      if (!this.online[device]) return Promise.resolve(networkDown);
      return new Promise<SyncResult<never>>((answer) => this.wire.push({ device, kind, request: structuredClone(request), answer }));
    };
    return { push: (request) => send('push', request), pull: (request) => send('pull', request) };
  }

  /** The server handles a request as it arrives; a gap or an outdated client becomes the transport's failure. */
  async serve(entry: InFlight): Promise<SyncResult<never>> {
    const user = users[devices[entry.device]!];
    try {
      const value =
        entry.kind === 'push'
          ? await this.server.push(user, entry.request as PushRequest)
          : await this.server.pull(user, entry.request as PullRequest, 2);
      return { ok: true, value: structuredClone(value) as never };
    } catch (error) {
      if (error instanceof MemoryServerError) return { ok: false, failure: { kind: error.code === 'sync_mutation_gap' ? 'gap' : 'outdated' } };
      throw error;
    }
  }

  async network(pick: number, fate: Extract<Action, { type: 'network' }>['fate']) {
    if (this.wire.length === 0) return;
    const index = pick % this.wire.length;
    const entry = this.wire[index]!;
    if (fate === 'duplicate') {
      // A copy arrives now (its answer goes nowhere); the original is still on the wire.
      await this.serve({ ...entry, answer: null });
      return;
    }
    this.wire.splice(index, 1);
    if (fate === 'drop') return entry.answer?.(networkDown);
    if (fate === 'timeout') {
      // The device gives up waiting; the request itself may still arrive later.
      entry.answer?.(networkDown);
      this.wire.push({ ...entry, answer: null });
      return;
    }
    const result = await this.serve(entry);
    entry.answer?.(fate === 'loseResponse' ? networkDown : result);
  }

  startCycle(device: number) {
    if (this.cycles[device]) return;
    const cycle = syncCycle(this.replicas[device]!, this.transport(device));
    this.cycles[device] = cycle;
    void cycle.then((outcome) => {
      this.outcomes[device] = outcome;
      this.cycles[device] = null;
    });
  }

  private waitingOnWire(device: number) {
    return this.wire.some((entry) => entry.device === device && entry.answer !== null);
  }

  /** Lets every running cycle proceed until it ends or waits for the network. */
  async settle() {
    for (let turn = 0; turn < 10_000; turn++) {
      if (this.cycles.every((cycle, device) => cycle === null || this.waitingOnWire(device))) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error('a sync cycle neither finished nor waited for the network');
  }

  async mutate(device: number, op: Operation) {
    const replica = this.replicas[device]!;
    const queue = async (run: () => Promise<number>, name: string) => this.queued[device]!.push({ id: await run(), name });
    const updatedAt = replica['clock']().toISOString();
    try {
      if (op.type === 'createTransaction') {
        const transaction = {
          date: '2026-03-15',
          description: `Line ${op.transaction} from device ${device}`,
          amountCents: op.amount,
          accountKind: null,
          accountId: null,
          category: someCategories[op.category]!,
          merchant: null,
          note: '',
        };
        const args = { id: transactionIds[op.transaction]!, companyId: companies[op.company]!, createdAt: updatedAt, transaction };
        return void (await queue(() => replica.mutate('createTransaction', args), 'createTransaction'));
      }
      if (op.type === 'setCategory') {
        const args = { id: transactionIds[op.transaction]!, category: someCategories[op.category]!, updatedAt };
        return void (await queue(() => replica.mutate('setTransactionCategory', args), 'setTransactionCategory'));
      }
      if (op.type === 'setNote') {
        const args = { id: transactionIds[op.transaction]!, note: `note ${op.note} from device ${device}`, updatedAt };
        return void (await queue(() => replica.mutate('setTransactionNote', args), 'setTransactionNote'));
      }
      if (op.type === 'setChecked') {
        const args = { id: transactionIds[op.transaction]!, checked: op.checked, updatedAt };
        return void (await queue(() => replica.mutate('setTransactionChecked', args), 'setTransactionChecked'));
      }
      if (op.type === 'deleteTransaction') {
        return void (await queue(() => replica.mutate('deleteTransaction', { id: transactionIds[op.transaction]! }), 'deleteTransaction'));
      }
      if (op.type === 'delete') {
        const id = await replica.mutate('deleteDraft', { id: draftIds[op.draft]! });
        this.queued[device]!.push({ id, name: 'deleteDraft' });
        return;
      }
      const draft: Draft = {
        id: draftIds[op.draft]!,
        kind: kinds[op.kind]!,
        companyId: op.company ? company : null,
        step: op.step,
        data: { device, step: op.step },
        updatedAt: replica['clock']().toISOString(),
      };
      const id = await replica.mutate('saveDraft', draft);
      this.queued[device]!.push({ id, name: 'saveDraft' });
    } catch (error) {
      // Refused locally (another wizard's id on this device, a transaction this device does
      // not have or already has): nothing was queued.
      if (!isMutationRejection(error)) throw error;
    }
  }

  /** Heals the network and syncs every device until nothing is left anywhere. */
  async drain() {
    this.online.fill(true);
    for (let round = 0; round < 30; round++) {
      while (this.wire.length > 0) {
        await this.network(0, 'deliver');
        await this.settle();
      }
      await this.settle();
      // Two passes: the second lets every device pull what the others pushed in the first.
      let clean = true;
      for (let pass = 0; pass < 2; pass++) {
        for (let device = 0; device < devices.length; device++) {
          this.startCycle(device);
          await this.settle();
          while (this.cycles[device]) {
            while (this.wire.length > 0) await this.network(0, 'deliver');
            await this.settle();
          }
          if (this.outcomes[device] !== null) clean = false;
        }
      }
      const pending = await Promise.all(this.replicas.map((replica) => replica.db.outbox.count()));
      if (clean && pending.every((count) => count === 0)) return;
    }
    throw new Error('queues did not drain');
  }

  close() {
    for (const replica of this.replicas) replica.db.close();
  }
}

const byId = (rows: { id: string }[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

async function runScenario(actions: Action[], skews: number[]) {
  const world = new World(skews);
  try {
    for (const step of actions) {
      if (step.type === 'mutate') await world.mutate(step.device, step.operation);
      else if (step.type === 'sync') world.startCycle(step.device);
      else if (step.type === 'network') await world.network(step.pick, step.fate);
      else world.online[step.device] = step.online;
      await world.settle();
    }
    await world.drain();

    for (let device = 0; device < devices.length; device++) {
      const replica = world.replicas[device]!;
      const user = users[devices[device]!];
      // Every device holds exactly its user's rows on the server.
      const snapshot = world.server.snapshot(user);
      expect(byId(await replica.db.table('drafts').toArray())).toEqual(snapshot.drafts);
      expect(byId(await replica.db.table('transactions').toArray())).toEqual(snapshot.transactions);

      // Exactly once, in order: the server processed this device's mutations 1..n, once each.
      const { clientId } = await replica.meta();
      const processed = world.server.log.filter((entry) => entry.clientId === clientId);
      expect(processed.map((entry) => [entry.mutationId, entry.name])).toEqual(world.queued[device]!.map((entry) => [entry.id, entry.name]));

      // Every rejection was reverted (the equality above) and is listed for the user.
      const rejected = processed.filter((entry) => entry.rejection).map((entry) => [entry.mutationId, entry.rejection]);
      expect((await replica.db.rejectedChanges.toArray()).map((change) => [change.mutationId, change.code])).toEqual(rejected);
    }
  } finally {
    world.close();
  }
}

// No database is involved, so `npm test` runs it once: in its pass without TEST_DATABASE_URL
// (the PostgreSQL pass re-runs the `sync/` folder for the server-side suites).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('sync model', () => {
  it('converges every device to the server under a hostile network, applying each mutation exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 1, maxLength: 24 }),
        fc.tuple(...devices.map(() => fc.constantFrom(-day, 0, day))),
        (actions, skews) => runScenario(actions, skews),
      ),
      { numRuns: Number(process.env.SYNC_MODEL_RUNS ?? 1000) },
    );
  }, 300_000);
});
