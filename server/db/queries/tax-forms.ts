import { and, asc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { TaxFormData, TaxFormDraftView, TaxInfoRecord } from '@domain/tax-form';
import { taxFormDraftDataSchema } from '@domain/tax-form-draft';
import { returnDue, type ReturnDue, type TaxFiler } from '@domain/tax-deadlines';
import type { Db } from '../client';
import { declarations, taxInfo, transactions } from '../schema/bookkeeping';
import { companies, companyMembers, partners } from '../schema/companies';
import { drafts } from '../schema/drafts';
import { users } from '../schema/users';
import { lockSyncScopes } from '../../sync/write-lock';

/**
 * Tax forms on the server: the REST view of a user's tax-form draft (the same `drafts` row
 * the sync engine carries), sending it as the company's declaration of the year, and the
 * company facts the deadline rules need. Every query is scoped by the caller in its `where`.
 */

type DraftRecord = typeof drafts.$inferSelect;

/** The REST view of a tax-form draft row. */
export function taxFormDraftView(record: Pick<DraftRecord, 'id' | 'companyId' | 'data' | 'updatedAt'>): TaxFormDraftView {
  const data = record.data as { taxFormData?: Record<string, unknown>; taxYear?: number; isCompleted?: boolean };
  return {
    id: record.id,
    companyId: record.companyId!,
    taxFormData: { ...data.taxFormData, taxYear: data.taxYear },
    isCompleted: data.isCompleted === true,
    updatedAt: record.updatedAt,
  };
}

/** The caller's own tax-form draft with this id, or undefined (another user's answers the same). */
export async function findTaxFormDraft(db: Db, userId: string, id: string): Promise<DraftRecord | undefined> {
  const [record] = await db
    .select()
    .from(drafts)
    .where(and(eq(drafts.id, id), eq(drafts.userId, userId), eq(drafts.kind, 'taxForm')));
  return record;
}

/** True when `userId` owns the company or is its teammate. */
export async function isCompanyMember(db: Db, userId: string, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.id, companyId),
        or(
          eq(companies.ownerId, userId),
          inArray(companies.id, db.select({ id: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, userId))),
        ),
      ),
    );
  return row !== undefined;
}

/** Whether the company's declaration of `year` is sent. */
export async function declarationOf(db: Db, companyId: string, year: number) {
  const [row] = await db
    .select()
    .from(declarations)
    .where(and(eq(declarations.companyId, companyId), eq(declarations.year, year)));
  return row?.sentAt ? row : undefined;
}

/** How many of the year's transactions are uncategorised, and how many unchecked (SPEC §4 blocks sending on either). */
export async function blockingTransactionCounts(db: Db, companyId: string, year: number) {
  const [row] = await db
    .select({
      uncategorised: sql<number>`count(*) filter (where ${transactions.category} is null)::int`,
      unchecked: sql<number>`count(*) filter (where not ${transactions.checked})::int`,
    })
    .from(transactions)
    .where(and(eq(transactions.companyId, companyId), gte(transactions.date, `${year}-01-01`), lte(transactions.date, `${year}-12-31`)));
  return { uncategorised: row?.uncategorised ?? 0, unchecked: row?.unchecked ?? 0 };
}

/**
 * Saves the caller's tax-form draft through REST (the same row sync carries). Returns the
 * stored record, or `sent` when the draft or the company's declaration of the year is sent.
 */
export async function saveTaxFormDraft(
  db: Db,
  userId: string,
  id: string,
  values: { companyId: string; taxYear: number; taxFormData: Record<string, unknown> },
  updatedAt: string,
) {
  return db.transaction(async (tx) => {
    // The same lock a push of this user takes: a concurrent saveDraft or changeDraft mutation cannot interleave.
    await lockSyncScopes(tx, [userId, values.companyId]);
    const [existing] = await tx.select().from(drafts).where(eq(drafts.id, id));
    if (existing && (existing.userId !== userId || existing.kind !== 'taxForm' || existing.companyId !== values.companyId)) return 'not_found' as const;
    if (existing && taxFormDraftDataSchema.safeParse(existing.data).data?.isCompleted) return 'sent' as const;
    if (await declarationOf(tx, values.companyId, values.taxYear)) return 'sent' as const;
    // The year lives beside the values (sync checks it there), not inside them.
    const taxFormData = Object.fromEntries(Object.entries(values.taxFormData).filter(([key]) => key !== 'taxYear'));
    const data = { ...(existing?.data ?? {}), taxYear: values.taxYear, taxFormData, isCompleted: false };
    const [saved] = await tx
      .insert(drafts)
      .values({ id, userId, kind: 'taxForm', companyId: values.companyId, step: existing?.step ?? 1, data, updatedAt })
      .onConflictDoUpdate({ target: drafts.id, set: { data, updatedAt } })
      .returning();
    return saved!;
  });
}

/**
 * Sends the declaration: records it for the company and year with the form as sent, and
 * marks the draft completed (devices pull it read-only). Holds the company's sync write lock
 * so a push changing that year's transactions comes wholly before or after it (see
 * server/sync/bookkeeping-checks.ts). Answers `blocked` with the counts while the year's
 * books are not done, `sent` when the year is already declared.
 */
export async function sendDeclaration(db: Db, userId: string, id: string, form: TaxFormData, companyId: string, now: Date, updatedAt: string) {
  return db.transaction(async (tx) => {
    await lockSyncScopes(tx, [userId, companyId]);
    const [existing] = await tx.select().from(drafts).where(eq(drafts.id, id));
    if (existing && (existing.userId !== userId || existing.kind !== 'taxForm' || existing.companyId !== companyId)) return { result: 'not_found' as const };
    if (existing && taxFormDraftDataSchema.safeParse(existing.data).data?.isCompleted) return { result: 'sent' as const };
    if (await declarationOf(tx, companyId, form.taxYear)) return { result: 'sent' as const };
    const counts = await blockingTransactionCounts(tx, companyId, form.taxYear);
    if (counts.uncategorised > 0 || counts.unchecked > 0) return { result: 'blocked' as const, counts };
    await tx
      .insert(declarations)
      .values({ companyId, year: form.taxYear, sentAt: now, taxFormData: form, draftId: id, sentBy: userId })
      .onConflictDoUpdate({ target: [declarations.companyId, declarations.year], set: { sentAt: now, taxFormData: form, draftId: id, sentBy: userId } });
    const { taxYear, ...taxFormData } = form;
    const data = { taxYear, taxFormData, isCompleted: true };
    const [saved] = await tx
      .insert(drafts)
      .values({ id, userId, kind: 'taxForm', companyId, step: existing?.step ?? 3, data, updatedAt })
      .onConflictDoUpdate({ target: drafts.id, set: { data, updatedAt } })
      .returning();
    return { result: 'sent_now' as const, draft: saved! };
  });
}

/**
 * The company as the deadline rules see it: type, owners (a partner living in the US counts as
 * a US person) and formation date: the one recorded, else the day it first reached a progress
 * status past Start (staff registering it in its state); a company still at Start is not formed.
 */
export interface CompanyTaxFacts {
  id: string;
  name: string;
  ownerId: string;
  filer: TaxFiler;
}

/** The tax facts of the given companies (all of them when `companyIds` is null: the reminder job). */
export async function companyTaxFacts(db: Db, companyIds: readonly string[] | null): Promise<CompanyTaxFacts[]> {
  if (companyIds !== null && companyIds.length === 0) return [];
  const scope = companyIds === null ? undefined : inArray(companies.id, [...companyIds]);
  const rows = await db
    .select({
      id: companies.id,
      name: companies.nameOption1,
      ownerId: companies.ownerId,
      type: companies.type,
      migrated: companies.migrated,
      constitutionDate: companies.constitutionDate,
      statusDates: companies.statusDates,
    })
    .from(companies)
    .where(and(scope, sql`${companies.type} <> 'Cross Border Crypto'`, sql`${companies.status} <> 'Canceled'`))
    .orderBy(asc(companies.requestedAt));
  if (rows.length === 0) return [];
  const owners = await db
    .select({ companyId: partners.companyId, ownership: partners.ownership, country: partners.country })
    .from(partners)
    .where(
      inArray(
        partners.companyId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    ownerId: row.ownerId,
    filer: {
      type: row.type,
      owners: owners.filter((owner) => owner.companyId === row.id).map((owner) => ({ percentage: owner.ownership, usResident: owner.country === 'US' })),
      formationDate: row.constitutionDate ?? registeredOn(row.statusDates),
      migrated: row.migrated,
    },
  }));
}

/** The first day the company reached a progress status past Start, or null while it has none. */
function registeredOn(statusDates: Partial<Record<string, string>>): string | null {
  const days = Object.entries(statusDates)
    .filter(([status, at]) => status !== 'Start' && status !== 'Canceled' && at)
    .map(([, at]) => at!.slice(0, 10))
    .sort();
  return days[0] ?? null;
}

/** The years of the given companies whose declaration is sent. */
export async function sentDeclarationYears(db: Db, companyIds: readonly string[]): Promise<Set<string>> {
  if (companyIds.length === 0) return new Set();
  const rows = await db
    .select({ companyId: declarations.companyId, year: declarations.year })
    .from(declarations)
    .where(and(inArray(declarations.companyId, [...companyIds]), isNotNull(declarations.sentAt)));
  return new Set(rows.map((row) => `${row.companyId}:${row.year}`));
}

/** A company's declaration due for `taxYear` and not sent yet, or null. */
export function pendingReturn(company: CompanyTaxFacts, taxYear: number, sent: Set<string>): ReturnDue | null {
  if (sent.has(`${company.id}:${taxYear}`)) return null;
  return returnDue(company.filer, taxYear);
}

/** The sent declarations of a company, newest year first. */
export async function listDeclarations(db: Db, companyId: string) {
  return db
    .select({ year: declarations.year, sentAt: declarations.sentAt, taxFormData: declarations.taxFormData })
    .from(declarations)
    .where(and(eq(declarations.companyId, companyId), isNotNull(declarations.sentAt), isNotNull(declarations.taxFormData)))
    .orderBy(sql`${declarations.year} desc`);
}

/** The user's tax-info record (SPEC §7 `tk-info`), or undefined before their first. */
export async function findTaxInfo(db: Db, userId: string) {
  const [row] = await db.select().from(taxInfo).where(eq(taxInfo.userId, userId));
  return row;
}

/** Creates or replaces the user's tax-info record. */
export async function saveTaxInfo(db: Db, userId: string, record: TaxInfoRecord, now: Date) {
  const values = { ...record, updatedAt: now };
  const [row] = await db
    .insert(taxInfo)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: taxInfo.userId, set: values })
    .returning();
  return row!;
}

/**
 * The user's country of tax residence as Alta knows it: their tax-info record's, else the
 * residence of the partner who is the user (same first and last name, any case) in a company
 * they own, the earliest first; null when neither is known.
 */
export async function taxCountryOf(db: Db, userId: string): Promise<string | null> {
  const record = await findTaxInfo(db, userId);
  if (record) return record.taxResidenceCountry;
  const [row] = await db
    .select({ country: partners.country })
    .from(partners)
    .innerJoin(companies, eq(companies.id, partners.companyId))
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(
      and(
        eq(companies.ownerId, userId),
        sql`lower(${partners.firstName}) = lower(${users.firstName})`,
        sql`lower(${partners.lastName}) = lower(${users.lastName})`,
      ),
    )
    .orderBy(asc(companies.requestedAt), asc(partners.position))
    .limit(1);
  return row?.country ?? null;
}
