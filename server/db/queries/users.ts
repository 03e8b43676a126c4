import { and, asc, count, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Attribution } from '@domain/account';
import type { Language } from '@domain/constants';
import type { Db } from '../client';
import { refreshTokens } from '../schema/auth';
import { twoFactorSecrets } from '../schema/banking';
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
  return db.select({ id: users.id, email: users.email, status: users.status }).from(users).where(inArray(users.id, ids));
}

/** One protected request's session check: its user, the impersonating admin (or the user again), the token's family. */
interface AccessCheck {
  user: string;
  admin: string;
  family: string;
  at: string;
  companies: boolean;
}

interface PendingCheck {
  check: AccessCheck;
  resolve(rows: AccessSessionRow[]): void;
  reject(error: unknown): void;
}

/** The columns of a user the session check reads: what the refusals and the profile (`GET /users/me`) need, no more. */
const profileColumns = {
  id: users.id,
  email: users.email,
  status: users.status,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  language: users.language,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
};

export type ProfileRow = Pick<UserRow, keyof typeof profileColumns>;

export type AccessSessionRow = ProfileRow & { familyLive: boolean; companyIds: string[] | null };

/**
 * The session check of every protected request: the user and, when impersonating, the admin
 * (the profile's columns), each telling whether the access token's refresh-token family still has a live
 * token (logout, password reset, reuse and login-as-user revoke it all). With `companiesOf`,
 * the ids of that user's companies come in the same row (`GET /users/me` needs nothing else);
 * otherwise `companyIds` is null.
 *
 * Checks share round trips (docs/decisions/036, 061): the checks that arrive in one turn of the
 * event loop go out as one query at the end of the turn, and while `batchesInFlight` such
 * queries are on their way, new checks wait for one of them to return and then go out together
 * as the next. Every check still reads the database after its request arrived, so a revoked
 * session is refused as at once as before; under load, one query answers a round trip's worth of
 * requests instead of a turn's (the database's and the server's work per request fall with it).
 * The statement is prepared (per database handle): its SQL is built once, and PostgreSQL
 * parses and plans it once per connection (docs/decisions/022).
 */
export function findAccessSessionUsers(db: Db, ids: string[], familyId: string, now: Date, companiesOf: string | null = null): Promise<AccessSessionRow[]> {
  const check: AccessCheck = { user: ids[0]!, admin: ids[1] ?? ids[0]!, family: familyId, at: now.toISOString(), companies: companiesOf !== null };
  let lane = checkLanes.get(db);
  if (!lane) checkLanes.set(db, (lane = { waiting: [], scheduled: false, inFlight: 0 }));
  const answer = new Promise<AccessSessionRow[]>((resolve, reject) => lane.waiting.push({ check, resolve, reject }));
  sendChecks(db, lane);
  return answer;
}

/** Two: one batch can be answered while the next is on its way, and the pool keeps its other connections for the requests' own work. */
const batchesInFlight = 2;

interface CheckLane {
  waiting: PendingCheck[];
  /** A batch is due at the end of this turn. */
  scheduled: boolean;
  inFlight: number;
}

const checkLanes = new WeakMap<Db, CheckLane>();
const accessSessionQueries = new WeakMap<Db, ReturnType<typeof prepareAccessSessions>>();

function sendChecks(db: Db, lane: CheckLane) {
  if (lane.scheduled || lane.inFlight >= batchesInFlight || lane.waiting.length === 0) return;
  lane.scheduled = true;
  setImmediate(() => {
    const checks = lane.waiting;
    lane.waiting = [];
    lane.scheduled = false;
    lane.inFlight++;
    void runChecks(db, checks).finally(() => {
      lane.inFlight--;
      sendChecks(db, lane);
    });
  });
}

async function runChecks(db: Db, checks: PendingCheck[]) {
  let query = accessSessionQueries.get(db);
  if (!query) accessSessionQueries.set(db, (query = prepareAccessSessions(db)));
  try {
    const rows = await query.execute({ checks: JSON.stringify(checks.map(({ check }, n) => ({ n, ...check }))) });
    const answers = checks.map((): AccessSessionRow[] => []);
    for (const { check: n, ...row } of rows) answers[n]!.push(row);
    checks.forEach(({ resolve }, n) => resolve(answers[n]!));
  } catch (error) {
    for (const { reject } of checks) reject(error);
  }
}

function prepareAccessSessions(db: Db) {
  const checks = sql`jsonb_to_recordset(${sql.placeholder('checks')}::jsonb) as checks(n int, "user" uuid, admin uuid, family uuid, at timestamptz, companies boolean)`;
  const familyLive = sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = checks.family and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > checks.at)`;
  const companyIds = sql<
    string[] | null
  >`case when checks.companies and ${users.id} = checks."user" then (select coalesce(json_agg(${companies.id} order by ${companies.requestedAt}, ${companies.id}), '[]'::json) from ${companies} where ${companiesOfUser(sql`checks."user"`)}) end`;
  return db
    .select({ check: sql<number>`checks.n`, ...profileColumns, familyLive, companyIds })
    .from(checks)
    .innerJoin(users, sql`${users.id} in (checks."user", checks.admin)`)
    .prepare('access_sessions');
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
 * Forgets what someone set on the account before its email was proven (call when Google just
 * proved it, with the sessions revoked in the same transaction): the password, whoever chose it,
 * and the banking second factor, whose secret that person may hold. An account proven meanwhile
 * keeps its password.
 */
export async function dropUnprovenCredentials(db: Db, userId: string, now: Date) {
  const [dropped] = await db
    .update(users)
    .set({ passwordHash: null, mustChangePassword: false, updatedAt: now })
    .where(and(eq(users.id, userId), sql`${users.emailVerifiedAt} is null`))
    .returning({ id: users.id });
  if (dropped) await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
}

/**
 * The companies a user owns or is a teammate of: the user's scope. A UNION, not an OR: each side
 * uses its index (an OR scans every company; decision 028's bench).
 */
function companiesOfUser(userId: string | Placeholder | SQL) {
  return sql`${companies.id} in (select ${companies.id} from ${companies} where ${companies.ownerId} = ${userId} union select ${companyMembers.companyId} from ${companyMembers} where ${companyMembers.userId} = ${userId})`;
}

/** Ids of the companies a user owns or is a teammate of, oldest request first. */
export async function companyIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: companies.id }).from(companies).where(companiesOfUser(userId)).orderBy(asc(companies.requestedAt), asc(companies.id));
  return rows.map((row) => row.id);
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users);
  return row?.total ?? 0;
}
