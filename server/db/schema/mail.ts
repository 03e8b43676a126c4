import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
// Relative, not '@domain': drizzle-kit loads the schema without the tsconfig paths.
import type { ForwardingAddress, MailType } from '../../../domain/mail';
import { uploads } from './bookkeeping';
import { companies } from './companies';
import { users } from './users';

/**
 * A company's scanned correspondence (SPEC §3 Correspondence, decision 029). Staff add it
 * through the admin API: the scan is an upload of type `correspondenceDocument`, and the
 * item is shown to the owner and teammates only once the scan passed the file checks
 * (`published_at`); publishing mails the owner once.
 */
export const mailItems = pgTable(
  'mail_items',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type').$type<MailType>().notNull().default('Letter'),
    quantity: integer('quantity').notNull().default(1),
    sender: text('sender').notNull(),
    /** What the letter says, as staff transcribed or summarised it: searched with the sender. */
    summary: text('summary').notNull().default(''),
    /** The scan; the upload row holds its name, size and content type. */
    fileKey: text('file_key')
      .notNull()
      .unique()
      .references(() => uploads.key, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [index('mail_items_company_idx').on(table.companyId, table.receivedAt), check('mail_items_quantity', sql`${table.quantity} between 1 and 999`)],
);

/** Who of the company has opened which item: read and unread are per person. */
export const mailReads = pgTable(
  'mail_reads',
  {
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mailItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.mailId, table.userId] })],
);

/** A request to forward the physical piece to an address; staff see them on the company's mail. One per item. */
export const mailForwardingRequests = pgTable('mail_forwarding_requests', {
  mailId: uuid('mail_id')
    .primaryKey()
    .references(() => mailItems.id, { onDelete: 'cascade' }),
  requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
  address: jsonb('address').$type<ForwardingAddress>().notNull(),
  note: text('note').notNull().default(''),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  /** When staff sent the piece on (decision 038); null while the request waits. */
  forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
  forwardedBy: uuid('forwarded_by').references(() => users.id, { onDelete: 'set null' }),
});
