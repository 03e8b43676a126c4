import { and, asc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { renewalStateOf, type RenewalCompany, type RenewalHistoryEntry, type RenewalKind, type RenewalState } from '@domain/renewal';
import type { Db } from '../client';
import { companies, companyRenewals, renewalReminders } from '../schema/companies';
import { users } from '../schema/users';
import type { CompanyRow } from './companies';

/** A day as the renewal rules count it: the UTC calendar date. */
export const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/** The settled due dates of each company, by company id. */
export async function renewedDueDatesOf(db: Db, companyIds: readonly string[]): Promise<Map<string, string[]>> {
  const byCompany = new Map<string, string[]>(companyIds.map((id) => [id, []]));
  if (companyIds.length === 0) return byCompany;
  const rows = await db
    .select({ companyId: companyRenewals.companyId, dueDate: companyRenewals.dueDate })
    .from(companyRenewals)
    .where(inArray(companyRenewals.companyId, [...companyIds]));
  for (const row of rows) byCompany.get(row.companyId)?.push(row.dueDate);
  return byCompany;
}

/** The renewal inputs of a company row. */
export const renewalCompanyOf = (company: CompanyRow, renewedDueDates: readonly string[]): RenewalCompany => ({
  type: company.type,
  state: company.state,
  status: company.status as RenewalCompany['status'],
  plan: company.plan,
  constitutionDate: company.constitutionDate,
  requestedAt: company.requestedAt.toISOString(),
  dissolution: company.dissolution,
  renewedDueDates,
});

/** The renewal state of each company on `now`'s day, in the companies' order. */
export async function renewalStatesOf(db: Db, rows: readonly CompanyRow[], now: Date): Promise<{ company: CompanyRow; state: RenewalState }[]> {
  const renewed = await renewedDueDatesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((company) => ({ company, state: renewalStateOf(renewalCompanyOf(company, renewed.get(company.id) ?? []), dayOf(now)) }));
}

/** The renewal state of one company on `now`'s day. */
export async function renewalStateOfRow(db: Db, company: CompanyRow, now: Date): Promise<RenewalState> {
  return (await renewalStatesOf(db, [company], now))[0]!.state;
}

/** Every settled due date of a company, newest first (the renewal page's history, and the staff page's). */
export async function renewalHistoryOf(db: Db, companyId: string): Promise<RenewalHistoryEntry[]> {
  const rows = await db
    .select({ dueDate: companyRenewals.dueDate, kind: companyRenewals.kind, renewedAt: companyRenewals.renewedAt, processedAt: companyRenewals.processedAt })
    .from(companyRenewals)
    .where(eq(companyRenewals.companyId, companyId))
    .orderBy(sql`${companyRenewals.dueDate} desc`);
  return rows.map((row) => ({
    dueDate: row.dueDate,
    kind: row.kind,
    renewedAt: row.renewedAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  }));
}

/**
 * Settles a due date once: a second payment or mark for the same date changes nothing and answers
 * false. Only a paid renewal waits for staff to file it; the others are done when settled.
 */
export async function settleRenewal(
  db: Db,
  entry: { companyId: string; dueDate: string; kind: RenewalKind; orderId: string | null; userId: string | null; now: Date },
): Promise<boolean> {
  const done = entry.kind === 'paid' ? {} : { processedAt: entry.now, processedBy: entry.userId };
  const inserted = await db
    .insert(companyRenewals)
    .values({
      companyId: entry.companyId,
      dueDate: entry.dueDate,
      kind: entry.kind,
      orderId: entry.orderId,
      renewedBy: entry.userId,
      renewedAt: entry.now,
      ...done,
    })
    .onConflictDoNothing()
    .returning({ dueDate: companyRenewals.dueDate });
  return inserted.length > 0;
}

/** Staff filed a paid renewal with the state: true only for the call that marked it (a second click changes nothing). */
export async function processRenewal(db: Db, entry: { companyId: string; dueDate: string; userId: string; now: Date }): Promise<boolean> {
  const updated = await db
    .update(companyRenewals)
    .set({ processedAt: entry.now, processedBy: entry.userId })
    .where(and(eq(companyRenewals.companyId, entry.companyId), eq(companyRenewals.dueDate, entry.dueDate), isNull(companyRenewals.processedAt)))
    .returning({ dueDate: companyRenewals.dueDate });
  return updated.length > 0;
}

/** SPEC §4 dissolution: available → requested (paid). False when it was not available any more. */
export async function requestDissolution(db: Db, companyId: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(companies)
    .set({ dissolution: 'requested', dissolutionRequestedAt: now, updatedAt: now })
    .where(and(eq(companies.id, companyId), eq(companies.dissolution, 'available')))
    .returning({ id: companies.id });
  return updated.length > 0;
}

/** requested → processed, by staff. False when no dissolution was requested (or it is processed already). */
export async function processDissolution(db: Db, companyId: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(companies)
    .set({ dissolution: 'processed', dissolutionProcessedAt: now, updatedAt: now })
    .where(and(eq(companies.id, companyId), eq(companies.dissolution, 'requested')))
    .returning({ id: companies.id });
  return updated.length > 0;
}

/** Companies that may need a renewal reminder, a page at a time by id (bounded work per query). */
export async function renewableCompaniesPage(db: Db, afterId: string | null, limit: number) {
  return db
    .select({ company: companies, ownerEmail: users.email, ownerFirstName: users.firstName, ownerLanguage: users.language })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(
      and(
        ne(companies.type, 'Cross Border Crypto'),
        ne(companies.status, 'Canceled'),
        eq(companies.dissolution, 'available'),
        afterId ? gt(companies.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(companies.id))
    .limit(limit);
}

/**
 * Claims the reminder of (company, due date, stage) for this instance: a new row, or one whose
 * claim went stale without a mail (`staleBefore`). True only for the one caller that got it.
 */
export async function claimRenewalReminder(
  db: Db,
  reminder: { companyId: string; dueDate: string; stage: 'upcoming' | 'overdue' },
  now: Date,
  staleBefore: Date,
): Promise<boolean> {
  const claimed = await db
    .insert(renewalReminders)
    .values({ ...reminder, claimedAt: now })
    .onConflictDoUpdate({
      target: [renewalReminders.companyId, renewalReminders.dueDate, renewalReminders.stage],
      set: { claimedAt: now },
      setWhere: and(isNull(renewalReminders.sentAt), lt(renewalReminders.claimedAt, staleBefore)),
    })
    .returning({ companyId: renewalReminders.companyId });
  return claimed.length > 0;
}

export async function markRenewalReminderSent(
  db: Db,
  reminder: { companyId: string; dueDate: string; stage: 'upcoming' | 'overdue' },
  now: Date,
): Promise<void> {
  await db
    .update(renewalReminders)
    .set({ sentAt: now })
    .where(and(eq(renewalReminders.companyId, reminder.companyId), eq(renewalReminders.dueDate, reminder.dueDate), eq(renewalReminders.stage, reminder.stage)));
}
