import { addDays, isoDay } from './days';

/**
 * Which IRS return a company owes for a tax year, and by when (sources and reasoning in
 * docs/decisions/026-tax-forms.md). Calendar tax years only: every Alta company uses one.
 *
 * - LLC with one member who is not a US person (a foreign-owned disregarded entity):
 *   Form 5472 attached to a pro forma Form 1120, due like a corporation's return
 *   (15th day of the 4th month: 15 April), extended 6 months by Form 7004 (15 October).
 * - LLC with two or more members (a partnership): Form 1065 with one Schedule K-1 per
 *   partner, due the 15th day of the 3rd month (15 March), extended 6 months (15 September).
 * - C-Corp: Form 1120 (15 April, extended to 15 October), with Form 5472 when a foreign
 *   person owns at least 25 %.
 *
 * A company owes a return for a year only if it existed in that year: from its formation
 * date, or, for a migrated company whose date Alta does not know, always (it existed before it
 * came to Alta). A company Alta is still forming owes nothing yet; `firstReturn` says when its
 * first return will be due. The extended deadline exists only if Form 7004 is filed by the
 * original one (`extensionFor`); an unsent return whose deadlines passed is overdue
 * (`standingOn`), and a missing Form 5472 costs the IRS penalty of IRC §6038A(d).
 *
 * A due date on a Saturday, Sunday or legal holiday in the District of Columbia moves to the
 * next day that is none of those (IRC §7503): the federal holidays of 5 U.S.C. §6103 plus
 * DC Emancipation Day (16 April), each observed on the Friday before when it falls on a
 * Saturday and on the Monday after when it falls on a Sunday.
 */

export type TaxFormCode = '5472' | 'proForma1120' | '1065' | 'k1' | '1120';

/** The company as the rules need it: its type, its owners (share and US residence) and when it was formed. */
export interface TaxFiler {
  type: 'LLC' | 'C-Corp' | 'Cross Border Crypto';
  owners: readonly { percentage: number; usResident: boolean }[];
  /** The day it was formed (YYYY-MM-DD); null when Alta does not know it (a company still being formed, or a migrated one). */
  formationDate: string | null;
  /** It existed before it came to Alta: without a formation date it is taken to exist in every year. */
  migrated: boolean;
}

/** The kind of return, which the reminders and the pending-declarations result group by. */
export type ReturnKind = 'llcSingleMember' | 'llcMultiPartner' | 'cCorp';

export interface ReturnDue {
  kind: ReturnKind;
  forms: TaxFormCode[];
  /** The due date, already moved past weekends and holidays (YYYY-MM-DD). */
  deadline: string;
  /** The due date with the automatic 6-month extension (Form 7004), moved likewise. */
  extendedDeadline: string;
}

/** Foreign ownership from which a corporation also files Form 5472 (IRC §6038A). */
export const reportableForeignOwnership = 25;

/** What a company owes for `taxYear`, or null when it owes Alta's wizard nothing (see `returnKindOf`). */
export function returnDue(filer: TaxFiler, taxYear: number): ReturnDue | null {
  const kind = returnKindOf(filer, taxYear);
  if (kind === null) return null;
  const filingYear = taxYear + 1;
  if (kind === 'llcMultiPartner') {
    return { kind, forms: ['1065', 'k1'], deadline: nextBusinessDay(isoDay(filingYear, 3, 15)), extendedDeadline: nextBusinessDay(isoDay(filingYear, 9, 15)) };
  }
  const forms: TaxFormCode[] = kind === 'llcSingleMember' ? ['5472', 'proForma1120'] : hasReportableForeignOwner(filer) ? ['1120', '5472'] : ['1120'];
  return { kind, forms, deadline: nextBusinessDay(isoDay(filingYear, 4, 15)), extendedDeadline: nextBusinessDay(isoDay(filingYear, 10, 15)) };
}

/**
 * The kind of return, or null when there is none to prepare: a Cross Border Crypto account
 * (no US company), a company formed after the tax year, or a single-member LLC owned by a
 * US person (it is disregarded and reported on the owner's own Form 1040).
 */
export function returnKindOf(filer: TaxFiler, taxYear: number): ReturnKind | null {
  if (filer.type === 'Cross Border Crypto') return null;
  if (!existedIn(filer, taxYear)) return null;
  if (filer.type === 'C-Corp') return 'cCorp';
  if (filer.owners.length >= 2) return 'llcMultiPartner';
  const [owner] = filer.owners;
  return owner?.usResident ? null : 'llcSingleMember';
}

const hasReportableForeignOwner = (filer: Pick<TaxFiler, 'owners'>) =>
  filer.owners.some((owner) => !owner.usResident && owner.percentage >= reportableForeignOwnership);

/** Whether the company existed at some point of `taxYear` (a short first year counts). */
export function existedIn(filer: Pick<TaxFiler, 'formationDate' | 'migrated'>, taxYear: number): boolean {
  if (filer.formationDate === null) return filer.migrated;
  return Number(filer.formationDate.slice(0, 4)) <= taxYear;
}

/** The first return of a company that did not exist in the year before `today`: its tax year (the formation year, or this year while it is still being formed) and deadlines; null otherwise. */
export function firstReturn(filer: TaxFiler, today: string): (ReturnDue & { taxYear: number }) | null {
  const thisYear = Number(today.slice(0, 4));
  if (existedIn(filer, thisYear - 1)) return null;
  const taxYear = filer.formationDate === null ? thisYear : Number(filer.formationDate.slice(0, 4));
  const due = returnDue({ ...filer, formationDate: filer.formationDate ?? today }, taxYear);
  return due && { taxYear, ...due };
}

/**
 * Where an unsent return stands on `today`: `due` up to its deadline; `extension` up to the
 * extended deadline, which holds only if Form 7004 was filed by the first; `overdue` after
 * both, counted from the first deadline (the day it was late unless a 7004 was filed), so
 * `daysRemaining` is then negative.
 */
export function standingOn(
  due: Pick<ReturnDue, 'deadline' | 'extendedDeadline'>,
  today: string,
): { status: 'due' | 'extension' | 'overdue'; deadline: string; daysRemaining: number } {
  const ahead = nextDeadline(due, today);
  const status = ahead === null ? 'overdue' : ahead === due.deadline ? 'due' : 'extension';
  const deadline = ahead ?? due.deadline;
  return { status, deadline, daysRemaining: daysBetween(today, deadline) };
}

/** Form 7004's code for the return it extends (Instructions for Form 7004, Part I line 1): 09 for Form 1065, 12 for Form 1120 (the pro forma one too). */
export type ExtensionFormCode = '09' | '12';

/** Form 7004 for a return: its code, the day it must be filed by (the return's own deadline) and the deadline it gives. */
export function extensionFor(due: ReturnDue): { formCode: ExtensionFormCode; fileBy: string; extendedDeadline: string } {
  return { formCode: due.kind === 'llcMultiPartner' ? '09' : '12', fileBy: due.deadline, extendedDeadline: due.extendedDeadline };
}

/** IRC §6038A(d)(1): $25,000 for each Form 5472 not filed (or filed late or incomplete), per tax year. */
export const form5472PenaltyUsd = 25_000;

/** The penalty the IRS states for a missing or late return of these forms, in dollars: the Form 5472 one; null without a Form 5472. */
export function missingFormPenaltyUsd(forms: readonly TaxFormCode[]): number | null {
  return forms.includes('5472') ? form5472PenaltyUsd : null;
}

/** The deadline still ahead on `today`: the due date, else the extended one; null once both passed. */
export function nextDeadline(due: Pick<ReturnDue, 'deadline' | 'extendedDeadline'>, today: string): string | null {
  if (today <= due.deadline) return due.deadline;
  if (today <= due.extendedDeadline) return due.extendedDeadline;
  return null;
}

/** Whole days from `today` to `day` (both YYYY-MM-DD); negative once it passed. */
export function daysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The day itself when it is a business day, else the next one (IRC §7503). */
export function nextBusinessDay(day: string): string {
  let current = day;
  while (!isBusinessDay(current)) current = addDays(current, 1);
  return current;
}

/** Not a Saturday, a Sunday or a legal holiday in the District of Columbia (as observed). */
export function isBusinessDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !observedHolidays(Number(day.slice(0, 4))).has(day);
}

const holidayCache = new Map<number, Set<string>>();

/** The days on which the legal holidays of `year` are observed (federal holidays plus DC Emancipation Day). */
export function observedHolidays(year: number): Set<string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const fixed: [month: number, day: number][] = [
    [1, 1],
    [4, 16],
    [7, 4],
    [11, 11],
    [12, 25],
  ];
  // Juneteenth National Independence Day is a federal holiday since 2021.
  if (year >= 2021) fixed.push([6, 19]);
  const days = new Set<string>([
    ...fixed.map(([month, day]) => observed(year, month, day)),
    nthWeekday(year, 1, 1, 3), // Birthday of Martin Luther King, Jr.: third Monday of January
    nthWeekday(year, 2, 1, 3), // Washington's Birthday: third Monday of February
    lastWeekday(year, 5, 1), // Memorial Day: last Monday of May
    nthWeekday(year, 9, 1, 1), // Labor Day: first Monday of September
    nthWeekday(year, 10, 1, 2), // Columbus Day: second Monday of October
    nthWeekday(year, 11, 4, 4), // Thanksgiving Day: fourth Thursday of November
  ]);
  // 1 January of next year falling on a Saturday is observed on 31 December of this one.
  if (new Date(Date.UTC(year + 1, 0, 1)).getUTCDay() === 6) days.add(isoDay(year, 12, 31));
  holidayCache.set(year, days);
  return days;
}

/** A fixed-date holiday as observed: Saturday → the Friday before, Sunday → the Monday after. */
function observed(year: number, month: number, day: number): string {
  const date = isoDay(year, month, day);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 6) return addDays(date, -1);
  if (weekday === 0) return addDays(date, 1);
  return date;
}

/** The n-th `weekday` (0 Sunday … 6 Saturday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return isoDay(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
}

/** The last `weekday` of a month. */
function lastWeekday(year: number, month: number, weekday: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  return isoDay(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
}
