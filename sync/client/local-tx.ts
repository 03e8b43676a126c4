import Dexie from 'dexie';
import type { ClientMutatorTx } from '@sync/mutator';
import type { IndexOf, Row, TableName } from '@sync/tables';
import type { RowUndo, UndoEntry } from './db';

/**
 * The client's `MutatorTx` over Dexie, used inside a Dexie transaction. With `undo`, it keeps
 * the first pre-image of every row the mutation writes, so a rebase can revert it later.
 */
export function createLocalTx(db: Dexie, userId: string | null, undo: Map<string, RowUndo> | null): ClientMutatorTx {
  // Rows this mutation read before writing them are their pre-images: kept (as copies, in
  // case the mutator changes the object it got) so the undo log need not read them again.
  const read = new Map<string, unknown>();
  function noteRead(table: TableName, ids: readonly string[], rows: readonly unknown[]) {
    if (!undo) return;
    ids.forEach((id, i) => {
      const key = `${table}\u0000${id}`;
      if (!undo.has(key) && !read.has(key)) read.set(key, rows[i] === undefined ? null : structuredClone(rows[i]));
    });
  }

  async function remember(table: TableName, id: string) {
    if (!undo) return;
    const key = `${table}\u0000${id}`;
    if (undo.has(key)) return;
    const before = read.has(key) ? read.get(key) : ((await db.table(table).get(id)) ?? null);
    undo.set(key, { table, id, before });
  }

  return {
    location: 'client',
    userId,
    async get<T extends TableName>(table: T, id: string) {
      const row = await db.table<Row<T>, string>(table).get(id);
      noteRead(table, [id], [row]);
      return row;
    },
    async getMany<T extends TableName>(table: T, ids: readonly string[]) {
      const rows = await db.table<Row<T>, string>(table).bulkGet([...ids]);
      noteRead(table, ids, rows);
      return rows;
    },
    async put<T extends TableName>(table: T, row: Row<T>) {
      await remember(table, row.id);
      await db.table(table).put(row);
    },
    async putMany<T extends TableName>(table: T, rows: readonly Row<T>[]) {
      if (undo) {
        const fresh = rows.filter((row) => !undo.has(`${table}\u0000${row.id}`));
        const unread = fresh.filter((row) => !read.has(`${table}\u0000${row.id}`));
        const fetched = await db.table(table).bulkGet(unread.map((row) => row.id));
        unread.forEach((row, i) => read.set(`${table}\u0000${row.id}`, fetched[i] ?? null));
        for (const row of fresh) undo.set(`${table}\u0000${row.id}`, { table, id: row.id, before: read.get(`${table}\u0000${row.id}`) });
      }
      await db.table(table).bulkPut(rows as Row<T>[]);
    },
    async insertAbsent<T extends TableName>(table: T, rows: readonly Row<T>[]) {
      // bulkAdd writes every row whose key is free; a taken key fails alone (ConstraintError),
      // and catching the BulkError here keeps the transaction going. No pre-image to read: a
      // row it inserts was absent, one it skips is untouched.
      const skipped = new Set<number>();
      try {
        await db.table(table).bulkAdd(rows as Row<T>[]);
      } catch (error) {
        if (!(error instanceof Dexie.BulkError)) throw error;
        for (const [position, failure] of Object.entries(error.failuresByPos)) {
          if (failure.name !== 'ConstraintError') throw error;
          skipped.add(Number(position));
        }
      }
      if (!undo) return;
      rows.forEach((row, position) => {
        const key = `${table}\u0000${row.id}`;
        if (!skipped.has(position) && !undo.has(key)) undo.set(key, { table, id: row.id, before: null });
      });
    },
    async delete(table: TableName, id: string) {
      await remember(table, id);
      await db.table(table).delete(id);
    },
    list: <T extends TableName>(table: T, index: IndexOf<T>, value: string) =>
      db.table<Row<T>, string>(table).where(index).equals(value).toArray(),
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
function rowsOf(undo: readonly UndoEntry[]): RowUndo[] {
  return undo.flatMap((entry) => ('inserted' in entry ? entry.inserted.map((id) => ({ table: entry.table, id, before: null })) : [entry]));
}

/** Takes a mutation's effects back, newest first (its pre-images are in write order). */
export async function revert(db: Dexie, undo: readonly UndoEntry[]): Promise<void> {
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
 * drain reverts 10,000 rows.
 */
export async function revertAll(db: Dexie, undoLists: readonly (readonly UndoEntry[])[]): Promise<void> {
  const oldest = new Map<string, RowUndo>();
  for (const undo of undoLists) {
    for (const entry of rowsOf(undo)) {
      const key = `${entry.table}\u0000${entry.id}`;
      if (!oldest.has(key)) oldest.set(key, entry);
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
    if (deletes.length > 0) await db.table(table).bulkDelete(deletes);
    // In slices, like a pull page's rows (see `Replica.applyPull`).
    for (let start = 0; start < puts.length; start += revertSlice) await db.table(table).bulkPut(puts.slice(start, start + revertSlice));
  }
}

const revertSlice = 1000;
