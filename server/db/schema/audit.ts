import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Security-relevant actions by one account on another (ARCHITECTURE "impersonation recorded
 * in an audit log"). Rows outlive the accounts they mention: the foreign keys become null.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept beside the id so the row still says who acted after the account is gone. */
    actorEmail: text('actor_email').notNull(),
    action: text('action', { enum: ['login_as_user', 'upload_company_document', 'process_dissolution'] }).notNull(),
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    subjectEmail: text('subject_email'),
    ip: text('ip'),
    /** What the action was about beyond its subject (the company and file of a staff upload). */
    details: jsonb('details').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('audit_log_created_idx').on(table.createdAt), index('audit_log_actor_idx').on(table.actorId)],
);
