import { bigint, index, pgSequence, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The change sequence: every write of a synced row takes the next value into the row's
 * `version` (triggers installed by `sync_track_table`, see migrations `sync_triggers` and
 * `scope_sync`). Versions of one scope become visible in increasing order (its write lock), so
 * a pull cursor keeps a position in this sequence per scope (`server/sync/cursor.ts`).
 */
export const syncVersion = pgSequence('sync_version', { startWith: 1 });

/**
 * One row per (device database, user): the last mutation of that client the server has
 * processed. It is updated in the same transaction as the mutations' effects, so a mutation
 * is applied exactly once however many times it is pushed.
 */
export const syncClients = pgTable(
  'sync_clients',
  {
    clientId: uuid('client_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMutationId: bigint('last_mutation_id', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.userId] })],
);

/** Mutations the server refused for good, kept so a pull can tell the client why (purged after the retention window). */
export const syncRejections = pgTable(
  'sync_rejections',
  {
    clientId: uuid('client_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutationId: bigint('mutation_id', { mode: 'number' }).notNull(),
    mutationName: text('mutation_name').notNull(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.userId, table.mutationId] }), index('sync_rejections_created_idx').on(table.createdAt)],
);

/**
 * Deleted synced rows, so a pull can tell devices to drop them. `scopeId` is the user id of a
 * user-scoped row or the company id of a company row, as it was when the row was deleted (or
 * moved out of that scope). One per row and scope: an id deleted in one scope and created in
 * another must still be dropped by the devices of the first.
 */
export const syncTombstones = pgTable(
  'sync_tombstones',
  {
    tableName: text('table_name').notNull(),
    rowId: text('row_id').notNull(),
    scopeId: text('scope_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tableName, table.rowId, table.scopeId] }),
    index('sync_tombstones_scope_idx').on(table.scopeId, table.version),
    index('sync_tombstones_deleted_idx').on(table.deletedAt),
  ],
);

/** Server-wide sync facts; `tombstones_purged_through:<scope id>`: a cursor position in that scope below this version must resync. */
export const syncState = pgTable('sync_state', {
  key: text('key').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

/**
 * Stretches of a scope's change sequence that one client's push step wrote alone: the step
 * held the scope's write lock from before `afterVersion` was taken until after
 * `throughVersion`, so every version of that scope strictly between the two is its own, and
 * every mutation it ran is one the device computes exactly as the server does (`mirrored`).
 * `beforeVersion` is the scope's last version when the step took the lock: the write the step
 * built on, even if the step then wrote over that row. A pull that finds only such changes
 * after its cursor, each stretch building on its cursor or on the stretch before, sends none of
 * them back (decision 091). Purged after the retention window, like rejections.
 */
export const syncOwnWrites = pgTable(
  'sync_own_writes',
  {
    clientId: uuid('client_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scopeId: text('scope_id').notNull(),
    beforeVersion: bigint('before_version', { mode: 'number' }).notNull(),
    afterVersion: bigint('after_version', { mode: 'number' }).notNull(),
    throughVersion: bigint('through_version', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.userId, table.scopeId, table.afterVersion] }),
    index('sync_own_writes_created_idx').on(table.createdAt),
  ],
);
