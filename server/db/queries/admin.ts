import { and, asc, count, desc, eq, getTableName, gte, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AdminCompaniesQuery, AdminUsersFilter, AdminUsersQuery, ListTotalKind } from '@domain/admin';
import type { CompanyStatus } from '@domain/company';
import type { Db } from '../client';
import { companies, companyMembers } from '../schema/companies';
import { users } from '../schema/users';

/**
 * The admin lists (decision 028). Search runs on the trigger-kept `search_text` columns with
 * the trigram indexes of migration 0020: the term is folded by the same `alta_fold` as the
 * column (lower case, no accents), so "JOSE" finds "José". `%` and `_` are literal.
 */
function contains(column: AnyPgColumn, term: string): SQL {
  const escaped = term.replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql`${column} like '%' || alta_fold(${escaped}) || '%'`;
}

const day = 24 * 60 * 60 * 1000;

/**
 * Counting stops here (decision 033): a filtered set larger than this is "more than 1,000",
 * and a whole list whose statistics say it is larger shows their estimate. Counting every
 * matching row on every page cost more than the page itself (100,000 rows: ~80 ms; a filter
 * through the companies: ~200 ms).
 */
export const countCap = 1_000;

export interface ListTotal {
  total: number;
  totalKind: ListTotalKind;
}

/**
 * The rows of `table` as the planner's statistics estimate them, scaled to the table's current
 * size on disk (the planner's own estimate); -1 when the table was never analyzed.
 */
async function estimatedRows(db: Db, table: PgTable): Promise<number> {
  const [row] = await db
    .select({
      estimate: sql<number>`(case when reltuples < 0 or relpages = 0 then -1
        else reltuples / relpages * (pg_relation_size(oid) / current_setting('block_size')::int) end)::bigint`.mapWith(Number),
    })
    .from(sql`pg_class`)
    .where(sql`oid = to_regclass(${getTableName(table)})`);
  return row?.estimate ?? -1;
}

/** The total of a list: the estimate for a large unfiltered list, otherwise a count that stops after `cap`. */
async function listTotal(db: Db, table: PgTable, where: SQL | undefined, cap: number): Promise<ListTotal> {
  if (!where) {
    const estimate = await estimatedRows(db, table);
    if (estimate > cap) return { total: estimate, totalKind: 'estimate' };
  }
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ total: count() }).from(capped);
  const total = row?.total ?? 0;
  return total > cap ? { total: cap, totalKind: 'atLeast' } : { total, totalKind: 'exact' };
}

/** One page of `limit` rows, asked as `limit + 1` so the answer knows whether another follows. */
function pageOf<T>(rows: T[], limit: number): { rows: T[]; hasMore: boolean } {
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

function usersWhere(filter: AdminUsersFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.search ? contains(users.searchText, filter.search) : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
    // Owning a company of a status implies having one: the redundant test would read every
    // candidate's row where the status probe needs only the indexes (decision 038).
    filter.hasCompany === 'yes' && !filter.companyStatus
      ? sql`${users.companiesCount} > 0`
      : filter.hasCompany === 'no'
        ? eq(users.companiesCount, 0)
        : undefined,
    filter.companyStatus
      ? sql`exists (select 1 from ${companies} where ${companies.ownerId} = ${users.id} and ${companies.status} = ${filter.companyStatus})`
      : undefined,
    filter.createdFrom ? gte(users.createdAt, new Date(`${filter.createdFrom}T00:00:00Z`)) : undefined,
    // The "to" day is included: everything before the next midnight.
    filter.createdTo ? lt(users.createdAt, new Date(new Date(`${filter.createdTo}T00:00:00Z`).getTime() + day)) : undefined,
  ];
  return and(...conditions);
}

const userOrderColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  status: users.status,
  companiesCount: users.companiesCount,
  createdAt: users.createdAt,
} as const;

/** What a row of the user list shows (not the password hash, tokens or the long search text). */
const adminUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  status: users.status,
  createdAt: users.createdAt,
  companiesCount: users.companiesCount,
};

type UserCompany = { id: string; name: string; type: string; status: string; relation: 'owner' | 'teammate' };

/** The companies each user of `ids` (a query of user ids) owns or joined, oldest first (the companies modal). */
async function companiesOfUsers(db: Db, ids: SQLWrapper): Promise<Map<string, UserCompany[]>> {
  const byUser = new Map<string, (UserCompany & { requestedAt: Date })[]>();
  const columns = { id: companies.id, name: companies.nameOption1, type: companies.type, status: companies.status, requestedAt: companies.requestedAt };
  const [owned, joined] = await Promise.all([
    db
      .select({ userId: companies.ownerId, ...columns })
      .from(companies)
      .where(inArray(companies.ownerId, ids)),
    db
      .select({ userId: companyMembers.userId, ...columns })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(inArray(companyMembers.userId, ids)),
  ]);
  const add = (userId: string, company: UserCompany & { requestedAt: Date }) => {
    const list = byUser.get(userId) ?? [];
    list.push(company);
    byUser.set(userId, list);
  };
  for (const { userId, ...company } of owned) add(userId, { ...company, relation: 'owner' });
  for (const { userId, ...company } of joined) add(userId, { ...company, relation: 'teammate' });
  return new Map(
    [...byUser].map(([userId, list]) => [
      userId,
      list.sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime()).map(({ requestedAt: _, ...company }) => company),
    ]),
  );
}

/** One page of users matching the filters, each with their companies, and the size of the whole filtered set. */
export async function listUsersForAdmin(db: Db, query: AdminUsersQuery, cap = countCap) {
  const where = usersWhere(query);
  const direction = query.orderDirection === 'asc' ? asc : desc;
  // The id breaks ties so pages never overlap when many rows share a name or a date.
  const order = [direction(userOrderColumns[query.orderBy]), direction(users.id)];
  const window = { limit: query.limit + 1, offset: query.offset };
  const pageIds = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
  // The page's companies are asked beside the page (its ids as a subquery), not after it: one
  // round trip to the database instead of two (decision 038).
  const [found, total, companiesByUser] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    listTotal(db, users, where, cap),
    companiesOfUsers(db, pageIds),
  ]);
  const { rows, hasMore } = pageOf(found, query.limit);
  return { ...total, hasMore, rows: rows.map((user) => ({ user, companies: companiesByUser.get(user.id) ?? [] })) };
}

/** Every email of the filtered set, in list order (copy e-mails). */
export async function userEmailsForAdmin(db: Db, filter: AdminUsersFilter): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(usersWhere(filter)).orderBy(asc(users.email));
  return rows.map((row) => row.email);
}

/**
 * Staff block a user (kept until staff lift it, whatever is paid meanwhile), or unblock one:
 * that lifts the block and the expired-payment flag alike, so staff can let in someone whose
 * payment was settled another way.
 */
export async function setUserStatus(db: Db, userId: string, status: 'active' | 'blocked', now: Date) {
  const change = status === 'blocked' ? { blockedAt: now } : { blockedAt: null, paymentExpiredAt: null };
  await db
    .update(users)
    .set({ ...change, updatedAt: now })
    .where(eq(users.id, userId));
}

const companyLocation = sql<string | null>`coalesce(${companies.state}, ${companies.originCountry})`;

const companyOrderColumns = {
  name: companies.nameOption1,
  owner: companies.ownerName,
  type: companies.type,
  status: companies.status,
  location: companies.state,
  migrated: companies.migrated,
  createdAt: companies.requestedAt,
} as const;

const companyColumns = {
  id: companies.id,
  name: companies.nameOption1,
  alternativeName: companies.nameOption2,
  type: companies.type,
  status: companies.status,
  migrated: companies.migrated,
  location: companyLocation,
  plan: companies.plan,
  orderNumber: companies.orderNumber,
  createdAt: companies.requestedAt,
  statusChangedAt: companies.statusChangedAt,
  statusChangedBy: companies.statusChangedBy,
  owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, language: users.language },
};

const { owner: ownerColumns, ...pageColumns } = companyColumns;

/** One page of companies matching the search and status, with their owners, and the size of the filtered set. */
export async function listCompaniesForAdmin(db: Db, query: AdminCompaniesQuery, cap = countCap) {
  const where = and(query.search ? contains(companies.searchText, query.search) : undefined, query.status ? eq(companies.status, query.status) : undefined);
  const direction = query.orderDirection === 'asc' ? asc : desc;
  const [found, total] = await Promise.all([
    db
      .select({ ...pageColumns, ownerId: companies.ownerId })
      .from(companies)
      .where(where)
      .orderBy(direction(companyOrderColumns[query.orderBy]), direction(companies.id))
      .limit(query.limit + 1)
      .offset(query.offset),
    listTotal(db, companies, where, cap),
  ]);
  const page = pageOf(found, query.limit);
  // The owners of the page only: joined before the offset, every skipped row would look its owner up too.
  const ownerIds = [...new Set(page.rows.map((row) => row.ownerId))];
  const owners = ownerIds.length ? await db.select(ownerColumns).from(users).where(inArray(users.id, ownerIds)) : [];
  const ownerById = new Map(owners.map((owner) => [owner.id, owner]));
  const rows = page.rows.map(({ ownerId, ...company }) => ({ ...company, owner: ownerById.get(ownerId)! }));
  return { ...total, hasMore: page.hasMore, rows };
}

export type AdminCompanyRow = Awaited<ReturnType<typeof listCompaniesForAdmin>>['rows'][number];

export async function findCompanyForAdmin(db: Db, companyId: string): Promise<AdminCompanyRow | null> {
  const [row] = await db.select(companyColumns).from(companies).innerJoin(users, eq(users.id, companies.ownerId)).where(eq(companies.id, companyId));
  return row ?? null;
}

/**
 * Moves a company from `from` to `to`, recording who and when; false when its status is no
 * longer `from` (another admin, or this one's second click, moved it first), so the change and
 * its mail happen once.
 */
export async function changeCompanyStatus(db: Db, change: { companyId: string; from: CompanyStatus; to: CompanyStatus; adminId: string; now: Date }) {
  const rows = await db
    .update(companies)
    .set({ status: change.to, statusChangedAt: change.now, statusChangedBy: change.adminId, updatedAt: change.now })
    .where(and(eq(companies.id, change.companyId), eq(companies.status, change.from)))
    .returning({ id: companies.id });
  return rows.length === 1;
}
