import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DraftKind } from '@domain/draft';
import { companies } from './companies';
import { users } from './users';

/**
 * Wizard drafts (domain/draft.ts), a synced table scoped by `user_id`. A guest's draft has
 * no user yet: it is reachable only with its secret (stored as SHA-256) until registration
 * with `companyDraftId` moves it under the new account.
 */
export const drafts = pgTable(
  'drafts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestSecretHash: text('guest_secret_hash'),
    kind: text('kind').$type<DraftKind>().notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** The device's timestamp of the last change, kept as sent: shown to the user, never compared. */
    updatedAt: text('updated_at').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [index('drafts_user_version_idx').on(table.userId, table.version)],
);
