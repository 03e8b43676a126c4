import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Attribution } from '@domain/account';

export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Always stored trimmed and lower-cased (domain emailSchema), so equality is exact. */
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub').unique(),
    /** Set while staff block the account; only staff lift it. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /**
     * SPEC §4's expired-payment flag: set when an owned order's payment or a subscription charge
     * expires, cleared by the payment that goes through (or by staff). Apart from `blockedAt`, so a
     * payment never lifts a block staff put on the account.
     */
    paymentExpiredAt: timestamp('payment_expired_at', { withTimezone: true }),
    /** SPEC's user status, derived by the database from the two above (migration 0030): either one blocks. */
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .generatedAlwaysAs(sql`case when blocked_at is null and payment_expired_at is null then 'active' else 'blocked' end`),
    language: text('language', { enum: ['es', 'en', 'pt'] })
      .notNull()
      .default('es'),
    /** Set for accounts created with a temporary password: login answers with a challenge instead of a session. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    attribution: jsonb('attribution').$type<Attribution>(),
    /** The wizard draft the account was created from (registration's `companyDraftId`): the drafts sync hands it to this account. */
    companyDraftId: uuid('company_draft_id'),
    /**
     * When the account proved it receives mail at `email` (a mailed link, a password-reset code,
     * Google's verified email). Only then does it get the paid orders placed with that email.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the admin list searches: names, email, phone and the names of the user's companies,
     * folded by `alta_fold` (lower case, no accents). Kept by triggers (migration 0020), never
     * written by the app, so a company renamed anywhere is found at once (decision 028).
     */
    searchText: text('search_text').notNull().default(''),
    /** Companies owned or joined as a teammate, kept by the same triggers: the list sorts and filters on it. */
    companiesCount: integer('companies_count').notNull().default(0),
  },
  // The admin list sorts on every column; the id breaks ties so pages never overlap.
  (table) => [
    index('users_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    index('users_first_name_idx').on(table.firstName, table.id),
    index('users_last_name_idx').on(table.lastName, table.id),
    index('users_email_id_idx').on(table.email, table.id),
    index('users_phone_idx').on(table.phone, table.id),
    index('users_status_idx').on(table.status, table.id),
    index('users_created_idx').on(table.createdAt, table.id),
    index('users_companies_count_idx').on(table.companiesCount, table.id),
  ],
);
