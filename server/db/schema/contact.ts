import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Messages sent through the public contact form: the stored copy the team works from, kept
 * even when the notification mail fails (`mailedAt` stays null so it can be found and resent).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    language: text('language', { enum: ['es', 'en', 'pt'] }).notNull(),
    /** The sender's address, for abuse handling only. */
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);
