import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stored files no record points at any more (a receipt detached, replaced, or its transaction
 * deleted), waiting to be deleted from the storage provider. A database trigger records the
 * key in the same transaction as the change (migration `storage_orphan_trigger`), so a
 * rolled-back or replayed mutation records nothing; the sweeper deletes the object after
 * commit and keeps the row, with its attempts, until storage confirms.
 */
export const storageOrphans = pgTable('storage_orphans', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
