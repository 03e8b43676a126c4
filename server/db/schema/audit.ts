import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
// Relative, not '@domain': drizzle-kit loads the schema without the tsconfig paths.
import { auditActions } from '../../../domain/admin';
import { companies } from './companies';
import { users } from './users';

/**
 * Security-relevant actions by one account on another (docs/architecture.md "Security":
 * impersonation recorded in an audit log). Rows outlive the accounts they mention: the foreign keys become null.
 * Append-only: a trigger (migration 0020) refuses every other UPDATE, every DELETE and TRUNCATE.
 * An action taken while impersonating names the admin as actor and the user as subject.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept beside the id so the row still says who acted after the account is gone. */
    actorEmail: text('actor_email').notNull(),
    action: text('action', { enum: auditActions }).notNull(),
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    subjectEmail: text('subject_email'),
    subjectCompanyId: uuid('subject_company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The action's particulars: a block reason, a status change's from and to, an impersonated request's method and path, the file of a staff upload. */
    details: jsonb('details').$type<Record<string, string | number | null>>(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_actor_idx').on(table.actorId),
    index('audit_log_subject_user_idx').on(table.subjectUserId, table.createdAt),
    index('audit_log_subject_company_idx').on(table.subjectCompanyId, table.createdAt),
  ],
);
