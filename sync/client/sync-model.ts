import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import fc from 'fast-check';
import { expect } from 'vitest';
import { categoryKeys } from '@domain/bookkeeping';
import type { Draft } from '@domain/draft';
import { isMutationRejection } from '@sync/mutator';
import type { PullRequest, PullResponse, PushRequest, PushResponse, RejectionCode } from '@sync/protocol';
import { MemoryServerError } from '../testing/memory-server';
import { syncCycle } from './cycle';
import { AppDB } from './db';
import { Replica } from './replica';
import type { SyncFailure, SyncResult, SyncTransport } from './transport';

/**
 * The model-based test of the whole sync loop, run against two servers: the in-memory
 * protocol model (`sync-model.test.ts`, thousands of runs) and the real server on a real
 * database (`tests/integration/sync-model.test.ts`, PGlite and PostgreSQL in CI).
 *
 * Devices of three users mutate wizard drafts and bookkeeping transactions of three companies
 * (create, set category, note, checked, delete; transaction ids are shared across companies,
 * so writes collide across scopes) while the network drops, duplicates, delays and reorders
 * their requests, loses responses after the server committed, goes offline, and delivers
 * bursts of requests at once (on PostgreSQL these run as concurrent transactions, so pushes
 * to different companies commit in parallel while pulls read). Once every queue drains, every
 * device's Dexie content must equal the server's rows of its user; every mutation must have
 * been processed exactly once, in per-device order; every rejection must be reverted and listed.
 */

/** The server side of a scenario: the model, or an adapter over the real `applyPush`/`applyPull`. */
export interface ScenarioServer {
  /** Throws `MemoryServerError('sync_mutation_gap')` for a gap. */
  push(userId: string, request: PushRequest): Promise<PushResponse>;
  pull(userId: string, request: PullRequest, pageSize: number): Promise<PullResponse>;
  /** The user's drafts and transactions as the server holds them, each sorted by id. */
  snapshot(userId: string): Promise<{ drafts: Record<string, unknown>[]; transactions: Record<string, unknown>[] }>;
  /** Every processing of this client's mutations, in order (a mutation applied twice appears twice). */
  processed(clientId: string): Promise<{ mutationId: number; rejection: RejectionCode | null }[]>;
}

/** The people and companies of a scenario; the server must know them before it starts. */
export interface ScenarioCast {
  users: readonly [string, string, string];
  companies: readonly [string, string, string];
  /** Three transaction ids shared by every device, so devices, users and companies collide on the same rows. */
  transactionIds: readonly [string, string, string];
  /** Three draft ids shared by every device, so devices collide on the same drafts (and users on each other's). */
  draftIds: readonly [string, string, string];
}

/**
 * Who sees which company: the first user owns the first two, the third owns the last, the
 * second is a teammate of the second and the third. So the scopes overlap pairwise and no
 * user sees all of them.
 */
export const memberships = [
  { company: 0, user: 0, role: 'owner' },
  { company: 1, user: 0, role: 'owner' },
  { company: 1, user: 1, role: 'teammate' },
  { company: 2, user: 2, role: 'owner' },
  { company: 2, user: 1, role: 'teammate' },
] as const;

/** Device → user: two devices of the first user, one of each other. */
const devices = [0, 0, 1, 2] as const;
const someCategories = [null, categoryKeys[0], categoryKeys[1]] as const;
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
  | { type: 'burst'; size: number }
  | { type: 'connectivity'; device: number; online: boolean };

const device = fc.nat(devices.length - 1);

const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant('save' as const), draft: fc.nat(2), kind: fc.nat(2), company: fc.boolean(), step: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('delete' as const), draft: fc.nat(2) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('createTransaction' as const),
      transaction: fc.nat(2),
      company: fc.nat(2),
      amount: fc.integer({ min: -5000, max: 5000 }),
      category: fc.nat(2),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('setCategory' as const), transaction: fc.nat(2), category: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('setNote' as const), transaction: fc.nat(2), note: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('setChecked' as const), transaction: fc.nat(2), checked: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('deleteTransaction' as const), transaction: fc.nat(2) }) },
);

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('mutate' as const), device, operation }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('sync' as const), device }) },
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('network' as const),
      pick: fc.nat(7),
      fate: fc.constantFrom('deliver' as const, 'deliver' as const, 'loseResponse' as const, 'drop' as const, 'duplicate' as const, 'timeout' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('burst' as const), size: fc.integer({ min: 2, max: 6 }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('connectivity' as const), device, online: fc.boolean() }) },
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
  readonly factory = new IDBFactory();
  readonly replicas: Replica[];
  readonly online = devices.map(() => true);
  readonly wire: InFlight[] = [];
  readonly cycles: (Promise<SyncFailure | null> | null)[] = devices.map(() => null);
  readonly outcomes: (SyncFailure | null | undefined)[] = devices.map(() => undefined);
  /** Mutations each device queued, in order (ids as the device numbered them). */
  readonly queued: { id: number; name: string }[][] = devices.map(() => []);

  constructor(
    readonly server: ScenarioServer,
    readonly cast: ScenarioCast,
    skews: number[],
  ) {
    // Database names carry the first user's id: several scenarios may share one IndexedDB factory's process.
    this.replicas = devices.map(
      (user, index) =>
        new Replica(
          new AppDB(`device-${index}-${cast.users[0]}`, { indexedDB: this.factory, IDBKeyRange }),
          cast.users[user],
          undefined,
          () => new Date(Date.now() + skews[index]!),
        ),
    );
  }

  transport(device: number): SyncTransport {
    const send = (kind: 'push' | 'pull', request: PushRequest | PullRequest) => {
      if (!this.online[device]) return Promise.resolve(networkDown);
      return new Promise<SyncResult<never>>((answer) => this.wire.push({ device, kind, request: structuredClone(request), answer }));
    };
    return { push: (request) => send('push', request), pull: (request) => send('pull', request) };
  }

  /** The server handles a request as it arrives; a gap becomes the transport's failure. */
  async serve(entry: InFlight): Promise<SyncResult<never>> {
    const user = this.cast.users[devices[entry.device]!];
    try {
      const value =
        entry.kind === 'push' ? await this.server.push(user, entry.request as PushRequest) : await this.server.pull(user, entry.request as PullRequest, 2);
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

  /** Up to `size` requests reach the server at the same time (concurrent transactions on a real database). */
  async burst(size: number) {
    const entries = this.wire.splice(0, size);
    const results = await Promise.all(entries.map((entry) => this.serve(entry)));
    entries.forEach((entry, index) => entry.answer?.(results[index]!));
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
        const args = { id: this.cast.transactionIds[op.transaction]!, companyId: this.cast.companies[op.company]!, createdAt: updatedAt, transaction };
        return void (await queue(() => replica.mutate('createTransaction', args), 'createTransaction'));
      }
      if (op.type === 'setCategory') {
        const args = { id: this.cast.transactionIds[op.transaction]!, category: someCategories[op.category]!, updatedAt };
        return void (await queue(() => replica.mutate('setTransactionCategory', args), 'setTransactionCategory'));
      }
      if (op.type === 'setNote') {
        const args = { id: this.cast.transactionIds[op.transaction]!, note: `note ${op.note} from device ${device}`, updatedAt };
        return void (await queue(() => replica.mutate('setTransactionNote', args), 'setTransactionNote'));
      }
      if (op.type === 'setChecked') {
        const args = { id: this.cast.transactionIds[op.transaction]!, checked: op.checked, updatedAt };
        return void (await queue(() => replica.mutate('setTransactionChecked', args), 'setTransactionChecked'));
      }
      if (op.type === 'deleteTransaction') {
        return void (await queue(() => replica.mutate('deleteTransaction', { id: this.cast.transactionIds[op.transaction]! }), 'deleteTransaction'));
      }
      if (op.type === 'delete') {
        return void (await queue(() => replica.mutate('deleteDraft', { id: this.cast.draftIds[op.draft]! }), 'deleteDraft'));
      }
      const draft: Draft = {
        id: this.cast.draftIds[op.draft]!,
        kind: kinds[op.kind]!,
        companyId: op.company ? this.cast.companies[0] : null,
        step: op.step,
        data: { device, step: op.step },
        updatedAt,
      };
      await queue(() => replica.mutate('saveDraft', draft), 'saveDraft');
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

async function runScenario(server: ScenarioServer, cast: ScenarioCast, actions: Action[], skews: number[]) {
  const world = new World(server, cast, skews);
  try {
    for (const step of actions) {
      if (step.type === 'mutate') await world.mutate(step.device, step.operation);
      else if (step.type === 'sync') world.startCycle(step.device);
      else if (step.type === 'network') await world.network(step.pick, step.fate);
      else if (step.type === 'burst') await world.burst(step.size);
      else world.online[step.device] = step.online;
      await world.settle();
    }
    await world.drain();

    for (let device = 0; device < devices.length; device++) {
      const replica = world.replicas[device]!;
      // Every device holds exactly its user's rows on the server.
      const snapshot = await server.snapshot(cast.users[devices[device]!]);
      expect(byId(await replica.db.table<{ id: string }>('drafts').toArray())).toEqual(snapshot.drafts);
      expect(byId(await replica.db.table<{ id: string }>('transactions').toArray())).toEqual(snapshot.transactions);

      // Exactly once, in order: the server processed this device's mutations 1..n, once each.
      const { clientId } = await replica.meta();
      const processed = await server.processed(clientId);
      expect(processed.map((entry) => entry.mutationId)).toEqual(world.queued[device]!.map((entry) => entry.id));

      // Every rejection was reverted (the equality above) and is listed for the user.
      const rejected = processed.filter((entry) => entry.rejection).map((entry) => [entry.mutationId, entry.rejection]);
      expect((await replica.db.rejectedChanges.toArray()).map((change) => [change.mutationId, change.code])).toEqual(rejected);
    }
  } finally {
    world.close();
  }
}

/** Checks the property over `runs` random scenarios; `setUp` gives each scenario a fresh server and cast. */
export async function checkSyncModel(setUp: () => Promise<{ server: ScenarioServer; cast: ScenarioCast }>, runs: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.array(action, { minLength: 1, maxLength: 24 }),
      fc.tuple(...devices.map(() => fc.constantFrom(-day, 0, day))),
      async (actions, skews) => {
        const { server, cast } = await setUp();
        await runScenario(server, cast, actions, skews);
      },
    ),
    { numRuns: runs },
  );
}
