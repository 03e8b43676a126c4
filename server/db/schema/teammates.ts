import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/**
 * A teammate invitation (decision 030): one mail to `email`, for one or more companies of the
 * inviter. The mailed link carries `<id>.<secret>`; only the secret's hash is kept. It is
 * single-use (`acceptedAt`) and expires at `expiresAt`; accepting adds the accepting account
 * (whose email must be `email`) to `company_members` for each company still listed.
 */
export const teammateInvitations = pgTable(
  'teammate_invitations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Stored trimmed and lower-cased (domain emailSchema), like `users.email`. */
    email: text('email').notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [index('teammate_invitations_email_idx').on(table.email)],
);

/** The companies an invitation opens; a pending invitation removed from a company loses its row here. */
export const teammateInvitationCompanies = pgTable(
  'teammate_invitation_companies',
  {
    invitationId: uuid('invitation_id')
      .notNull()
      .references(() => teammateInvitations.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.invitationId, table.companyId] }), index('teammate_invitation_companies_company_idx').on(table.companyId)],
);
