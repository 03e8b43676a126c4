import { z } from 'zod';
import { boiDomesticExemptionDate, boiRequirement } from './boi';
import type { CompanyType } from './company';
import { renewalStateOf, type RenewalCompany } from './renewal';
import { addDays, isoDay, monthsBefore } from './days';
import { daysBetween, returnDue, standingOn, type TaxFiler } from './tax-deadlines';
import { stateFilingNames, stateFilingRules, type StateFilingDue, type StateFilingRule } from './state-filings';

/**
 * Every deadline of a company in one calendar (issue 33 §4): its federal returns and their
 * Form 7004 extensions (domain/tax-deadlines.ts), its state's annual report, tax or franchise
 * tax (`stateFilingRules`), the BOI report when FinCEN's 2025 rule still requires one (decision
 * 029: only foreign reporting companies), the registered-agent and plan renewal (domain/renewal.ts)
 * and the day its KYB proofs of address turn 3 months old. Pure: the caller passes the day.
 */

export const deadlineKinds = ['federalReturn', 'federalExtendedReturn', 'stateFiling', 'boiReport', 'renewal', 'kybProofOfAddress'] as const;

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
  const facts = [
    ...federalDeadlines(company, today),
    ...stateDeadlines(company, today),
    ...boiDeadlines(company),
    ...renewalDeadlines(company, today),
    ...kybDeadlines(company),
  ];
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
    if (standing.status !== 'extension') facts.push({ kind: 'federalReturn', date: due.deadline, forms: due.forms, taxYear });
    if (standing.status !== 'overdue') facts.push({ kind: 'federalExtendedReturn', date: due.extendedDeadline, forms: due.forms, taxYear });
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

/** The first due date on or after `today` of a filing of a company formed on `formed`; null for a one-off filing already past, or none at all. */
export function nextStateDueDate(due: StateFilingDue, formed: string, today: string): string | null {
  if (due.kind === 'none') return null;
  if (due.kind === 'daysAfterFormation') {
    const date = addDays(formed, due.days);
    return date >= today ? date : null;
  }
  const every = due.everyYears ?? 1;
  const late = due.lateFormationFromMonth !== undefined && Number(formed.slice(5, 7)) >= due.lateFormationFromMonth ? 1 : 0;
  const first = Number(formed.slice(0, 4)) + (due.firstAfterYears ?? every) + late;
  const parity = due.calendarYears === undefined ? null : due.calendarYears === 'odd' ? 1 : 0;
  // From the year before today's: a due date in the month before the anniversary month (Illinois) may fall in it.
  for (let year = Math.max(first, Number(today.slice(0, 4)) - 1); ; year += 1) {
    if ((year - first) % every !== 0 || (parity !== null && year % 2 !== parity)) continue;
    const date = yearlyDueDate(due, formed, year);
    if (date >= today) return date;
  }
}

function yearlyDueDate(due: Exclude<StateFilingDue, { kind: 'daysAfterFormation' | 'none' }>, formed: string, year: number): string {
  const month = Number(formed.slice(5, 7));
  if (due.kind === 'fixedDay') return isoDay(year, due.month, due.day);
  if (due.kind === 'anniversaryMonthFirstDay') return isoDay(year, month, 1);
  // Formed on 29 February: the 28th in a common year.
  if (due.kind === 'anniversaryDay') return isoDay(year, month, Math.min(Number(formed.slice(8, 10)), lastDayOf(year, month)));
  if (due.kind === 'anniversaryQuarterEnd') return isoDay(year, Math.ceil(month / 3) * 3, lastDayOf(year, Math.ceil(month / 3) * 3));
  // Day 0 of the month after is the last day of the month wanted; Date.UTC carries across years.
  return new Date(Date.UTC(year, month + due.monthsAfter, 0)).toISOString().slice(0, 10);
}

/** The last day of `month` (1–12) of `year`. */
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

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
