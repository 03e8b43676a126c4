import { createHash, randomBytes } from 'node:crypto';
import { asc, eq, gt, inArray } from 'drizzle-orm';
import { companyDeadlines, sortDeadlines, type Deadline, type DeadlineCompany } from '@domain/company-deadlines';
import type { Db } from '../client';
import { boiReports } from '../schema/boi';
import { calendarFeeds } from '../schema/calendar';
import { kybSubmissions } from '../schema/banking';
import { companies } from '../schema/companies';
import type { CompanyRow } from './companies';
import { renewalCompanyOf, renewedDueDatesOf } from './renewals';
import { companyTaxFacts, sentDeclarationYears } from './tax-forms';

/**
 * The calendar inputs of the given companies, read in one query per table whatever their
 * number: tax facts and sent returns, settled renewals, BOI reports, KYB proofs of address.
 */
export async function deadlineCompaniesOf(db: Db, rows: readonly CompanyRow[]): Promise<DeadlineCompany[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [taxFacts, sent, renewed, boi, kyb] = await Promise.all([
    companyTaxFacts(db, ids),
    sentDeclarationYears(db, ids),
    renewedDueDatesOf(db, ids),
    db.select({ companyId: boiReports.companyId }).from(boiReports).where(inArray(boiReports.companyId, ids)),
    db.select({ companyId: kybSubmissions.companyId, form: kybSubmissions.form }).from(kybSubmissions).where(inArray(kybSubmissions.companyId, ids)),
  ]);
  const filers = new Map(taxFacts.map((facts) => [facts.id, facts.filer]));
  const boiSubmitted = new Set(boi.map((row) => row.companyId));
  const proofDates = new Map(kyb.map((row) => [row.companyId, proofOfAddressDatesOf(row.form)]));
  return rows.map((row) => ({
    id: row.id,
    name: row.nameOption1,
    type: row.type,
    state: row.state,
    migrated: row.migrated,
    originCountry: row.originCountry,
    // A crypto account or a canceled company has no tax facts: it owes no return (no formation date, not migrated).
    filer: filers.get(row.id) ?? { type: row.type, owners: [], formationDate: null, migrated: false },
    sentReturnYears: [...sent].filter((entry) => entry.startsWith(`${row.id}:`)).map((entry) => Number(entry.slice(row.id.length + 1))),
    renewal: renewalCompanyOf(row, renewed.get(row.id) ?? []),
    boiSubmitted: boiSubmitted.has(row.id),
    kybProofOfAddressDates: proofDates.get(row.id) ?? [],
  }));
}

/** The issue dates of a submitted KYB's proofs of address: the company's and each owner's (domain/kyb.ts validated them). */
function proofOfAddressDatesOf(form: Record<string, unknown>): string[] {
  const owners = Array.isArray(form.owners) ? (form.owners as { proofOfAddressDate?: unknown }[]) : [];
  return [form.proofOfAddressDate, ...owners.map((owner) => owner.proofOfAddressDate)].filter((date): date is string => typeof date === 'string');
}

/** Every deadline of the given companies on `today`, overdue first. */
export async function deadlinesOf(db: Db, rows: readonly CompanyRow[], today: string): Promise<Deadline[]> {
  const inputs = await deadlineCompaniesOf(db, rows);
  return sortDeadlines(inputs.flatMap((company) => companyDeadlines(company, today)));
}

/** Companies read per step by the reminder job, in id order after `afterId`. */
export async function companiesPage(db: Db, afterId: string | null, limit: number): Promise<CompanyRow[]> {
  return db
    .select()
    .from(companies)
    .where(afterId === null ? undefined : gt(companies.id, afterId))
    .orderBy(asc(companies.id))
    .limit(limit);
}

/** The SHA-256 of a feed token: what the database keeps and looks up. */
export const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Gives `userId` a new feed token, replacing (so revoking) the previous one; returns the token,
 * which exists nowhere else: 32 random bytes, URL-safe.
 */
export async function rotateCalendarFeed(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashFeedToken(token);
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: now } });
  return token;
}

/** Whether `userId` has a feed, and since when. */
export async function calendarFeedOf(db: Db, userId: string): Promise<{ createdAt: Date } | null> {
  const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

/** Turns the feed off: its URL stops working. */
export async function deleteCalendarFeed(db: Db, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The user whose current feed token this is, or null. */
export async function userOfFeedToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashFeedToken(token)));
  return row?.userId ?? null;
}
