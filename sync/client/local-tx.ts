import Dexie, { type Transaction } from 'dexie';
import type { ClientMutatorTx, RowRef } from '@sync/mutator';
import type { IndexOf, Row, TableName } from '@sync/tables';
import type { RowUndo, UndoEntry } from './db';

/** A row's key across tables (a batch's rows, pre-images, and the rows `revertAll` leaves as they are). */
export const rowKey = (table: string, id: string) => `${table}\u0000${id}`;

/**
 * Where the local transaction reads and writes: the database (its tables join the Dexie
 * transaction the caller is in, found through Dexie's zone), or the transaction itself, whose
 * tables are bound to it. A burst of mutations uses the latter: between two requests its
 * mutators may run for longer than Dexie's zone follows native awaits, and a request made
 * outside the zone would open a transaction of its own.
 */
export type Tables = Pick<Transaction, 'table'>;

/**
 * What the mutations written in one transaction share (`Replica.mutate`): the rows they read or
 * wrote, kept as IndexedDB would give them back, so a row read again (a transaction changed
 * twice in one burst) is not asked for again, since nothing else writes while the
 * transaction is open; and their puts and deletes, held here and sent in one `bulkPut` and one
 * `bulkDelete` per table (`flush`) instead of a request each. `readAhead` fetches the rows the
 * mutators say they will read in one request per table instead of one round trip each.
 * Whatever reads or writes a table other than through the rows kept here (an index query, an
 * insert that may skip, taking a mutation back) flushes that table's writes first.
 */
export class WriteBatch {
  private readonly rows = new Map<string, unknown>();
  private readonly held = new Map<TableName, Map<string, unknown>>();
  /** Index queries answered, per table, by `index\u0000value`: valid until the batch writes that table. */
  private readonly lists = new Map<TableName, Map<string, unknown[]>>();

  constructor(private readonly db: Tables) {}

  async readAhead(refs: readonly RowRef[]): Promise<void> {
    const byTable = new Map<TableName, Set<string>>();
    for (const [table, id] of refs) {
      if (this.rows.has(rowKey(table, id))) continue;
      const ids = byTable.get(table) ?? new Set<string>();
      byTable.set(table, ids);
      ids.add(id);
    }
    for (const [table, ids] of byTable) {
      const unique = [...ids];
      const found = await this.db.table(table).bulkGet(unique);
      unique.forEach((id, i) => this.rows.set(rowKey(table, id), found[i]));
    }
  }

  /** A copy of the row as it stands (undefined when absent); `miss` when it was never read here. */
  cached(table: TableName, id: string): unknown {
    const key = rowKey(table, id);
    if (!this.rows.has(key)) return miss;
    const row = this.rows.get(key);
    return row === undefined ? undefined : structuredClone(row);
  }

  /** A row read from the database (undefined: absent). */
  fetched(table: TableName, id: string, row: unknown): void {
    this.rows.set(rowKey(table, id), row === undefined ? undefined : structuredClone(row));
  }

  /**
   * The rows whose `index` equals `value`, as copies. Asked again (every edit of a burst checks
   * its company's locked years) it is answered from the first answer while the batch has not
   * written the table since: one request per burst instead of one per mutation.
   */
  async list(table: TableName, index: string, value: string): Promise<unknown[]> {
    const key = `${index}\u0000${value}`;
    let rows = this.lists.get(table)?.get(key);
    if (!rows) {
      await this.flush(table);
      rows = await this.db.table(table).where(index).equals(value).toArray();
      const lists = this.lists.get(table) ?? new Map<string, unknown[]>();
      this.lists.set(table, lists);
      lists.set(key, rows);
    }
    return structuredClone(rows);
  }

  /** The table was written around the batch (an insert that may skip): its index answers are out of date. */
  wroteAround(table: TableName): void {
    this.lists.delete(table);
  }

  /** Writes `row` (undefined: deletes it) at the next flush; kept as a copy, the caller may change its object. */
  write(table: TableName, id: string, row: unknown): void {
    this.lists.delete(table);
    const copy = row === undefined ? undefined : structuredClone(row);
    this.rows.set(rowKey(table, id), copy);
    const writes = this.held.get(table) ?? new Map<string, unknown>();
    this.held.set(table, writes);
    writes.set(id, copy);
  }

  /** The row is no longer known here (written in a way this batch did not follow). */
  unknown(table: TableName, id: string): void {
    this.rows.delete(rowKey(table, id));
  }

  /** Sends the held writes (of `only` that table): the last of each row, one bulkDelete and one bulkPut per table. */
  async flush(only?: TableName): Promise<void> {
    for (const [table, writes] of this.held) {
      if (only !== undefined && table !== only) continue;
      this.held.delete(table);
      const deletes = [...writes].filter(([, row]) => row === undefined).map(([id]) => id);
      const puts = [...writes.values()].filter((row) => row !== undefined);
      if (deletes.length > 0) await this.db.table(table).bulkDelete(deletes);
      if (puts.length > 0) await this.db.table(table).bulkPut(puts);
    }
  }

  /** Flushed, then a mutation's writes were taken back in the database: every kept row may be out of date. */
  forgetAll(): void {
    this.rows.clear();
    this.lists.clear();
  }
}

const miss: unique symbol = Symbol('not read');

/**
 * The client's `MutatorTx` over Dexie, used inside a Dexie transaction. With `undo`, it keeps
 * the first pre-image of every row the mutation writes, so a rebase can revert it later. With
 * `batch`, it shares the reads and writes of the other mutations of its transaction (`WriteBatch`).
 */
export function createLocalTx(db: Tables, userId: string | null, undo: Map<string, RowUndo> | null, batch?: WriteBatch): ClientMutatorTx {
  // Rows this mutation read before writing them are their pre-images: kept (as copies, in
  // case the mutator changes the object it got) so the undo log need not read them again.
  const read = new Map<string, unknown>();
  function noteRead(table: TableName, ids: readonly string[], rows: readonly unknown[]) {
    if (!undo) return;
    ids.forEach((id, i) => {
      const key = rowKey(table, id);
      if (!undo.has(key) && !read.has(key)) read.set(key, rows[i] === undefined ? null : structuredClone(rows[i]));
    });
  }

  async function fetchRows<T extends TableName>(table: T, ids: readonly string[]): Promise<(Row<T> | undefined)[]> {
    const rows = ids.map((id) => (batch ? batch.cached(table, id) : miss)) as (Row<T> | undefined | typeof miss)[];
    const missing = ids.filter((_, i) => rows[i] === miss);
    if (missing.length > 0) {
      const found = (await db.table(table).bulkGet(missing)) as (Row<T> | undefined)[];
      missing.forEach((id, i) => batch?.fetched(table, id, found[i]));
      let next = 0;
      rows.forEach((row, i) => {
        if (row === miss) rows[i] = found[next++];
      });
    }
    return rows as (Row<T> | undefined)[];
  }

  async function remember(table: TableName, id: string) {
    if (!undo) return;
    const key = rowKey(table, id);
    if (undo.has(key)) return;
    const before = read.has(key) ? read.get(key) : (((await fetchRows(table, [id]))[0] as unknown) ?? null);
    undo.set(key, { table, id, before });
  }

  return {
    location: 'client',
    userId,
    async get<T extends TableName>(table: T, id: string) {
      const [row] = await fetchRows(table, [id]);
      noteRead(table, [id], [row]);
      return row;
    },
    async getMany<T extends TableName>(table: T, ids: readonly string[]) {
      const rows = await fetchRows(table, ids);
      noteRead(table, ids, rows);
      return rows;
    },
    async put<T extends TableName>(table: T, row: Row<T>) {
      await remember(table, row.id);
      if (batch) batch.write(table, row.id, row);
      else await db.table(table).put(row);
    },
    async putMany<T extends TableName>(table: T, rows: readonly Row<T>[]) {
      if (undo) {
        const fresh = rows.filter((row) => !undo.has(rowKey(table, row.id)));
        const unread = fresh.filter((row) => !read.has(rowKey(table, row.id)));
        const fetched = await fetchRows(
          table,
          unread.map((row) => row.id),
        );
        unread.forEach((row, i) => read.set(rowKey(table, row.id), fetched[i] ?? null));
        for (const row of fresh) undo.set(rowKey(table, row.id), { table, id: row.id, before: read.get(rowKey(table, row.id)) });
      }
      if (batch) for (const row of rows) batch.write(table, row.id, row);
      else await db.table(table).bulkPut(rows as Row<T>[]);
    },
    async insertAbsent<T extends TableName>(table: T, rows: readonly Row<T>[]) {
      // bulkAdd writes every row whose key is free; a taken key fails alone (ConstraintError),
      // and catching the BulkError here keeps the transaction going. No pre-image to read: a
      // row it inserts was absent, one it skips is untouched.
      const skipped = new Set<number>();
      await batch?.flush(table);
      batch?.wroteAround(table);
      try {
        await db.table(table).bulkAdd(rows as Row<T>[]);
      } catch (error) {
        if (!(error instanceof Dexie.BulkError)) throw error;
        for (const [position, failure] of Object.entries(error.failuresByPos)) {
          if (failure.name !== 'ConstraintError') throw error;
          skipped.add(Number(position));
        }
      }
      rows.forEach((row, position) => {
        if (skipped.has(position)) batch?.unknown(table, row.id);
        else batch?.fetched(table, row.id, row);
      });
      if (!undo) return;
      rows.forEach((row, position) => {
        const key = rowKey(table, row.id);
        if (!skipped.has(position) && !undo.has(key)) undo.set(key, { table, id: row.id, before: null });
      });
    },
    async delete(table: TableName, id: string) {
      await remember(table, id);
      if (batch) batch.write(table, id, undefined);
      else await db.table(table).delete(id);
    },
    async list<T extends TableName>(table: T, index: IndexOf<T>, value: string) {
      if (batch) return (await batch.list(table, index, value)) as Row<T>[];
      return (await db.table(table).where(index).equals(value).toArray()) as Row<T>[];
    },
  };
}

/**
 * A mutation's pre-images as stored in its outbox entry, in write order: each run of rows it
 * inserted (pre-image null) on one table becomes one entry listing their ids.
 */
export function compactUndo(undo: Iterable<RowUndo>): UndoEntry[] {
  const entries: UndoEntry[] = [];
  let run: { table: RowUndo['table']; inserted: string[] } | null = null;
  for (const entry of undo) {
    if (entry.before !== null) {
      entries.push(entry);
      run = null;
    } else if (run && run.table === entry.table) run.inserted.push(entry.id);
    else entries.push((run = { table: entry.table, inserted: [entry.id] }));
  }
  // A run of one stays a plain pre-image.
  return entries.map((entry) => ('inserted' in entry && entry.inserted.length === 1 ? { table: entry.table, id: entry.inserted[0]!, before: null } : entry));
}

/** The pre-images of an outbox entry, one per row, in write order. */
export function rowsOf(undo: readonly UndoEntry[]): RowUndo[] {
  return undo.flatMap((entry) => ('inserted' in entry ? entry.inserted.map((id) => ({ table: entry.table, id, before: null })) : [entry]));
}

/** Takes a mutation's effects back, newest first (its pre-images are in write order). */
export async function revert(db: Tables, undo: readonly UndoEntry[]): Promise<void> {
  const rows = rowsOf(undo);
  for (let i = rows.length - 1; i >= 0; i--) {
    const { table, id, before } = rows[i]!;
    if (before === null) await db.table(table).delete(id);
    else await db.table(table).put(before);
  }
}

/**
 * Takes back the effects of several mutations at once, as reverting each of them newest first
 * would: every row ends at the pre-image of the oldest mutation that wrote it. One `bulkPut` and
 * one `bulkDelete` per table instead of one request per row: a rebase after a 10,000-change
 * drain reverts 10,000 rows. Rows in `overwritten` (their ids by table) are left as they are:
 * the caller writes them next in the same transaction, or finds them already as it would write
 * them, so their pre-images would never be seen.
 */
export async function revertAll(
  db: Tables,
  undoLists: readonly (readonly UndoEntry[])[],
  overwritten: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): Promise<void> {
  const oldest = new Map<string, RowUndo>();
  for (const undo of undoLists) {
    for (const entry of rowsOf(undo)) {
      const key = rowKey(entry.table, entry.id);
      if (!oldest.has(key) && !overwritten.get(entry.table)?.has(entry.id)) oldest.set(key, entry);
    }
  }
  const byTable = new Map<TableName, { puts: unknown[]; deletes: string[] }>();
  for (const { table, id, before } of oldest.values()) {
    let changes = byTable.get(table);
    if (!changes) byTable.set(table, (changes = { puts: [], deletes: [] }));
    if (before === null) changes.deletes.push(id);
    else changes.puts.push(before);
  }
  for (const [table, { puts, deletes }] of byTable) {
    // Dexie's change feed files every deleted key in a range tree: sorted, it builds it several
    // times faster, and in slices no single task builds it for an import's 50,000 rows.
    deletes.sort();
    for (let start = 0; start < deletes.length; start += revertSlice) await db.table(table).bulkDelete(deletes.slice(start, start + revertSlice));
    // In slices, like a pull page's rows (see `Replica.applyPull`).
    for (let start = 0; start < puts.length; start += revertSlice) await db.table(table).bulkPut(puts.slice(start, start + revertSlice));
  }
}

const revertSlice = 250;
