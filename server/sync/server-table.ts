import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Row, TableName } from '@sync/tables';

// Its own module so the table maps (tables.ts, bookkeeping-tables.ts) share it without importing each other.
/**
 * How each synced table of `sync/tables.ts` is stored on the server: its Drizzle table, the
 * column that carries its scope (the owner's user id, or the company id), the columns a
 * mutator may `list` by, and the row ⇄ record mapping.
 */
export interface ServerTable<T extends TableName = TableName> {
  table: PgTable;
  id: AnyPgColumn;
  version: AnyPgColumn;
  scope: AnyPgColumn;
  indexes: Record<string, AnyPgColumn>;
  /** The synced row a device sees, from a selected record. */
  toRow(record: Record<string, unknown>): Row<T>;
  /** The record to store for a row written by `userId` (user-scoped tables take the owner from here). */
  toRecord(row: Row<T>, userId: string): Record<string, unknown>;
}
