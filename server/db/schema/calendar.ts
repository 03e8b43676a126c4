import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/**
 * A deadline reminder mailed (issue 33 §4): one row per company, deadline (`key` of
 * domain/company-deadlines.ts, which holds its date) and step (30, 7 or 1 days before). Inserted in the transaction
 * that sends the mail, so instances sharing a database send each one once.
 */
export const deadlineReminders = pgTable(
  'deadline_reminders',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    deadlineKey: text('deadline_key').notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.deadlineKey, table.daysBefore] })],
);

/**
 * A user's private calendar subscription (.ics): only the SHA-256 of its random token is kept,
 * so the database never holds a working URL. A new token replaces the row, which revokes the old URL.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
