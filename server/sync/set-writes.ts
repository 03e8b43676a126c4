import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { ServerTable } from './server-table';

/**
 * Set-based writes of a push: many rows of one table in one statement whose rows come from a
 * single `json` parameter (`json_to_recordset`), instead of one bind parameter per value.
 * Drizzle's multi-row `values()` built 16 parameters per transaction and checked each of them
 * (a 1,000-line import chunk: 16,000 values), which cost more than the statement; one JSON text
 * costs one `JSON.stringify`, whatever the number of rows. `json` rather than `jsonb`: the text
 * is read once, row by row, with no binary form built first (PostgreSQL's time to read 1,000
 * import lines from it: 7.1 ms against 10.5).
 *
 * Rows are produced in the order of the array (a function scan, nothing to sort), so each row's
 * triggers fire in the order the mutations wrote them, and versions come out as if every write
 * had been stored at once (decision 004 "Throughput"; the model-based tests compare pages exactly).
 */

interface Column {
  key: string;
  name: string;
  type: string;
}

const columnsOf = new WeakMap<ServerTable, Column[]>();

/** The table's columns a record may carry (all but `version`, which only the sync trigger writes). */
function columns(spec: ServerTable): Column[] {
  let list = columnsOf.get(spec);
  if (!list) {
    list = Object.entries(getTableColumns(spec.table))
      .filter(([, column]) => column !== spec.version)
      .map(([key, column]) => ({ key, name: column.name, type: column.getSQLType() }));
    columnsOf.set(spec, list);
  }
  return list;
}

/**
 * Rows from which a write sends the values they all share apart (`rowsOf`). The statement's text
 * then depends on which columns those are, and the pool names each text it sees for good
 * (named-statements.ts): the ordinary writes of a push keep one text per table and columns.
 */
const sharedValuesFrom = 100;

/**
 * The rows as a `select` over one JSON parameter, and the columns it yields: those the records
 * carry (records of one table all have the same keys; a column none carries keeps its default).
 * In a write of `sharedValuesFrom` rows or more, a column with one plain value in every record
 * (an import's company, account, batch and dates: ten of a line's sixteen columns) goes as one
 * parameter instead of once per row in the JSON, which PostgreSQL reads row by row.
 */
function rowsOf(spec: ServerTable, records: readonly Record<string, unknown>[]): { names: SQL; select: SQL } {
  const present = columns(spec).filter((column) => column.key in records[0]!);
  const valueOf = (record: Record<string, unknown>, column: Column) => record[column.key] ?? null;
  // Never the id: records written in one statement differ by it, and the JSON needs a column.
  // A JSON column's value is JSON itself: as a parameter it would be read as JSON text.
  const sharable = (column: Column, value: unknown) =>
    column.name !== spec.id.name && (value === null || (typeof value !== 'object' && !column.type.startsWith('json')));
  // Each shared column with its one value.
  const shared = new Map<Column, unknown>();
  if (records.length >= sharedValuesFrom) {
    for (const column of present) {
      const value = valueOf(records[0]!, column);
      if (sharable(column, value) && records.every((record) => valueOf(record, column) === value)) shared.set(column, value);
    }
  }
  const perRow = present.filter((column) => !shared.has(column));
  // Each row's object built by assignment, half the time of `Object.fromEntries` over its pairs.
  const json = JSON.stringify(
    records.map((record) => {
      const row: Record<string, unknown> = {};
      for (const column of perRow) row[column.name] = valueOf(record, column);
      return row;
    }),
  );
  const names = sql.join(
    present.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const values = sql.join(
    present.map((column) => (shared.has(column) ? sql`${shared.get(column)}::${sql.raw(column.type)}` : sql.identifier(column.name))),
    sql`, `,
  );
  const definitions = sql.raw(perRow.map((column) => `"${column.name}" ${column.type}`).join(', '));
  return { names, select: sql`select ${values} from json_to_recordset(${json}::json) as r(${definitions})` };
}

/** Inserts the rows whose id is not taken (in any scope); a taken id is left as it is. */
export async function insertAbsentRows(db: Db, spec: ServerTable, records: readonly Record<string, unknown>[]): Promise<void> {
  const { names, select } = rowsOf(spec, records);
  await db.execute(sql`insert into ${spec.table} (${names}) ${select} on conflict (${sql.identifier(spec.id.name)}) do nothing`);
}

/**
 * Inserts or replaces the rows; the update branch only fires on a row of the same scope, so an
 * id owned by another scope (or a row moved to another scope) is not written. Returns how many
 * rows were written: fewer than given means such an id was met.
 */
export async function upsertRows(db: Db, spec: ServerTable, records: readonly Record<string, unknown>[]): Promise<number> {
  const { names, select } = rowsOf(spec, records);
  const present = columns(spec).filter((column) => column.key in records[0]! && column.name !== spec.id.name);
  const set = sql.raw(present.map((column) => `"${column.name}" = excluded."${column.name}"`).join(', '));
  const scope = sql.identifier(spec.scope.name);
  const result = (await db.execute(sql`
    insert into ${spec.table} (${names}) ${select}
    on conflict (${sql.identifier(spec.id.name)}) do update set ${set}
    where ${spec.table}.${scope} = excluded.${scope}
    returning 1`)) as { rows: unknown[] };
  return result.rows.length;
}
