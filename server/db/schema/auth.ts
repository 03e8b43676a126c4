import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';

/**
 * Refresh tokens: opaque random values, stored only as their SHA-256. Every login starts a
 * family; each refresh rotates to a new row of the same family. Presenting a rotated token
 * again (after a short grace for racing tabs) revokes the whole family: someone copied it.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The admin who started this session with "log in as user"; carried through every rotation. */
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('refresh_tokens_user_idx').on(table.userId), index('refresh_tokens_family_idx').on(table.familyId)],
);

/**
 * One-time secrets sent to or handed to a user: 6-digit password-reset and login-unlock codes
 * (mailed), e-mail verification links (mailed) and new-password challenges (the `cognitoSession`
 * of a temporary-password login). Only an
 * HMAC of the secret is stored; attempts are counted so a code cannot be guessed.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'new_password', 'email_verification', 'login_unlock'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('verification_codes_user_idx').on(table.userId, table.purpose), index('verification_codes_hash_idx').on(table.codeHash)],
);

/**
 * Rate-limit counters shared by every Alta instance (never process memory). `key` is
 * `<action>:<ip|account>:<value>`; `hits` counts events since `lastHitAt` minus the window;
 * past the threshold each further event locks the key for a doubling delay.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    lastHitAt: timestamp('last_hit_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [index('rate_limits_last_hit_idx').on(table.lastHitAt)],
);
