import { and, asc, eq, inArray } from 'drizzle-orm';
import type { BoiReportForm } from '@domain/boi-report';
import type { Db } from '../client';
import { partners } from '../schema/companies';
import { boiReports } from '../schema/boi';

/** BOI reports (decision 029): read for companies the caller already may see, written by their owner. */

/** The partners of these companies, in the order the owner entered them. */
export async function partnersOfCompanies(db: Db, companyIds: string[]) {
  if (companyIds.length === 0) return [];
  return db.select().from(partners).where(inArray(partners.companyId, companyIds)).orderBy(asc(partners.companyId), asc(partners.position));
}

/** The stored reports of these companies. */
export async function reportsOfCompanies(db: Db, companyIds: string[]) {
  if (companyIds.length === 0) return [];
  return db.select().from(boiReports).where(inArray(boiReports.companyId, companyIds));
}

/**
 * Stores a submitted report, replacing an earlier submission that was not filed yet; false when
 * the report is already filed (then it cannot change).
 */
export async function submitReport(db: Db, companyId: string, form: BoiReportForm, userId: string, at: Date): Promise<boolean> {
  const saved = await db
    .insert(boiReports)
    .values({ companyId, status: 'submitted', form, submittedBy: userId, submittedAt: at })
    .onConflictDoUpdate({ target: boiReports.companyId, set: { form, submittedBy: userId, submittedAt: at }, setWhere: eq(boiReports.status, 'submitted') })
    .returning({ companyId: boiReports.companyId });
  return saved.length === 1;
}

/** One company's report, if any. */
export async function findReport(db: Db, companyId: string) {
  const [row] = await db.select().from(boiReports).where(eq(boiReports.companyId, companyId));
  return row ?? null;
}

/** Staff filed the submitted report with FinCEN (decision 038): true only for the call that moved it; then it cannot change. */
export async function markReportFiled(db: Db, companyId: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(boiReports)
    .set({ status: 'filed', filedAt: at })
    .where(and(eq(boiReports.companyId, companyId), eq(boiReports.status, 'submitted')))
    .returning({ companyId: boiReports.companyId });
  return updated.length === 1;
}
