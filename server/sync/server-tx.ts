import { setImmediate } from 'node:timers/promises';
import { and, eq, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import { firstOfEachId, reject, type ServerMutatorTx } from '@sync/mutator';
import type { IndexOf, Row, TableName } from '@sync/tables';
import type { Db } from '../db/client';
import { syncTombstones } from '../db/schema/sync';
import type { CompanyRole } from './scope';
import { bookkeepingChecks } from './bookkeeping-checks';
import { checkRow } from './row-check';
import type { ServerTable } from './server-table';
import { insertAbsentRows, upsertRows } from './set-writes';
import { scopeOf, serverTables } from './tables';

/**
 * The server's `MutatorTx` on a database transaction. Scope is enforced here, in every
 * query, so no mutator can forget it: reads only see the caller's rows; a write of a row of
 * another user, of a company that is not the caller's, or moving a row to another company
 * is rejected with `forbidden`, a delete of a row the caller cannot see with `not_found`. `touched` collects the scope ids written, to poke their users.
 */
/** The record key (Drizzle field name) of a table's scope column. */
function scopeKey(spec: ServerTable): string {
  return Object.entries(getTableColumns(spec.table)).find(([, column]) => column === spec.scope)![0];
}

// Ids per read: a bounded statement whatever the size of a bulk change.
const readChunk = 1000;

/**
 * Rows checked between two turns of the event loop. Checking a push step's 500 imported rows
 * (`checkRow`, then the record) was most of one block of the event loop (a step held it 17–30 ms
 * on a slow 2-core machine, decision 077), and a short request of another person needs a few
 * turns of the loop, each of which could wait behind such a block; slices of 100 rows bound
 * what the check adds to each wait to a fifth (decision 073).
 */
export const checkSliceRows = 100;

/** A prepared write: the row as the mutator wrote it (validated) and the record to store. */
export interface PreparedRow<T extends TableName = TableName> {
  row: Row<T>;
  record: Record<string, unknown>;
}

/** `put` replaces a row of the caller's scope (another scope's id refuses); `absent` inserts only ids not stored anywhere. */
export type StoreMode = 'put' | 'absent';

/**
 * The server's `MutatorTx` plus the two halves of its `put`, for the batching layer of a push
 * (`batched-tx.ts`): `prepare` validates rows and checks their scope (throwing the mutation's
 * refusal), `store` writes prepared rows (refusing `forbidden` when an id belongs to another scope).
 */
export interface ServerStore {
  tx: ServerMutatorTx;
  /** `held`: the row of an id as the caller already holds it (checked before), if it does. */
  prepare<T extends TableName>(table: T, rows: readonly Row<T>[], held?: (id: string) => Row<T> | undefined): Promise<PreparedRow<T>[]>;
  store(table: TableName, records: readonly Record<string, unknown>[], mode?: StoreMode): Promise<void>;
  /** True when a row of this id was deleted from (or moved out of) the caller's scope within the tombstone retention. */
  deletedInScope(table: TableName, id: string): Promise<boolean>;
}

export function createServerStore(db: Db, userId: string, roles: Map<string, CompanyRole>, touched: Set<string>): ServerStore {
  const companyIds = [...roles.keys()];

  function inScope(table: TableName): SQL | null {
    const spec = serverTables[table];
    if (scopeOf(table) === 'user') return eq(spec.scope, userId);
    return companyIds.length > 0 ? inArray(spec.scope, companyIds) : null;
  }

  async function select<T extends TableName>(table: T, where: SQL): Promise<Row<T>[]> {
    const scope = inScope(table);
    if (!scope) return [];
    const spec = serverTables[table];
    return (await db.select(spec.rowColumns).from(spec.table).where(and(where, scope))) as Row<T>[];
  }

  async function deletedInScope(table: TableName, id: string): Promise<boolean> {
    const scopes = scopeOf(table) === 'user' ? [userId] : companyIds;
    if (scopes.length === 0) return false;
    const [tombstone] = await db
      .select({ rowId: syncTombstones.rowId })
      .from(syncTombstones)
      .where(and(eq(syncTombstones.tableName, getTableName(serverTables[table].table)), eq(syncTombstones.rowId, id), inArray(syncTombstones.scopeId, scopes)))
      .limit(1);
    return tombstone !== undefined;
  }

  async function prepare<T extends TableName>(table: T, rows: readonly Row<T>[], held?: (id: string) => Row<T> | undefined): Promise<PreparedRow<T>[]> {
    const unique = [...new Map(rows.map((row) => [row.id, row])).values()];
    const prepared: PreparedRow<T>[] = [];
    // The last new row checked: every field of it was parsed, by itself or by the rows before it.
    let checkedNew: Row<T> | undefined;
    for (const row of unique) {
      if (prepared.length > 0 && prepared.length % checkSliceRows === 0) await setImmediate();
      // A mutator's row is checked like any input (`row-check.ts`), against the stored row of its
      // id, or, for a new row, against the new row checked before it: the rows of one write share
      // most of their values (an import's lines their company, account, import and times).
      const stored = held?.(row.id);
      const parsed = checkRow(table, row, stored ?? checkedNew) ?? reject('invalid');
      if (!stored) checkedNew = parsed;
      const scopeValue = scopeOf(table) === 'user' ? userId : String((parsed as { companyId: string }).companyId);
      if (scopeOf(table) === 'company' && !roles.has(scopeValue)) reject('forbidden');
      touched.add(scopeValue);
      prepared.push({ row: parsed, record: serverTables[table].toRecord(parsed, userId) });
    }
    return prepared;
  }

  async function upsert<T extends TableName>(table: T, rows: readonly Row<T>[]) {
    if (rows.length === 0) return;
    await store(
      table,
      (await prepare(table, rows)).map((prepared) => prepared.record),
    );
  }

  async function store(table: TableName, records: readonly Record<string, unknown>[], mode: StoreMode = 'put') {
    if (records.length === 0) return;
    const spec = serverTables[table];
    // A taken id, in any scope, is left as it is: nothing is read, nothing overwritten.
    if (mode === 'absent') return insertAbsentRows(db, spec, records);
    if (records.length === 1) {
      // One row is usually an edit of an existing one: a plain UPDATE in the row's scope skips
      // the insert attempt (and its trigger); only when it finds nothing does the insert run.
      const { id: rowId, ...changes } = records[0]!;
      const scopeValue = String(records[0]![scopeKey(spec)]);
      const updated = await db
        .update(spec.table)
        .set(changes as never)
        .where(and(eq(spec.id, rowId), eq(spec.scope, scopeValue)))
        .returning({ id: spec.id });
      if (updated.length === 1) return;
    }
    // The update branch only fires on a row of the same scope: an id owned by someone else
    // (or a row moved to another company) updates nothing and the mutation is refused.
    if ((await upsertRows(db, spec, records)) !== records.length) reject('forbidden');
  }

  const tx: ServerMutatorTx = {
    location: 'server',
    userId,
    checks: {
      companyRole: async (companyId) => roles.get(companyId) ?? null,
      ...bookkeepingChecks(db, companyIds),
    },
    async getMany<T extends TableName>(table: T, ids: readonly string[]) {
      if (ids.length === 0) return [];
      const byId = new Map<string, Row<T>>();
      for (let start = 0; start < ids.length; start += readChunk) {
        // One array parameter, not one bind parameter per id: a push reads its 500 edited rows
        // here, and building and binding 500 parameters cost more than the lookup.
        const { id } = serverTables[table];
        const rows = await select(table, sql`${id} = any(${sql.param(ids.slice(start, start + readChunk))}::${sql.raw(id.getSQLType())}[])`);
        for (const row of rows) byId.set(row.id, row);
      }
      return ids.map((id) => byId.get(id));
    },
    async get<T extends TableName>(table: T, id: string) {
      const [row] = await select(table, eq(serverTables[table].id, id));
      return row;
    },
    async list<T extends TableName>(table: T, index: IndexOf<T>, value: string) {
      const column = serverTables[table].indexes[index];
      if (!column) throw new Error(`${table}.${index} is not a listed index`);
      return select(table, eq(column, value));
    },
    put<T extends TableName>(table: T, row: Row<T>) {
      return upsert(table, [row]);
    },
    putMany<T extends TableName>(table: T, rows: readonly Row<T>[]) {
      return upsert(table, rows);
    },
    async insertAbsent<T extends TableName>(table: T, rows: readonly Row<T>[]) {
      await store(
        table,
        (await prepare(table, firstOfEachId(rows))).map((prepared) => prepared.record),
        'absent',
      );
    },
    async delete(table: TableName, id: string) {
      const scope = inScope(table);
      const spec = serverTables[table];
      const deleted = scope
        ? await db
            .delete(spec.table)
            .where(and(eq(spec.id, id), scope))
            .returning({ scope: spec.scope })
        : [];
      for (const { scope: value } of deleted) touched.add(String(value));
      // Nothing to delete: fine when the row was in the caller's scope and is already gone (another
      // device deleted it; its tombstone says so), refused otherwise: someone else's row, or none.
      if (deleted.length === 0 && !(await deletedInScope(table, id))) reject('not_found');
    },
  };
  return { tx, prepare, store, deletedInScope };
}
