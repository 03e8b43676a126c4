import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Row, TableName } from '@sync/tables';

// Its own module so the table maps (tables.ts, bookkeeping-tables.ts) share it without importing each other.
/**
 * How each synced table of `sync/tables.ts` is stored on the server: its Drizzle table, the
 * column that carries its scope (the owner's user id, or the company id), the columns a
 * mutator may `list` by, the columns of the row a device sees, and the record a row is stored as.
 */
export interface ServerTable<T extends TableName = TableName> {
  table: PgTable;
  id: AnyPgColumn;
  version: AnyPgColumn;
  scope: AnyPgColumn;
  indexes: Record<string, AnyPgColumn>;
  /**
   * The columns of the synced row a device sees, by its field name. The others (the version,
   * what stays on the server) are never selected for a mutator or a pull, so a selected record
   * is the row as it is.
   */
  rowColumns: Record<string, AnyPgColumn>;
  /** The record to store for a row written by `userId` (user-scoped tables take the owner from here). */
  toRecord(row: Row<T>, userId: string): Record<string, unknown>;
}

/** A table's columns by field name, without those named in `hidden`. */
export function columnsExcept(table: PgTable, hidden: readonly string[]): Record<string, AnyPgColumn> {
  return Object.fromEntries(Object.entries(getTableColumns(table)).filter(([key]) => !hidden.includes(key)));
}
