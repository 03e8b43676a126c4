import { firstOfEachId, reject, type RowRef, type ServerMutatorTx } from '@sync/mutator';
import type { IndexOf, Row, TableName } from '@sync/tables';
import type { PreparedRow, ServerStore, StoreMode } from './server-tx';

/**
 * The `MutatorTx` of a push batch that runs without savepoints (see `applyPush`): it keeps a
 * batch of 500 edits from costing 1,000 statements.
 *
 * - Reads go through a per-push row cache, filled ahead for the whole batch from the
 *   mutators' `reads` hints (one query per table) and on a miss.
 * - Writes are validated and scope-checked at once (a refusal is the mutation's own) but only
 *   staged; when the mutation succeeds they join the batch's pending writes, in the order they
 *   were made, and `flush` stores them with one multi-row statement per run of one table (a row
 *   written again starts a new run: the database and its triggers see every state a row went
 *   through, as if each mutation had been stored at once — the receipt-orphan trigger needs the
 *   replaced key). A refused mutation's staged writes are simply dropped: nothing to roll back.
 * - An `insertAbsent` write is staged like a put, but what it leaves in the database is not
 *   known until it is stored (the id may be taken): a later read of such a row first stores the
 *   pending writes, then reads it.
 * - A `delete` or a `list` first stores everything pending (both need the database to be
 *   current); from then on the mutation has reached the database, and if it is refused after
 *   that, `discard` says so and the batch runs again with savepoints.
 *
 * This is sound because the push holds the sync write lock of every scope the user sees
 * (`write-lock.ts`): no other writer changes rows it can read until it commits, so what it read stays true but for its own writes, which update the cache.
 * Writes are stored in the order they were made, so row versions come out as if each write had
 * been stored at once (the model-based tests compare pages exactly).
 */
export interface BatchedTx {
  /** What the current mutation runs on. */
  readonly tx: ServerMutatorTx;
  /** Reads these rows of the caller's scope into the cache: one query per table. */
  readAhead(refs: readonly RowRef[]): Promise<void>;
  /** The current mutation succeeded: its writes join the pending ones. */
  commit(): void;
  /**
   * The current mutation was refused: its staged writes are dropped. Returns false when it had
   * already written to the database (a `delete`, or a `list` after its own writes), which only
   * a savepoint could take back.
   */
  discard(): boolean;
  /** Stores every pending write. A failure is wrapped in `BatchFlushFailed`. */
  flush(): Promise<void>;
}

/**
 * Storing pending writes failed: an id of another scope, a constraint, or the database itself.
 * It cannot be pinned on one mutation, so the batch runs again with savepoints (or, for a
 * transient failure, which `classifyFailure` finds through `cause`, the client retries).
 */
export class BatchFlushFailed extends Error {
  constructor(cause: unknown) {
    super('storing the batched writes failed', { cause });
  }
}

interface Write {
  table: TableName;
  prepared: PreparedRow;
  mode: StoreMode;
}

const keyOf = (table: TableName, id: string) => `${table}\u0000${id}`;

export function createBatchedTx(store: ServerStore): BatchedTx {
  const base = store.tx;
  /** What this push sees of a row: the row, or null when it is absent from the caller's scope. */
  const cache = new Map<string, Row<TableName> | null>();
  /** Writes of succeeded mutations not stored yet, in the order they were made. */
  const pending: Write[] = [];
  /** The current mutation's writes. */
  let staged = new Map<string, Write>();
  /** Rows whose last pending write is an `insertAbsent`: their state is known once stored. */
  const uncertain = new Set<string>();
  let reachedDatabase = false;

  /** The row as the current mutation sees it; undefined when this push has not read it yet (or cannot know it before storing). */
  function known(key: string): Row<TableName> | null | undefined {
    const write = staged.get(key);
    if (write) return write.mode === 'absent' ? undefined : write.prepared.row;
    if (uncertain.has(key)) return undefined;
    return cache.get(key);
  }

  function stage(table: TableName, prepared: PreparedRow[], mode: StoreMode) {
    for (const write of prepared) {
      const key = keyOf(table, write.row.id);
      // A row this push knows is in the caller's scope stays as it is.
      if (mode === 'absent' && known(key)) continue;
      // Re-inserted so the map keeps the order of last writes.
      staged.delete(key);
      staged.set(key, { table, prepared: write, mode });
    }
  }

  /** What the cache knows of a row once this write is pending or stored. */
  function settle(key: string, write: Write) {
    if (write.mode === 'absent') {
      cache.delete(key);
      uncertain.add(key);
    } else {
      uncertain.delete(key);
      cache.set(key, write.prepared.row);
    }
  }

  async function storeInOrder(writes: Write[]) {
    try {
      for (let start = 0; start < writes.length;) {
        const { table, mode } = writes[start]!;
        // One INSERT … ON CONFLICT cannot change a row twice: a repeated row starts the next run.
        const ids = new Set<string>();
        let end = start;
        while (end < writes.length && writes[end]!.table === table && writes[end]!.mode === mode && !ids.has(writes[end]!.prepared.row.id)) {
          ids.add(writes[end]!.prepared.row.id);
          end++;
        }
        await store.store(
          table,
          writes.slice(start, end).map((write) => write.prepared.record),
          mode,
        );
        start = end;
      }
    } catch (error) {
      throw new BatchFlushFailed(error);
    }
  }

  /** Stores the pending writes and, when `withStaged`, the current mutation's too. */
  async function storePending(withStaged: boolean) {
    const writes = pending.splice(0);
    if (withStaged && staged.size > 0) {
      reachedDatabase = true;
      for (const [key, write] of staged) {
        settle(key, write);
        writes.push(write);
      }
      staged = new Map();
    }
    if (writes.length > 0) await storeInOrder(writes);
    // Stored: what an insertAbsent left is read from the database when asked for.
    uncertain.clear();
  }

  async function fetch(table: TableName, ids: readonly string[]) {
    const unknown = [...new Set(ids.filter((id) => known(keyOf(table, id)) === undefined))];
    if (unknown.length === 0) return;
    const keys = unknown.map((id) => keyOf(table, id));
    if (keys.some((key) => staged.get(key)?.mode === 'absent')) await storePending(true);
    else if (keys.some((key) => uncertain.has(key))) await storePending(false);
    const rows = await base.getMany(table, unknown);
    unknown.forEach((id, i) => cache.set(keyOf(table, id), rows[i] ?? null));
  }

  /** The rows of a table this push holds, as checked when read or written: an edit of one has only its changes checked. */
  const held =
    <T extends TableName>(table: T) =>
    (id: string) =>
      (known(keyOf(table, id)) ?? undefined) as Row<T> | undefined;

  const tx: ServerMutatorTx = {
    location: 'server',
    userId: base.userId,
    checks: base.checks,
    async get<T extends TableName>(table: T, id: string) {
      await fetch(table, [id]);
      return (known(keyOf(table, id)) ?? undefined) as Row<T> | undefined;
    },
    async getMany<T extends TableName>(table: T, ids: readonly string[]) {
      await fetch(table, ids);
      return ids.map((id) => (known(keyOf(table, id)) ?? undefined) as Row<T> | undefined);
    },
    async put<T extends TableName>(table: T, row: Row<T>) {
      stage(table, await store.prepare(table, [row], held(table)), 'put');
    },
    async putMany<T extends TableName>(table: T, rows: readonly Row<T>[]) {
      stage(table, await store.prepare(table, rows, held(table)), 'put');
    },
    async insertAbsent<T extends TableName>(table: T, rows: readonly Row<T>[]) {
      stage(table, await store.prepare(table, firstOfEachId(rows)), 'absent');
    },
    async delete(table: TableName, id: string) {
      const key = keyOf(table, id);
      // Known to be absent from the caller's scope: as on the database, done when it was deleted
      // there already, refused otherwise (decided before anything reaches the database).
      if (known(key) === null) {
        if (!(await store.deletedInScope(table, id))) reject('not_found');
        return;
      }
      await storePending(true);
      reachedDatabase = true;
      await base.delete(table, id);
      cache.set(key, null);
    },
    async list<T extends TableName>(table: T, index: IndexOf<T>, value: string) {
      await storePending(true);
      return base.list(table, index, value);
    },
  };

  return {
    tx,
    async readAhead(refs) {
      const byTable = new Map<TableName, string[]>();
      for (const [table, id] of refs) {
        let ids = byTable.get(table);
        if (!ids) byTable.set(table, (ids = []));
        ids.push(id);
      }
      for (const [table, ids] of byTable) await fetch(table, ids);
    },
    commit() {
      for (const [key, write] of staged) {
        settle(key, write);
        pending.push(write);
      }
      staged = new Map();
      reachedDatabase = false;
    },
    discard() {
      staged = new Map();
      const clean = !reachedDatabase;
      reachedDatabase = false;
      return clean;
    },
    flush: () => storePending(false),
  };
}
