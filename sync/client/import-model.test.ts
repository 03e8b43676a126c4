import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importCooldownLeft, type BatchImport, type Transaction } from '@domain/bookkeeping';
import { isMutationRejection } from '@sync/mutator';
import { MemoryServerError, MemorySyncServer } from '../testing/memory-server';
import { syncCycle } from './cycle';
import { AppDB } from './db';
import { Replica } from './replica';
import type { SyncResult, SyncTransport } from './transport';

/**
 * The model-based test of "nothing the person saw saved vanishes" (decision 054): one person on
 * two devices of one company and the in-memory server (`memory-server.ts`, checked against the
 * real server by `server/sync/memory-server.test.ts`), with a server clock. Random steps: imports
 * of one to three chunks made offline or online (the device's own cooldown lets them through,
 * like the import dialog) into a linked or a manual account, note edits, the manual account
 * deleted on a device, the server's clock moving, pushes that arrive late, declarations sent,
 * the person's access removed and given back, reloads, and the person's retry or discard of a
 * refused import. After every step, on each device:
 *
 * - every import the person saw finish on it is whole there (batch and every row) or held whole
 *   with its reason in the import history, unless they discarded it or lost the company;
 * - no transaction of an import is left without its batch (no orphan rows), here or on the server;
 *
 * and once everything is online and drained, both devices hold exactly the server's rows.
 */

const user = '7b0d1f64-0c4e-4b55-9d1e-3b6f7c1a0101';
const company = '7b0d1f64-0c4e-4b55-9d1e-3b6f7c1ac101';
const account = '7b0d1f64-0c4e-4b55-9d1e-3b6f7c1aacc1';
/** A manual account a device may delete while the other imports into it offline (refused `invalid`). */
const spare = '7b0d1f64-0c4e-4b55-9d1e-3b6f7c1aacc2';
const devices = [0, 1] as const;

type Step =
  | { type: 'import'; device: number; chunks: number[]; year: 2025 | 2026; manual: boolean }
  | { type: 'deleteAccount'; device: number }
  | { type: 'note'; device: number; pick: number }
  | { type: 'sync'; device: number }
  | { type: 'online'; device: number; online: boolean }
  | { type: 'tick'; seconds: number }
  | { type: 'declare'; year: 2025 }
  | { type: 'access'; granted: boolean }
  | { type: 'reload'; device: number }
  | { type: 'resolve'; device: number; retry: boolean };

const device = fc.constantFrom(...devices);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('import' as const),
      device,
      chunks: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 1, maxLength: 3 }),
      year: fc.constantFrom(2025 as const, 2026 as const),
      manual: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('deleteAccount' as const), device }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('note' as const), device, pick: fc.nat(20) }) },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('sync' as const), device }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('online' as const), device, online: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('tick' as const), seconds: fc.constantFrom(1, 5, 31) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('declare' as const), year: fc.constant(2025 as const) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('access' as const), granted: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('reload' as const), device }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('resolve' as const), device, retry: fc.boolean() }) },
);

class World {
  readonly factory = new IDBFactory();
  serverNow = Date.parse('2026-11-30T12:00:00Z');
  readonly server = new MemorySyncServer({ clock: () => this.serverNow });
  readonly online = devices.map(() => true);
  /** Whether the person is in the company, and whether each device's last completed sync saw that. */
  access = true;
  readonly seesCompany = devices.map(() => true);
  replicas: Replica[];
  /** Per device: imports the person saw finish there (batch id → its row ids), until discarded. */
  readonly finished = devices.map(() => new Map<string, string[]>());
  private ids = 0;

  constructor(readonly run: number) {
    this.server.addToCompany(company, user, 'owner');
    this.replicas = devices.map((index) => this.open(index));
  }

  private open(index: number): Replica {
    return new Replica(new AppDB(`model-${this.run}-${index}`, { indexedDB: this.factory, IDBKeyRange }), user, undefined, () => new Date(this.serverNow));
  }

  /** The spare manual account, created on the first device and synced to both. */
  async setUp() {
    await this.replicas[0]!.mutate('createManualAccount', {
      id: spare,
      companyId: company,
      name: 'Savings',
      createdAt: new Date(this.serverNow).toISOString(),
    });
    for (const index of devices) await this.sync(index);
  }

  async deleteAccount(index: number) {
    try {
      await this.replicas[index]!.mutate('deleteManualAccount', { id: spare });
    } catch (error) {
      // It holds transactions, or this device no longer has it.
      if (!isMutationRejection(error)) throw error;
    }
  }

  private nextId(): string {
    return `00000000-0000-4000-8000-${String(++this.ids).padStart(12, '0')}`;
  }

  private transport(index: number): SyncTransport {
    const call = async <T>(send: () => Promise<T>): Promise<SyncResult<T>> => {
      if (!this.online[index]) return { ok: false, failure: { kind: 'network' } };
      try {
        return { ok: true, value: structuredClone(await send()) };
      } catch (error) {
        if (!(error instanceof MemoryServerError)) throw error;
        if (error.code === 'sync_mutation_gap') return { ok: false, failure: { kind: 'gap' } };
        return { ok: false, failure: { kind: 'server', status: 429, code: error.code, retryAfterMs: (error.retryAfterSeconds ?? 1) * 1000 } };
      }
    };
    return { push: (request) => call(() => this.server.push(user, request)), pull: (request) => call(() => this.server.pull(user, request, 3)) };
  }

  async sync(index: number) {
    const access = this.access;
    const failure = await syncCycle(this.replicas[index]!, this.transport(index));
    if (failure === null) this.seesCompany[index] = access;
    if (failure?.kind === 'gap') await this.replicas[index]!.resetIdentity();
  }

  setAccess(granted: boolean) {
    this.access = granted;
    if (granted) this.server.addToCompany(company, user, 'owner');
    else this.server.removeFromCompany(company, user);
  }

  /** An import through the dialog: refused at once within this device's view of the cooldown, else queued whole. */
  async import(index: number, chunks: number[], year: number, manual: boolean) {
    const replica = this.replicas[index]!;
    const createdAt = new Date(this.serverNow).toISOString();
    const recent = await replica.db.table<BatchImport, string>('batchImports').where('companyId').equals(company).toArray();
    if (
      importCooldownLeft(
        recent.map((batch) => batch.createdAt),
        createdAt,
      ) > 0
    )
      return;
    const importId = this.nextId();
    const rowIds: string[] = [];
    let processed = 0;
    const calls = chunks.map((size) => {
      const rows = Array.from({ length: size }, (_, line) => {
        const id = this.nextId();
        rowIds.push(id);
        return {
          id,
          date: `${year}-03-${String(10 + line).padStart(2, '0')}`,
          description: `Line ${id}`,
          amountCents: -100 * (line + 1),
          category: null,
          merchant: null,
        };
      });
      processed += size;
      return { name: 'importTransactions' as const, args: { importId, processedCount: processed, updatedAt: createdAt, rows } };
    });
    try {
      await replica.mutateAll([
        {
          name: 'createBatchImport',
          args: {
            id: importId,
            companyId: company,
            accountKind: manual ? 'manual' : 'linked',
            accountId: manual ? spare : account,
            fileName: `bank-${importId.slice(-4)}.csv`,
            fileSize: 100,
            createdAt,
          },
        },
        ...calls,
        {
          name: 'finishBatchImport',
          args: {
            id: importId,
            status: 'completed',
            processedCount: processed,
            result: {
              code: 'imported',
              totalRows: processed,
              importedCount: processed,
              duplicateCount: 0,
              errorCount: 0,
              dateOrder: 'ymd',
              dateOrderAssumed: false,
              decimalSeparator: '.',
            },
            rowErrors: [],
            updatedAt: createdAt,
          },
        },
      ]);
    } catch (error) {
      // Refused on the device before the person saw it finish (the year is known to be locked, the account gone).
      if (isMutationRejection(error)) return;
      throw error;
    }
    this.finished[index]!.set(importId, rowIds);
  }

  async note(index: number, pick: number) {
    const rows = await this.replicas[index]!.db.table<Transaction, string>('transactions').toArray();
    if (rows.length === 0) return;
    try {
      await this.replicas[index]!.mutate('setTransactionNote', {
        id: rows[pick % rows.length]!.id,
        note: `note ${pick}`,
        updatedAt: new Date(this.serverNow).toISOString(),
      });
    } catch (error) {
      if (!isMutationRejection(error)) throw error;
    }
  }

  async resolve(index: number, retry: boolean) {
    const replica = this.replicas[index]!;
    const [held] = await replica.db.heldImports.toArray();
    if (!held) return;
    if (!retry) {
      await replica.discardImport(held.id);
      this.finished[index]!.delete(held.id);
      return;
    }
    try {
      await replica.retryImport(held.id);
    } catch (error) {
      if (!isMutationRejection(error)) throw error;
    }
  }

  reload(index: number) {
    this.replicas[index]!.db.close();
    this.replicas[index] = this.open(index);
  }

  /** The invariant after every step: each finished import whole or held with its reason; no orphan rows. */
  async check() {
    for (const index of devices) {
      const db = this.replicas[index]!.db;
      const batches = new Set(await db.table<BatchImport, string>('batchImports').toCollection().primaryKeys());
      const rows = await db.table<Transaction, string>('transactions').toArray();
      const present = new Set(rows.map((row) => row.id));
      for (const row of rows)
        if (row.importId !== null) expect(batches, `device ${index}: row ${row.id} of import ${row.importId} has no batch`).toContain(row.importId);
      for (const [importId, rowIds] of this.finished[index]!) {
        const held = await db.heldImports.get(importId);
        if (held) {
          expect(held.code).toBeTruthy();
          expect(held.rows.map((row) => row.id).sort()).toEqual([...rowIds].sort());
          continue;
        }
        // The company is gone from this device with everything of it: the person lost access.
        if (!this.seesCompany[index] && !batches.has(importId)) continue;
        expect(batches.has(importId), `device ${index}: import ${importId} vanished`).toBe(true);
        expect(
          rowIds.filter((id) => !present.has(id)),
          `device ${index}: rows of import ${importId} vanished`,
        ).toEqual([]);
      }
    }
    const server = this.server.snapshot(user);
    const serverBatches = new Set(server.batchImports.map((batch) => batch.id));
    for (const row of server.transactions as Transaction[])
      if (row.importId !== null) expect(serverBatches, `server: orphan row ${row.id}`).toContain(row.importId);
  }

  /** Everything online, the clock past every cooldown, every device synced until no queue is left. */
  async drain() {
    this.online.fill(true);
    for (let round = 0; round < 20; round++) {
      this.serverNow += 31_000;
      for (const index of devices) await this.sync(index);
      for (const index of devices) await this.sync(index);
      const pending = await Promise.all(this.replicas.map((replica) => replica.db.outbox.count()));
      if (pending.every((count) => count === 0)) {
        // A push of the last pass may have followed the other device's pull.
        for (const index of devices) await this.sync(index);
        return;
      }
    }
    throw new Error('queues did not drain');
  }

  close() {
    for (const replica of this.replicas) replica.db.close();
  }
}

const byId = <R extends { id: string }>(rows: R[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

let runs = 0;

async function scenario(steps: Step[]) {
  const world = new World(runs++);
  try {
    await world.setUp();
    for (const next of steps) {
      if (next.type === 'import') await world.import(next.device, next.chunks, next.year, next.manual);
      else if (next.type === 'deleteAccount') await world.deleteAccount(next.device);
      else if (next.type === 'note') await world.note(next.device, next.pick);
      else if (next.type === 'sync') await world.sync(next.device);
      else if (next.type === 'online') world.online[next.device] = next.online;
      else if (next.type === 'tick') world.serverNow += next.seconds * 1000;
      else if (next.type === 'declare') world.server.sendDeclaration(company, next.year);
      else if (next.type === 'access') world.setAccess(next.granted);
      else if (next.type === 'reload') world.reload(next.device);
      else await world.resolve(next.device, next.retry);
      await world.check();
    }
    await world.drain();
    await world.check();
    const server = world.server.snapshot(user);
    for (const index of devices) {
      const db = world.replicas[index]!.db;
      expect(byId(await db.table('transactions').toArray())).toEqual(server.transactions);
      expect(byId(await db.table('batchImports').toArray())).toEqual(server.batchImports);
      expect(byId(await db.table('manualAccounts').toArray())).toEqual(server.manualAccounts);
    }
  } finally {
    world.close();
  }
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('import model', () => {
  it('keeps every import the person saw finish whole or held with its reason, leaves no orphan rows, and converges', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => scenario(steps)),
      // IMPORT_MODEL_SEED replays a reported failure.
      { numRuns: Number(process.env.IMPORT_MODEL_RUNS ?? 150), ...(process.env.IMPORT_MODEL_SEED ? { seed: Number(process.env.IMPORT_MODEL_SEED) } : {}) },
    );
  }, 120_000);
});
