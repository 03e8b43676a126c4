import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Attribution } from '@domain/account';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  /** Always stored trimmed and lower-cased (domain emailSchema), so equality is exact. */
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone'),
  passwordHash: text('password_hash'),
  googleSub: text('google_sub').unique(),
  status: text('status', { enum: ['active', 'blocked'] }).notNull().default('active'),
  language: text('language', { enum: ['es', 'en', 'pt'] }).notNull().default('es'),
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
});
