import { z } from 'zod';
import type { CompanyStatus, CompanyType } from './company';

/**
 * Renewals and dissolution (SPEC §3 "Renewal summary", §4 "Renewal", "Dissolution"). A US
 * company renews with its state once a year; when is computed here from its formation date,
 * its state and its plan (docs/decisions/025-company-renewals-and-documents.md), so the
 * server's summary, the reminder job and the renewal page agree to the day.
 */

/** SPEC §3 renewal statuses. */
export const renewalStatuses = ['OVERDUE', 'WITHIN_TIMEFRAME', 'NO_RENEWAL_REQUIRED', 'ALREADY_RENEWED'] as const;
export type RenewalStatus = (typeof renewalStatuses)[number];

/** Days before a due date from which the renewal can be paid and is "pending" (within the timeframe). */
export const renewalWindowDays = 60;

/** SPEC §4 dissolution: available, then requested (paid), then processed by staff. */
export const dissolutionStatuses = ['available', 'requested', 'processed'] as const;
export type DissolutionStatus = (typeof dissolutionStatuses)[number];

/**
 * How a due date was settled: paid through Alta's checkout (then filed by staff: `processedAt`),
 * renewed by the owner directly with the state, or renewed by staff for the customer (decision 038).
 */
export const renewalKinds = ['paid', 'external', 'staff'] as const;
export type RenewalKind = (typeof renewalKinds)[number];

/**
 * States whose annual report or franchise tax falls on a fixed calendar day, whatever the
 * formation date (month 1–12, day), per company type; every other state's falls on the
 * anniversary of the formation. The first fixed-day due date is in the year after formation.
 */
const fixedDueDays: Partial<Record<string, Partial<Record<CompanyType, { month: number; day: number }>>>> = {
  // Delaware: LLC annual tax June 1; corporation franchise tax and annual report March 1.
  DE: { LLC: { month: 6, day: 1 }, 'C-Corp': { month: 3, day: 1 } },
  // Florida: annual report by May 1.
  FL: { LLC: { month: 5, day: 1 }, 'C-Corp': { month: 5, day: 1 } },
  // Texas: franchise tax report by May 15.
  TX: { LLC: { month: 5, day: 15 }, 'C-Corp': { month: 5, day: 15 } },
};

/** What the computation needs of a company. */
export interface RenewalCompany {
  type: CompanyType;
  state: string | null;
  status: CompanyStatus;
  plan: string | null;
  /** The state's formation date (YYYY-MM-DD), or null while the company is being formed. */
  constitutionDate: string | null;
  /** When the company was ordered: the formation date until the state gives one. */
  requestedAt: string;
  dissolution: DissolutionStatus;
  /** Due dates already settled (YYYY-MM-DD), paid or renewed externally. */
  renewedDueDates: readonly string[];
}

export interface RenewalState {
  status: RenewalStatus;
  /** The due date the status is about (the first one not settled), or null when no renewal applies. */
  dueDate: string | null;
  /** Days from `today` to `dueDate` (negative when overdue). */
  daysRemaining: number | null;
  /** The last due date settled, if any. */
  lastRenewedDueDate: string | null;
}

const dayMs = 24 * 60 * 60 * 1000;

/** A date-only string (YYYY-MM-DD) as a UTC midnight timestamp. */
const toDay = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
const fromDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** `date` plus `years`, keeping the day; 29 February becomes 28 February in a common year. */
function addYears(date: string, years: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = year + years;
  const lastDay = new Date(Date.UTC(target, month, 0)).getUTCDate();
  return fromDay(Date.UTC(target, month - 1, Math.min(day, lastDay)));
}

/** The company's formation date (YYYY-MM-DD): the state's, or the order's while forming. */
export function formationDateOf(company: Pick<RenewalCompany, 'constitutionDate' | 'requestedAt'>): string {
  return (company.constitutionDate ?? company.requestedAt).slice(0, 10);
}

/** The `n`-th renewal due date (n ≥ 1) of a company formed on `formed` in `state`. */
export function nthDueDate(company: Pick<RenewalCompany, 'type' | 'state'>, formed: string, n: number): string {
  const fixed = company.state ? fixedDueDays[company.state]?.[company.type] : undefined;
  if (!fixed) return addYears(formed, n);
  const year = Number(formed.slice(0, 4)) + n;
  return fromDay(Date.UTC(year, fixed.month - 1, fixed.day));
}

/** True when a company never renews with a state: crypto accounts, canceled companies, dissolved or dissolving ones, no plan. */
export function renewalApplies(company: Pick<RenewalCompany, 'type' | 'status' | 'dissolution' | 'plan'>): boolean {
  return company.type !== 'Cross Border Crypto' && company.status !== 'Canceled' && company.dissolution === 'available' && company.plan !== null;
}

/**
 * The renewal status of a company on `today` (YYYY-MM-DD):
 * - NO_RENEWAL_REQUIRED: renewal does not apply, or the first due date is more than the window away;
 * - OVERDUE: the first unsettled due date has passed;
 * - WITHIN_TIMEFRAME: it is at most `renewalWindowDays` away (pending);
 * - ALREADY_RENEWED: some due date was settled and the next one is further than the window.
 */
export function renewalStateOf(company: RenewalCompany, today: string): RenewalState {
  const renewed = new Set(company.renewedDueDates);
  const last = [...company.renewedDueDates].sort().at(-1) ?? null;
  if (!renewalApplies(company)) return { status: 'NO_RENEWAL_REQUIRED', dueDate: null, daysRemaining: null, lastRenewedDueDate: last };
  const formed = formationDateOf(company);
  // The first due date not settled; a settled one later than the unsettled one does not skip it.
  let n = 1;
  while (renewed.has(nthDueDate(company, formed, n))) n += 1;
  const dueDate = nthDueDate(company, formed, n);
  const daysRemaining = Math.round((toDay(dueDate) - toDay(today)) / dayMs);
  if (daysRemaining < 0) return { status: 'OVERDUE', dueDate, daysRemaining, lastRenewedDueDate: last };
  if (daysRemaining <= renewalWindowDays) return { status: 'WITHIN_TIMEFRAME', dueDate, daysRemaining, lastRenewedDueDate: last };
  return { status: n > 1 ? 'ALREADY_RENEWED' : 'NO_RENEWAL_REQUIRED', dueDate, daysRemaining, lastRenewedDueDate: last };
}

/** True when the renewal can be paid or marked as renewed externally now. */
export const renewalIsDue = (status: RenewalStatus) => status === 'OVERDUE' || status === 'WITHIN_TIMEFRAME';

const summaryCompanySchema = z.object({ id: z.uuid(), name: z.string(), status: z.enum(renewalStatuses) });

/** GET /api/v1/renewals/summary (SPEC §3): pending are the companies within the timeframe. */
export const renewalSummarySchema = z.object({
  pendingCount: z.int().min(0),
  overdueCount: z.int().min(0),
  pendingCompanies: z.array(summaryCompanySchema),
  overdueCompanies: z.array(summaryCompanySchema),
});
export type RenewalSummary = z.infer<typeof renewalSummarySchema>;

/** A settled due date; `processedAt` is when staff filed a paid renewal with the state (null while being filed). */
export const renewalHistoryEntrySchema = z.object({
  dueDate: z.string(),
  kind: z.enum(renewalKinds),
  renewedAt: z.string(),
  processedAt: z.string().nullable(),
});
export type RenewalHistoryEntry = z.infer<typeof renewalHistoryEntrySchema>;

/** GET /api/v1/companies/:id/renewal: the renewal page. */
export const companyRenewalSchema = z.object({
  companyId: z.uuid(),
  name: z.string(),
  relation: z.enum(['owner', 'teammate']),
  status: z.enum(renewalStatuses),
  dueDate: z.string().nullable(),
  daysRemaining: z.int().nullable(),
  formationDate: z.string(),
  lastRenewedDueDate: z.string().nullable(),
  /** What renewing through Alta costs, in cents (null when renewal does not apply). */
  renewalPrice: z.int().min(0).nullable(),
  dissolution: z.enum(dissolutionStatuses),
  dissolutionPrice: z.int().min(0),
  history: z.array(renewalHistoryEntrySchema),
});
export type CompanyRenewal = z.infer<typeof companyRenewalSchema>;

/** POST /api/v1/companies/:id/orders: an order for the company, paid through the checkout. */
export const companyOrderSchema = z.discriminatedUnion(
  'paymentType',
  [
    z.strictObject({ paymentType: z.literal('renewal'), expectedAmount: z.int().min(0) }),
    z.strictObject({ paymentType: z.literal('dissolution'), expectedAmount: z.int().min(0) }),
    z.strictObject({
      paymentType: z.literal('additionalService'),
      services: z.array(z.string().max(60)).min(1, { error: 'validation.required' }).max(20, { error: 'validation.tooLong' }),
      expectedAmount: z.int().min(0),
    }),
  ],
  { error: 'validation.required' },
);
export type CompanyOrderInput = z.infer<typeof companyOrderSchema>;
