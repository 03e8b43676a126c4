import type Dexie from 'dexie';
import type { Table } from 'dexie';
import { MutationRejection, isMutationRejection, runMutator, type RowRef } from '@sync/mutator';
import { findMutator, type MutatorArgs, type MutatorName } from '@sync/mutators';
import {
  mutationArgsMaxChars,
  protocolVersion,
  pushBatchMax,
  pushBatchMaxChars,
  type Mutation,
  type PullRequest,
  type PullResponse,
  type PushRequest,
  type TableChanges,
} from '@sync/protocol';
import { isTableName, tableNames } from '@sync/tables';
import { companyCacheTables, dropCompaniesOutside } from './company-caches';
import { caughtUp, readOutboxAfter, type OutboxEntry, type PulledPage, type RejectedChange, type RowUndo, type SyncMeta, type UndoEntry } from './db';
import { holdRefusedImports, retryCalls, type HeldImport } from './held-imports';
import { compactUndo, createLocalTx, revert, revertAll, rowsOf, WriteBatch, type Tables } from './local-tx';

/** The tables a replica needs: the outbox, its sync position, rejected changes and every synced table. */
export interface ReplicaDatabase extends Dexie {
  outbox: Table<OutboxEntry, number>;
  syncMeta: Table<SyncMeta, 'state'>;
  rejectedChanges: Table<RejectedChange, number, Omit<RejectedChange, 'seq'>>;
  heldImports: Table<HeldImport, string>;
  pulledPages: Table<PulledPage, number>;
}

export type PullOutcome = 'applied' | 'stale';

/** One mutation to run: its name and arguments. */
export type MutationCall = { [Name in MutatorName]: { name: Name; args: MutatorArgs<Name> } }[MutatorName];

/** Mutations waiting to be written: resolved with their outbox ids, or rejected with why not. */
interface WriteJob {
  calls: readonly MutationCall[];
  argsParsed: boolean;
  resolve(ids: number[]): void;
  reject(error: unknown): void;
}

/**
 * The rows a call's mutator says it will read, to fetch ahead for its batch. A hint from the
 * arguments as given (not yet parsed): arguments it cannot read name no rows.
 */
function readsOf({ name, args }: MutationCall): readonly RowRef[] {
  try {
    return (findMutator(name)?.reads?.(args as never) ?? []).filter(([, id]) => typeof id === 'string');
  } catch {
    return [];
  }
}

/** An outbox entry as a push sends it. */
const mutationOf = ({ id, name, args, createdAt }: OutboxEntry): Mutation => ({ id, name, args, createdAt });

/** Rows per `bulkPut` when applying a pull page. */
const writeSlice = 250;

/** The ids a pull page puts or deletes, by table. */
function pageRowIds(changed: readonly (readonly [string, TableChanges])[]): Map<string, Set<string>> {
  return new Map(changed.map(([table, { puts, deletes }]) => [table, new Set([...puts.map((row) => row.id as string), ...deletes])]));
}

/** Whether two values read from JSON or IndexedDB are equal, whatever the order of their keys. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((value, i) => sameValue(value, b[i]));
  // Anything but a plain object (a Date, a Blob) is never taken as equal.
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/** Per table, each row's pre-image: what the settling entries may take back at a pull's last page. */
type PreImages = Map<string, Map<string, unknown>>;

/** Adds the rows an undo list names to `preImages`, keeping a pre-image already there (the older). */
function addPreImages(preImages: PreImages, undo: readonly UndoEntry[]): void {
  for (const { table, id, before } of rowsOf(undo)) {
    let rows = preImages.get(table);
    if (!rows) preImages.set(table, (rows = new Map<string, unknown>()));
    if (!rows.has(id)) rows.set(id, before);
  }
}

/** The pre-images as an undo list. */
const undoOf = (preImages: PreImages): RowUndo[] =>
  [...preImages].flatMap(([table, rows]) => [...rows].map(([id, before]) => ({ table: table as RowUndo['table'], id, before })));

/**
 * The rows of `rows` that differ from what `table` holds. Only those `mine` names (rows this
 * device wrote, on their way back) are read to compare: the others are taken as changed.
 */
async function changedRows(table: Table, rows: readonly Record<string, unknown>[], mine: (id: string) => boolean): Promise<readonly Record<string, unknown>[]> {
  const compared = rows.filter((row) => mine(row.id as string));
  if (compared.length === 0) return rows;
  const stored: unknown[] = await table.bulkGet(compared.map((row) => row.id as string));
  const same = new Set(compared.filter((row, i) => sameValue(row, stored[i])));
  return rows.filter((row) => !same.has(row));
}

/** The longest a burst of mutations runs before it lets the browser paint. */
const yieldAfterMs = 8;

/**
 * One device database's side of the sync protocol, with no timers, network or tabs: those
 * live in the engine. Every method is one Dexie transaction (mutations asked for together
 * share one, each still atomic), so a crash or a closed tab at any point leaves the database
 * either before or after it.
 *
 * Local state is always "server rows as of the cursor, then the outbox replayed in id order".
 * Each outbox entry keeps the pre-images of the rows it wrote, so a pull can revert the
 * outbox, apply the server's rows, drop what the server has acknowledged, and replay the rest.
 */
export class Replica {
  /**
   * What the settling entries may take back at the pull's last page, as this replica saw them
   * acknowledged: each row not brought back since, with its oldest pre-image. The last page then
   * need not read every settling entry again, and a page compares with what this device holds
   * only the rows it wrote. Valid only at the cursor and client id it names: another tab may
   * have pulled since, or this replica may not have seen every acknowledgement (a reload in the
   * middle of a pull). Then the pages' records are read instead (`settledLeftovers`).
   */
  private settled: { cursor: string | null; clientId: string; preImages: PreImages } | null = null;

  constructor(
    readonly db: ReplicaDatabase,
    readonly userId: string | null,
    private readonly newClientId: () => string = () => crypto.randomUUID(),
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private get syncTables() {
    return [
      this.db.outbox,
      this.db.syncMeta,
      this.db.rejectedChanges,
      this.db.heldImports,
      this.db.pulledPages,
      ...tableNames.map((name) => this.db.table(name)),
    ];
  }

  private async metaInTx(): Promise<SyncMeta> {
    const existing = await this.db.syncMeta.get('state');
    if (existing) return existing;
    const meta: SyncMeta = { key: 'state', clientId: this.newClientId(), cursor: null, lastMutationId: 0, nextMutationId: 1, lastSyncedAt: null };
    await this.db.syncMeta.add(meta);
    return meta;
  }

  /** This database's sync position (created on first use). */
  meta(): Promise<SyncMeta> {
    // An async callback: Dexie keeps its transaction zone across native awaits only for those.
    return this.db.transaction('rw', this.db.syncMeta, async () => this.metaInTx());
  }

  /**
   * Runs the mutator on the local database and appends it to the outbox in the same Dexie
   * transaction: both happen or neither does. A mutator's local refusal (or arguments that
   * do not parse) throws `MutationRejection` and changes nothing.
   *
   * The mutations asked for in the same task, and those asked for while the previous ones are
   * being written, share one Dexie transaction (see `writeJobs`): one commit for a burst of
   * changes instead of one each, with nothing waiting for a timer when there is no burst.
   */
  mutate<Name extends MutatorName>(name: Name, args: MutatorArgs<Name>): Promise<number> {
    return this.enqueue([{ name, args } as MutationCall], false).then(([id]) => id!);
  }

  /**
   * Runs several mutations in order, each its own outbox entry (an import's chunks prepared
   * while the previous write was committing), in the same transaction. All or nothing: a
   * refusal of any of them changes nothing.
   *
   * `argsParsed`: the arguments are already what their mutators' schemas make of them, so they
   * are not parsed again. Only for arguments built from values those same schemas produced: an
   * import's chunks, whose every line the worker validated (`checkImportedRow`); their test
   * checks that parsing them changes nothing. The server parses every mutation it receives.
   */
  mutateAll(calls: readonly MutationCall[], { argsParsed = false } = {}): Promise<number[]> {
    return this.enqueue(calls, argsParsed);
  }

  /** Asked for, not yet in a transaction, in the order asked. */
  private waiting: WriteJob[] = [];
  private writing = false;

  private enqueue(calls: readonly MutationCall[], argsParsed: boolean): Promise<number[]> {
    return new Promise<number[]>((resolve, reject) => {
      this.waiting.push({ calls, argsParsed, resolve, reject });
      // After the current task: what it asks for next joins this transaction.
      if (this.waiting.length === 1 && !this.writing) queueMicrotask(() => void this.writeWaiting());
    });
  }

  /** Writes every waiting job in one transaction, then what arrived meanwhile, until none waits. */
  private async writeWaiting(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.waiting.length > 0) await this.writeJobs(this.waiting.splice(0));
    } finally {
      this.writing = false;
    }
  }

  /**
   * Writes `jobs` in order in one Dexie transaction, each atomic on its own as if it had its
   * own: a job that throws has its writes taken back (from the pre-images it recorded) and gets
   * no outbox entry, and the jobs after it still run. Ids are given in order to those that
   * pass. If the transaction itself fails (the outbox cannot be written, the database is
   * closing), nothing of it is stored and each job is tried again in a transaction of its own,
   * so one that cannot be written does not take the others with it.
   */
  private async writeJobs(jobs: readonly WriteJob[]): Promise<void> {
    let outcomes: (() => void)[] = [];
    try {
      await this.db.transaction('rw', this.syncTables, async (tx) => {
        outcomes = [];
        const meta = await this.metaInTx();
        const entries: OutboxEntry[] = [];
        // Every request through `tx`'s own tables, not the zone's (see `Tables`).
        const batch = new WriteBatch(tx);
        await batch.readAhead(jobs.flatMap((job) => job.calls.flatMap(readsOf)));
        let since = performance.now();
        for (const job of jobs) {
          // With its rows read ahead and its index answers kept, a mutation may make no request
          // at all, and a burst would run as one long task. A transaction cannot wait for a timer
          // (it would commit), but a request's answer comes in a task of its own, so one now and
          // then lets the browser paint between the mutations (docs/architecture.md: no task ≥ 50 ms).
          if (performance.now() - since > yieldAfterMs) {
            await tx.table('syncMeta').get('state');
            since = performance.now();
          }
          const undos: Map<string, RowUndo>[] = [];
          try {
            const queued = await this.runCalls(job.calls, job.argsParsed, meta.nextMutationId + entries.length, undos, tx, batch);
            entries.push(...queued);
            outcomes.push(() => job.resolve(queued.map((entry) => entry.id)));
          } catch (error) {
            await batch.flush();
            for (let i = undos.length - 1; i >= 0; i--) await revert(tx, [...undos[i]!.values()]);
            batch.forgetAll();
            outcomes.push(() => job.reject(error));
          }
        }
        // A write that fails fails the transaction: each job is then tried alone (below).
        await batch.flush();
        if (entries.length === 0) return;
        await tx.table('outbox').bulkAdd(entries);
        await tx.table('syncMeta').put({ ...meta, nextMutationId: meta.nextMutationId + entries.length });
      });
    } catch (error) {
      if (jobs.length === 1) return jobs[0]!.reject(error);
      for (const job of jobs) await this.writeJobs([job]);
      return;
    }
    for (const settle of outcomes) settle();
  }

  /** Runs and queues `calls` inside the caller's Dexie transaction; returns their outbox ids. */
  private async queueInTx(meta: SyncMeta, calls: readonly MutationCall[], argsParsed = false): Promise<number[]> {
    const entries = await this.runCalls(calls, argsParsed, meta.nextMutationId, [], this.db);
    await this.db.outbox.bulkAdd(entries);
    await this.db.syncMeta.put({ ...meta, nextMutationId: meta.nextMutationId + entries.length });
    return entries.map((entry) => entry.id);
  }

  /**
   * Runs `calls` in order on the local database (inside the caller's transaction) and returns
   * their outbox entries, numbered from `firstId`. Each call's pre-images are added to `undos`
   * as it starts, so a caller can take back what ran if a later call throws.
   */
  private async runCalls(
    calls: readonly MutationCall[],
    argsParsed: boolean,
    firstId: number,
    undos: Map<string, RowUndo>[],
    tables: Tables,
    batch?: WriteBatch,
  ): Promise<OutboxEntry[]> {
    const entries: OutboxEntry[] = [];
    for (const { name, args } of calls) {
      const undo = new Map<string, RowUndo>();
      undos.push(undo);
      const mutator = findMutator(name)!;
      const tx = createLocalTx(tables, this.userId, undo, batch);
      const parsed = argsParsed ? (await mutator.run(tx, args), args) : await runMutator(mutator, tx, args);
      // An entry too large for a push request could never be sent and would wedge the queue.
      if (JSON.stringify(parsed).length > mutationArgsMaxChars) throw new MutationRejection('invalid');
      entries.push({ id: firstId + entries.length, name, args: parsed, createdAt: this.clock().toISOString(), undo: compactUndo(undo.values()) });
    }
    return entries;
  }

  /**
   * Sends a held import again (decision 054): its batch, lines and end under the same batch id,
   * queued after the `discardBatchImport` that took it back, in one Dexie transaction with
   * forgetting it. A local refusal (its year now locked, its account gone) keeps it held.
   */
  async retryImport(importId: string): Promise<void> {
    await this.db.transaction('rw', this.syncTables, async () => {
      const held = await this.db.heldImports.get(importId);
      if (!held) return;
      await this.queueInTx(await this.metaInTx(), retryCalls(held));
      await this.db.heldImports.delete(importId);
    });
  }

  /** Forgets a held import with its rows: the server holds nothing of it since its `discardBatchImport`. */
  discardImport(importId: string): Promise<void> {
    return this.db.heldImports.delete(importId);
  }

  /**
   * The next push request: outbox entries after `after`, in id order, within the batch limits;
   * null when none. They are read a few at a time (`readOutboxAfter`, sized by their JSON), in
   * one read transaction: an entry may be a whole import chunk of thousands of lines, and
   * reading up to 500 entries to send two or three cloned, then measured, every queued line of
   * an import on the main thread once per push.
   */
  async nextPush(after: number): Promise<PushRequest | null> {
    const meta = await this.meta();
    const entries = await this.db.transaction('r', this.db.outbox, () =>
      readOutboxAfter(this.db.outbox, after, {
        sizeOf: (entry) => JSON.stringify(mutationOf(entry)).length,
        perRequest: pushBatchMaxChars,
        maxCount: pushBatchMax,
        maxTotal: pushBatchMaxChars,
      }),
    );
    return entries.length > 0 ? { clientId: meta.clientId, protocolVersion, mutations: entries.map(mutationOf) } : null;
  }

  /** The next pull request from the stored cursor. */
  async nextPull(): Promise<PullRequest> {
    const meta = await this.meta();
    return { clientId: meta.clientId, protocolVersion, cursor: meta.cursor, lastMutationId: meta.lastMutationId };
  }

  /**
   * The server has no record of this client's history (a gap it cannot fill, or it knows
   * mutation ids this database never made): continue as a new client, renumbering the
   * outbox from 1 in the same order, so nothing queued is lost or mistaken for acknowledged.
   */
  async resetIdentity(): Promise<void> {
    await this.db.transaction('rw', this.syncTables, async () => {
      const meta = await this.metaInTx();
      // Those the server acknowledged (a pull was still bringing their rows back) are not sent again.
      const entries = await this.db.outbox.where('id').above(meta.lastMutationId).toArray();
      await this.db.outbox.clear();
      await this.db.pulledPages.clear();
      this.settled = null;
      await this.db.outbox.bulkAdd(entries.map((entry, i) => ({ ...entry, id: i + 1 })));
      await this.db.syncMeta.put({ ...meta, clientId: this.newClientId(), lastMutationId: 0, nextMutationId: entries.length + 1 });
    });
  }

  /**
   * Applies one pull page (the rebase): revert the outbox, drop everything on a resync (and the
   * device caches of companies no longer in the scope), apply
   * deletes then puts, drop acknowledged entries (recording the rejected ones), replay the
   * rest in order. `stale` when another tab moved the cursor since `request` was made: the
   * page is ignored and the caller pulls again.
   *
   * A pull of several pages says on its first page that the server holds the pushed mutations
   * (`lastMutationId`), but brings their rows back page by page. An acknowledged entry the
   * server accepted therefore stays as it is until the pull's last page (it is settling): not
   * reverted, not replayed, never sent again. A 50,000-line import used to vanish from the list
   * at the first page and come back 500 rows at a time. Each page meanwhile records the rows it
   * brought back (`pulledPages`), so no settling entry is read or rewritten before the last page.
   * There, what a settling entry wrote and no page from its acknowledgement on brought back is
   * taken back: the server did not write it.
   */
  async applyPull(request: PullRequest, response: PullResponse): Promise<PullOutcome> {
    const tables = response.companyIds ? [...this.syncTables, ...companyCacheTables(this.db)] : this.syncTables;
    // Known again only once this page is committed.
    const known = this.settled;
    this.settled = null;
    let settled: Replica['settled'] = null;
    const outcome = await this.db.transaction('rw', tables, async (): Promise<PullOutcome> => {
      const meta = await this.metaInTx();
      if (meta.cursor !== request.cursor || meta.clientId !== request.clientId) return 'stale';
      // The server processed ids this database never made: a different history shares this
      // client id (e.g. a restored copy). It continues as a new client (below), and the entries
      // an earlier page acknowledged keep their effects.
      const newIdentity = response.lastMutationId >= meta.nextMutationId;
      const acknowledged = newIdentity ? meta.lastMutationId : Math.max(meta.lastMutationId, response.lastMutationId);
      // Every change since the cursor is what this device's acknowledged mutations wrote, as the
      // device wrote it: the server sent none of it back, and it stays as it is (decision 091).
      // Not for a different history: that one starts over from the cursor it had, as a new client.
      const ownKept = response.ownChangesOnly === true && !newIdentity;
      // Entries at or below `lastMutationId` are settling: acknowledged by an earlier page of this
      // pull. Those a page that keeps its own changes acknowledges are only deleted: not read.
      const pending = await readOutboxAfter(this.db.outbox, ownKept ? acknowledged : meta.lastMutationId);
      // A table this version does not know yet is skipped; the cursor still advances past it.
      const changed = Object.entries(response.changes).filter(([name]) => isTableName(name));
      const pageIds = pageRowIds(changed);
      const reasons = new Map(response.rejections.map((rejection) => [rejection.mutationId, rejection.code]));
      const settles = response.hasMore && !response.resync && !newIdentity;
      const settling = (entry: OutboxEntry) => settles && entry.id <= acknowledged && !reasons.has(entry.id);
      // Whether an earlier page left entries settling; when none did, nothing of them is unknown.
      const settlingBefore = (await this.db.outbox.where('id').belowOrEqual(meta.lastMutationId).limit(1).primaryKeys()).length > 0;
      const preImages =
        known?.cursor === meta.cursor && known.clientId === meta.clientId ? known.preImages : settlingBefore ? null : new Map<string, Map<string, unknown>>();
      if (preImages) for (const entry of pending) if (settling(entry)) addPreImages(preImages, entry.undo);
      // At the last page, the rows of the changes it acknowledges may come back as they are too.
      const acknowledgedNow: PreImages = new Map();
      if (!settles) for (const entry of pending) if (entry.id <= acknowledged && !reasons.has(entry.id)) addPreImages(acknowledgedNow, entry.undo);
      // The queue's effects are taken back before the page is written, and what is still queued
      // is run again on top of it. A resync drops every row anyway, and a row this page writes
      // ends as the page says: neither needs its pre-image written first (a drain's first page
      // used to revert every row the drain changed, then write a quarter of them again).
      if (!response.resync) {
        // At the last page, what settling entries wrote and no page brought back goes too, as the oldest.
        const leftovers = settles || newIdentity || ownKept ? [] : preImages ? [undoOf(preImages)] : await this.settledLeftovers(meta.lastMutationId);
        const undo = [...leftovers, ...pending.filter((entry) => !settling(entry)).map((entry) => entry.undo)];
        if (undo.length > 0) await revertAll(this.db, undo, pageIds);
      }

      if (response.resync) for (const name of tableNames) await this.db.table(name).clear();
      // The scope changed (a company gained or lost): what is kept of lost companies goes too.
      if (response.companyIds) await dropCompaniesOutside(this.db, response.companyIds);
      for (const [name, changes] of changed) {
        const table = this.db.table(name);
        // This device's own changes come back as the server stored them: most often the very rows
        // it holds (the mutators are shared), which need no write and tell the list nothing new.
        const mine = response.resync ? [] : [preImages?.get(name), acknowledgedNow.get(name)].filter((rows) => rows !== undefined);
        const isMine = (id: string) => mine.some((rows) => rows.has(id));
        if (changes.deletes.length > 0) await table.bulkDelete(changes.deletes);
        // In slices, so no single main-thread task clones thousands of rows (docs/architecture.md "Workers": no task ≥ 50 ms).
        for (let start = 0; start < changes.puts.length; start += writeSlice) {
          const slice = changes.puts.slice(start, start + writeSlice);
          const puts = mine.length > 0 ? await changedRows(table, slice, isMine) : slice;
          if (puts.length > 0) await table.bulkPut(puts);
        }
      }
      if (preImages) for (const [name, ids] of pageIds) for (const id of ids) preImages.get(name)?.delete(id);

      let identity = { clientId: meta.clientId, lastMutationId: acknowledged, nextMutationId: meta.nextMutationId };
      let queue = pending;
      let held: string[] = [];
      if (newIdentity) {
        // Start over as a new client and keep every entry not yet acknowledged.
        queue = pending.map((entry, i) => ({ ...entry, id: i + 1 }));
        identity = { clientId: this.newClientId(), lastMutationId: 0, nextMutationId: queue.length + 1 };
        await this.db.outbox.clear();
        await this.db.pulledPages.clear();
      } else {
        const done = pending.filter((entry) => entry.id <= acknowledged);
        const rejectedAt = this.clock().toISOString();
        const rejected = done.flatMap((entry) => {
          const code = reasons.get(entry.id);
          return code ? [{ mutationId: entry.id, name: entry.name, args: entry.args, code, rejectedAt }] : [];
        });
        if (rejected.length > 0) await this.db.rejectedChanges.bulkAdd(rejected);
        if (settles) {
          if (rejected.length > 0) await this.db.outbox.bulkDelete(rejected.map((change) => change.mutationId));
          if (pageIds.size > 0 && (done.length > rejected.length || settlingBefore))
            await this.db.pulledPages.add({ acknowledged, rows: Object.fromEntries([...pageIds].map(([table, ids]) => [table, [...ids]])) });
        } else {
          // One range request: 11,000 single-key deletes took 0.7 s after a drain.
          await this.db.outbox.where('id').belowOrEqual(acknowledged).delete();
          await this.db.pulledPages.clear();
        }
        queue = pending.filter((entry) => entry.id > acknowledged);
        // An import is one unit (decision 054): a refused part keeps the whole import on this
        // device, and a discard queued after it takes back what the server stored of it.
        const refused = rejected.map((change) => ({ entry: { id: change.mutationId, name: change.name, args: change.args }, code: change.code }));
        held = refused.length > 0 ? await holdRefusedImports(this.db, refused, [...done, ...queue], rejectedAt) : [];
      }

      const replayed: OutboxEntry[] = [];
      for (const entry of queue) replayed.push({ ...entry, undo: await this.replay(entry) });
      if (replayed.length > 0) await this.db.outbox.bulkPut(replayed);

      await this.db.syncMeta.put({
        ...meta,
        ...identity,
        cursor: response.ownChangesOnly && !ownKept ? meta.cursor : response.cursor,
        lastSyncedAt: response.hasMore ? meta.lastSyncedAt : this.clock().toISOString(),
        // A resync dropped every row: until its last page, the device holds only part of its scope.
        caughtUp: !response.hasMore || (!response.resync && caughtUp(meta)),
      });
      // After the last page nothing settles; before it, what this page left is known if what came before it was.
      const left = settles ? preImages : new Map<string, Map<string, unknown>>();
      if (left) settled = { cursor: response.cursor, clientId: identity.clientId, preImages: left };
      for (const id of held) {
        try {
          await this.queueInTx(await this.metaInTx(), [{ name: 'discardBatchImport', args: { id } }]);
        } catch (error) {
          // Refused here already (a year of its rows is declared): the server would refuse it too.
          if (!isMutationRejection(error)) throw error;
        }
      }
      return 'applied';
    });
    this.settled = settled;
    return outcome;
  }

  /**
   * At a pull's last page, the pre-images of what the settling entries (at or below `upTo`)
   * wrote and no page from their acknowledgement on brought back, in id order. Read one entry
   * at a time: an import's entries hold its lines, and one request for all of them would be one
   * long task.
   */
  private async settledLeftovers(upTo: number): Promise<UndoEntry[][]> {
    const pages = await this.db.pulledPages.orderBy('seq').toArray();
    // The last page that brought back each row, by table.
    const lastPage = new Map<string, Map<string, number>>();
    pages.forEach((page, index) => {
      for (const [table, ids] of Object.entries(page.rows)) {
        let rows = lastPage.get(table);
        if (!rows) lastPage.set(table, (rows = new Map<string, number>()));
        for (const id of ids) rows.set(id, index);
      }
    });
    const left: UndoEntry[][] = [];
    let first = 0;
    await this.db.outbox
      .where('id')
      .belowOrEqual(upTo)
      .each((entry) => {
        // Pages are in order, and so are the ids they acknowledged.
        while (first < pages.length && pages[first]!.acknowledged < entry.id) first++;
        // What no page from its acknowledgement on brought back.
        left.push(rowsOf(entry.undo).filter(({ table, id }) => (lastPage.get(table)?.get(id) ?? -1) < first));
      });
    return left;
  }

  /**
   * Runs a queued mutation again on top of fresh server rows and returns its new pre-images.
   * If it now fails locally (its row is gone, say), its partial effects are taken back and it
   * stays queued: the server has the final word and will report a rejection if it agrees.
   */
  private async replay(entry: OutboxEntry): Promise<UndoEntry[]> {
    const undo = new Map<string, RowUndo>();
    const mutator = findMutator(entry.name);
    if (!mutator) return [];
    try {
      await runMutator(mutator, createLocalTx(this.db, this.userId, undo), entry.args);
    } catch (error) {
      await revert(this.db, [...undo.values()]);
      if (!isMutationRejection(error)) console.error('replaying a queued change failed', entry.name, error);
      return [];
    }
    return compactUndo(undo.values());
  }

  /** Forgets a rejected change the user has seen. */
  dismissRejection(seq: number): Promise<void> {
    return this.db.rejectedChanges.delete(seq);
  }
}
