import { z } from 'zod';
import { boiDomesticExemptionDate, boiRequirement } from './boi';
import type { CompanyType } from './company';
import { monthsBefore } from './kyb';
import { renewalStateOf, type RenewalCompany } from './renewal';
import { addDays, daysBetween, returnDue, standingOn, type TaxFiler, type TaxFormCode } from './tax-deadlines';

/**
 * Every deadline of a company in one calendar (issue 33 §4): its federal returns and their
 * Form 7004 extensions (domain/tax-deadlines.ts), its state's annual report, tax or franchise
 * tax (`stateFilingRules`), the BOI report when FinCEN's 2025 rule still requires one (decision
 * 029: only foreign reporting companies), the registered-agent and plan renewal (domain/renewal.ts)
 * and the day its KYB proofs of address turn 3 months old. Pure: the caller passes the day.
 */

export const deadlineKinds = ['federalReturn', 'federalExtendedReturn', 'stateFiling', 'boiReport', 'renewal', 'kybProofOfAddress'] as const;
export type DeadlineKind = (typeof deadlineKinds)[number];

/** What a state asks each year (or once, or every other year) of a company formed there. */
export const stateFilingNames = ['annualReport', 'annualTax', 'franchiseTax', 'annualList', 'initialReport', 'annualRegistration', 'periodicReport', 'biennialStatement', 'publication'] as const;
export type StateFilingName = (typeof stateFilingNames)[number];

/**
 * When a state filing falls: on a fixed day each year; on the first day of the month the
 * company was formed in (its anniversary month); on the last day of the month `monthsAfter`
 * that one (0 the same month, -1 the month before, 2 two months later); or once, some days after
 * formation. A yearly filing is first due in the year after formation (its anniversary month then);
 * one every `everyYears` years, that many years after it.
 */
export type StateFilingDue =
  | { kind: 'fixedDay'; month: number; day: number }
  | { kind: 'anniversaryMonthFirstDay' }
  | { kind: 'anniversaryMonthEnd'; monthsAfter: number; everyYears?: number }
  | { kind: 'daysAfterFormation'; days: number };

export interface StateFilingRule {
  state: string;
  type: Exclude<CompanyType, 'Cross Border Crypto'>;
  filing: StateFilingName;
  due: StateFilingDue;
}

/**
 * The state filings Alta knows, by state of formation and company type. A state or type absent
 * here gets no state row in the calendar rather than a guessed date. Dates are the statutory
 * ones, not moved past weekends (the states differ on that; filing earlier is always allowed).
 */
export const stateFilingRules: readonly StateFilingRule[] = [
  // 6 Del. C. §18-1107(b)–(c): every domestic LLC pays an annual tax of $300 on or before June 1.
  { state: 'DE', type: 'LLC', filing: 'annualTax', due: { kind: 'fixedDay', month: 6, day: 1 } },
  // 8 Del. C. §502(a) and §503: the annual franchise tax report and the tax are due on or before March 1.
  { state: 'DE', type: 'C-Corp', filing: 'franchiseTax', due: { kind: 'fixedDay', month: 3, day: 1 } },
  // Wyo. Stat. §17-29-209 (LLC) and §17-16-1630 (corporation): the annual report and license tax are
  // due on or before the first day of the anniversary month of formation, from the year after it.
  { state: 'WY', type: 'LLC', filing: 'annualReport', due: { kind: 'anniversaryMonthFirstDay' } },
  { state: 'WY', type: 'C-Corp', filing: 'annualReport', due: { kind: 'anniversaryMonthFirstDay' } },
  // Fla. Stat. §605.0212 (LLC) and §607.1622 (corporation): the annual report is filed between
  // January 1 and May 1 of each year after the year of formation; after May 1 a $400 late fee applies.
  { state: 'FL', type: 'LLC', filing: 'annualReport', due: { kind: 'fixedDay', month: 5, day: 1 } },
  { state: 'FL', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 5, day: 1 } },
  // N.M. Stat. §53-5-2(A): a corporation files its first report within 30 days of its certificate of
  // incorporation. Its later reports are biennial (15th day of the 4th month after its tax year) in
  // the even or odd years the state assigns by its business ID, which Alta does not hold, so they are
  // not listed. New Mexico LLCs file no annual report (the LLC Act, N.M. Stat. ch. 53 art. 19, has none).
  { state: 'NM', type: 'C-Corp', filing: 'initialReport', due: { kind: 'daysAfterFormation', days: 30 } },
  // Tex. Tax Code §171.202(a): the franchise tax report (with the public information report) is due
  // May 15 of each year; the first one in the year after the entity's beginning date (§171.1532).
  { state: 'TX', type: 'LLC', filing: 'franchiseTax', due: { kind: 'fixedDay', month: 5, day: 15 } },
  { state: 'TX', type: 'C-Corp', filing: 'franchiseTax', due: { kind: 'fixedDay', month: 5, day: 15 } },
  // NRS 86.263 (LLC) and NRS 78.150 (corporation): the annual list is filed on or before the last day
  // of the anniversary month of formation (the initial list, due by the end of the first month, is
  // filed with the formation).
  { state: 'NV', type: 'LLC', filing: 'annualList', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  { state: 'NV', type: 'C-Corp', filing: 'annualList', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  // O.C.G.A. §14-11-1103(c) (LLC) and §14-2-1622(c) (corporation): the annual registration is delivered
  // between January 1 and April 1 of each year after the year of formation.
  { state: 'GA', type: 'LLC', filing: 'annualRegistration', due: { kind: 'fixedDay', month: 4, day: 1 } },
  { state: 'GA', type: 'C-Corp', filing: 'annualRegistration', due: { kind: 'fixedDay', month: 4, day: 1 } },
  // 805 ILCS 180/50-1(b) (LLC) and 805 ILCS 5/14.05 (corporation): the annual report is delivered within
  // the 60 days before the first day of the anniversary month, so by the last day of the month before.
  { state: 'IL', type: 'LLC', filing: 'annualReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: -1 } },
  { state: 'IL', type: 'C-Corp', filing: 'annualReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: -1 } },
  // C.R.S. §7-90-501(3)(c): every reporting entity (LLC and corporation) delivers its periodic report no
  // later than the last day of the second calendar month after its anniversary month, each year.
  { state: 'CO', type: 'LLC', filing: 'periodicReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: 2 } },
  { state: 'CO', type: 'C-Corp', filing: 'periodicReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: 2 } },
  // N.Y. LLC Law §206(a): an LLC publishes notice of its formation and files the certificate of
  // publication within 120 days of formation, or its authority to do business is suspended.
  { state: 'NY', type: 'LLC', filing: 'publication', due: { kind: 'daysAfterFormation', days: 120 } },
  // N.Y. LLC Law §301(e) (LLC) and Business Corporation Law §408 (corporation): a biennial statement
  // every two years, filed during the calendar month of the original filing (not before it).
  { state: 'NY', type: 'LLC', filing: 'biennialStatement', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0, everyYears: 2 } },
  { state: 'NY', type: 'C-Corp', filing: 'biennialStatement', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0, everyYears: 2 } },
];

/** Days before a deadline on which the owner is mailed (issue 33 §4). */
export const deadlineReminderDays = [30, 7, 1] as const;

/**
 * The reminder a deadline is due on its day: the nearest step `daysRemaining` has reached (a
 * first run 5 days before sends the 7-day one only), null when overdue or further than 30
 * days. A federal return gets only the 1-day one: server/jobs/declaration-reminders.ts already
 * mails it 30 and 7 days before.
 */
export function reminderStepOf(deadline: Pick<Deadline, 'kind' | 'daysRemaining'>): number | null {
  if (deadline.daysRemaining < 0) return null;
  const steps = deadline.kind === 'federalReturn' || deadline.kind === 'federalExtendedReturn' ? [1] : [...deadlineReminderDays];
  return steps.sort((a, b) => a - b).find((before) => deadline.daysRemaining <= before) ?? null;
}

/** How far ahead the calendar looks: a year and a bit, so every yearly filing shows once. */
export const calendarHorizonDays = 400;

/**
 * FinCEN's interim final rule (90 FR 13688, 26 March 2025), 31 CFR 1010.380(a)(1)(iii)–(iv): a
 * foreign reporting company registered before it files by 25 April 2025; one registered later,
 * within 30 calendar days of its registration taking effect.
 */
export const boiExistingCompanyDeadline = '2025-04-25';
export const boiNewCompanyDays = 30;

/** The company as the calendar needs it. */
export interface DeadlineCompany {
  id: string;
  name: string;
  type: CompanyType;
  state: string | null;
  migrated: boolean;
  originCountry: string | null;
  /** The tax facts (domain/tax-deadlines.ts), with the years whose return is sent. */
  filer: TaxFiler;
  sentReturnYears: readonly number[];
  /** The renewal facts (domain/renewal.ts). */
  renewal: RenewalCompany;
  /** The BOI report is submitted (or filed by staff). */
  boiSubmitted: boolean;
  /** The issue dates of the proofs of address of its submitted KYB (the company's and each owner's). */
  kybProofOfAddressDates: readonly string[];
}

export const deadlineSchema = z.object({
  /** Stable across days: company, kind, what and date. The reminder job and the .ics UID use it. */
  key: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
  kind: z.enum(deadlineKinds),
  date: z.iso.date(),
  daysRemaining: z.int(),
  /** The federal forms (returns), the state filing and its state, the tax year of a return. */
  forms: z.array(z.enum(['5472', 'proForma1120', '1065', 'k1', '1120'])).optional(),
  stateFiling: z.enum(stateFilingNames).optional(),
  state: z.string().optional(),
  taxYear: z.int().optional(),
});
export type Deadline = z.infer<typeof deadlineSchema>;

type DeadlineFacts = Omit<Deadline, 'key' | 'companyId' | 'companyName' | 'daysRemaining'>;

/**
 * The deadlines of a company on `today`: what is overdue (unsent returns past both deadlines,
 * an unsent BOI report, an unpaid renewal, an expired proof of address) and what falls within
 * `calendarHorizonDays`; overdue first, then soonest first.
 */
export function companyDeadlines(company: DeadlineCompany, today: string): Deadline[] {
  const facts = [...federalDeadlines(company, today), ...stateDeadlines(company, today), ...boiDeadlines(company), ...renewalDeadlines(company, today), ...kybDeadlines(company)];
  const horizon = addDays(today, calendarHorizonDays);
  return sortDeadlines(
    facts
      .filter((fact) => fact.date <= horizon)
      .map((fact) => ({
        key: [company.id, fact.kind, fact.stateFiling ?? fact.taxYear ?? '', fact.date].join(':'),
        companyId: company.id,
        companyName: company.name,
        daysRemaining: daysBetween(today, fact.date),
        ...fact,
      })),
  );
}

/** Overdue first (the oldest first), then the soonest first. */
export function sortDeadlines(deadlines: Deadline[]): Deadline[] {
  return deadlines.sort((a, b) => a.date.localeCompare(b.date) || a.companyName.localeCompare(b.companyName) || a.kind.localeCompare(b.kind));
}

/**
 * Last year's and this year's returns not sent: both deadlines while the first is ahead (the
 * second holds only with Form 7004 filed by the first), the extended one once the first passed,
 * and the first, overdue, once both passed.
 */
function federalDeadlines(company: DeadlineCompany, today: string): DeadlineFacts[] {
  const thisYear = Number(today.slice(0, 4));
  const facts: DeadlineFacts[] = [];
  for (const taxYear of [thisYear - 1, thisYear]) {
    if (company.sentReturnYears.includes(taxYear)) continue;
    const due = returnDue(company.filer, taxYear);
    if (!due) continue;
    const standing = standingOn(due, today);
    if (standing.status !== 'extension') facts.push({ kind: 'federalReturn', date: due.deadline, forms: due.forms as TaxFormCode[], taxYear });
    if (standing.status !== 'overdue') facts.push({ kind: 'federalExtendedReturn', date: due.extendedDeadline, forms: due.forms as TaxFormCode[], taxYear });
  }
  return facts;
}

/** The next due date of each state filing from `today` on (today included). */
function stateDeadlines(company: DeadlineCompany, today: string): DeadlineFacts[] {
  const formed = company.filer.formationDate;
  if (formed === null || company.state === null || company.type === 'Cross Border Crypto' || !stillActive(company)) return [];
  const state = company.state;
  return stateFilingRules
    .filter((rule) => rule.state === state && rule.type === company.type)
    .map((rule) => ({ rule, date: nextStateDueDate(rule.due, formed, today) }))
    .filter((entry): entry is { rule: StateFilingRule; date: string } => entry.date !== null)
    .map(({ rule, date }) => ({ kind: 'stateFiling', date, stateFiling: rule.filing, state }));
}

/** A dissolved, dissolving or canceled company owes its state, FinCEN and the bank nothing more through Alta (its last federal return still shows). */
const stillActive = (company: DeadlineCompany) => company.renewal.status !== 'Canceled' && company.renewal.dissolution === 'available';

/** The first due date on or after `today` of a filing of a company formed on `formed`; null for a one-off filing already past. */
export function nextStateDueDate(due: StateFilingDue, formed: string, today: string): string | null {
  if (due.kind === 'daysAfterFormation') {
    const date = addDays(formed, due.days);
    return date >= today ? date : null;
  }
  const formedYear = Number(formed.slice(0, 4));
  const every = due.kind === 'anniversaryMonthEnd' ? (due.everyYears ?? 1) : 1;
  // From the year before today's: a due date in the month before the anniversary month (Illinois) may fall in it.
  for (let year = Math.max(formedYear + every, Number(today.slice(0, 4)) - 1); ; year += 1) {
    if ((year - formedYear) % every !== 0) continue;
    const date = yearlyDueDate(due, formed, year);
    if (date >= today) return date;
  }
}

function yearlyDueDate(due: Exclude<StateFilingDue, { kind: 'daysAfterFormation' }>, formed: string, year: number): string {
  const month = Number(formed.slice(5, 7));
  if (due.kind === 'fixedDay') return isoDay(year, due.month, due.day);
  if (due.kind === 'anniversaryMonthFirstDay') return isoDay(year, month, 1);
  // Day 0 of the month after is the last day of the month wanted; Date.UTC carries across years.
  return new Date(Date.UTC(year, month + due.monthsAfter, 0)).toISOString().slice(0, 10);
}

/** A foreign reporting company's BOI report until it is submitted (decision 029; domestic companies are exempt). */
function boiDeadlines(company: DeadlineCompany): DeadlineFacts[] {
  if (company.boiSubmitted || !stillActive(company) || boiRequirement(company) !== 'required') return [];
  const registered = company.filer.formationDate;
  if (registered === null) return [];
  const date = registered < boiDomesticExemptionDate ? boiExistingCompanyDeadline : addDays(registered, boiNewCompanyDays);
  return [{ kind: 'boiReport', date }];
}

/** The registered-agent and plan renewal, as domain/renewal.ts computes it (overdue included). */
function renewalDeadlines(company: DeadlineCompany, today: string): DeadlineFacts[] {
  const state = renewalStateOf(company.renewal, today);
  return state.dueDate === null ? [] : [{ kind: 'renewal', date: state.dueDate }];
}

/**
 * The day the oldest proof of address of the KYB turns 3 months old (SPEC §5: banking accepts
 * proofs under 3 months): after it the bank may ask for a newer one.
 */
function kybDeadlines(company: DeadlineCompany): DeadlineFacts[] {
  if (!stillActive(company)) return [];
  const oldest = [...company.kybProofOfAddressDates].sort()[0];
  if (oldest === undefined) return [];
  return [{ kind: 'kybProofOfAddress', date: monthsAfter(oldest, 3) }];
}

/** YYYY-MM-DD `months` after `day` (the 31st falls back to the month's last day). */
const monthsAfter = (day: string, months: number) => monthsBefore(day, -months);

const isoDay = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
