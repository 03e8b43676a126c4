import { and, asc, count, eq, getTableColumns, inArray, or, sql, type Placeholder } from 'drizzle-orm';
import type { Attribution } from '@domain/account';
import type { Language } from '@domain/constants';
import type { Db } from '../client';
import { refreshTokens } from '../schema/auth';
import { companies, companyMembers } from '../schema/companies';
import { users } from '../schema/users';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** `email` must already be normalised (domain emailSchema: trimmed, lower-cased). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function findUserByGoogleSub(db: Db, googleSub: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, googleSub)).limit(1);
  return row ?? null;
}

/** The user and, when impersonating, the admin of a refresh-token session, in one round trip. */
export async function findSessionUsers(db: Db, ids: string[]) {
  return db
    .select({ id: users.id, email: users.email, status: users.status })
    .from(users)
    .where(inArray(users.id, ids));
}

/**
 * The session check of every protected request, in one round trip: the user and, when
 * impersonating, the admin (whole rows), each telling whether the access token's refresh-token
 * family still has a live token (logout, password reset, reuse and login-as-user revoke it
 * all). With `companiesOf`, the ids of that user's companies come in the same row (`GET
 * /users/me` needs nothing else); otherwise `companyIds` is null.
 *
 * A prepared statement (per database handle): its SQL is built once, and PostgreSQL parses and
 * plans it once per connection instead of on every request (docs/decisions/022).
 */
export async function findAccessSessionUsers(db: Db, ids: string[], familyId: string, now: Date, companiesOf: string | null = null) {
  let query = accessSessionQueries.get(db);
  if (!query) accessSessionQueries.set(db, (query = prepareAccessSession(db)));
  const rows = await query.execute({ user: ids[0]!, admin: ids[1] ?? ids[0]!, family: familyId, now: now.toISOString(), companies: companiesOf !== null });
  return rows;
}

const accessSessionQueries = new WeakMap<Db, ReturnType<typeof prepareAccessSession>>();

function prepareAccessSession(db: Db) {
  const user = sql.placeholder('user');
  const familyLive = sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('family')} and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > ${sql.placeholder('now')})`;
  const companyIds = sql<string[] | null>`case when ${sql.placeholder('companies')}::boolean and ${users.id} = ${user} then (select coalesce(json_agg(${companies.id} order by ${companies.requestedAt}, ${companies.id}), '[]'::json) from ${companies} where ${companiesOfUser(user)}) end`;
  return db
    .select({ ...getTableColumns(users), familyLive, companyIds })
    .from(users)
    .where(or(eq(users.id, user), eq(users.id, sql.placeholder('admin'))))
    .prepare('access_session');
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  passwordHash?: string | null;
  googleSub?: string | null;
  language: Language;
  mustChangePassword?: boolean;
  attribution?: Attribution | null;
  companyDraftId?: string | null;
  /** Set when the email is already proven (Google's verified email). */
  emailVerifiedAt?: Date | null;
  now: Date;
}

/** Inserts a user; null when the email (or Google account) is already taken, also under a race. */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow | null> {
  const [row] = await db
    .insert(users)
    .values({
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone ?? null,
      passwordHash: user.passwordHash ?? null,
      googleSub: user.googleSub ?? null,
      language: user.language,
      mustChangePassword: user.mustChangePassword ?? false,
      attribution: user.attribution ?? null,
      companyDraftId: user.companyDraftId ?? null,
      emailVerifiedAt: user.emailVerifiedAt ?? null,
      createdAt: user.now,
      updatedAt: user.now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function setPassword(db: Db, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: now }).where(eq(users.id, userId));
}

/** Records that the account proved it receives mail at its email (kept from the first proof). */
export async function markEmailVerified(db: Db, userId: string, now: Date) {
  await db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), sql`${users.emailVerifiedAt} is null`));
}

/** Links a Google account to an existing user found by verified email; keeps an existing link. */
export async function linkGoogleAccount(db: Db, userId: string, googleSub: string, now: Date) {
  await db
    .update(users)
    .set({ googleSub, updatedAt: now })
    .where(and(eq(users.id, userId), sql`${users.googleSub} is null`));
}

/**
 * The companies a user owns or is a teammate of: the user's scope. A UNION, not an OR: each side
 * uses its index (an OR scans every company; decision 028's bench).
 */
function companiesOfUser(userId: string | Placeholder) {
  return sql`${companies.id} in (select ${companies.id} from ${companies} where ${companies.ownerId} = ${userId} union select ${companyMembers.companyId} from ${companyMembers} where ${companyMembers.userId} = ${userId})`;
}

/** Ids of the companies a user owns or is a teammate of, oldest request first. */
export async function companyIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(companiesOfUser(userId))
    .orderBy(asc(companies.requestedAt), asc(companies.id));
  return rows.map((row) => row.id);
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users);
  return row?.total ?? 0;
}
