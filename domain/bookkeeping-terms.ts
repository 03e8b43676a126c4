/**
 * The bookkeeping vocabulary of SPEC §3 that needs no schema: calendar days, the categories,
 * and the limits a screen shows. Apart from `bookkeeping.ts` (which re-exports it with the
 * entities' zod schemas) so the bookkeeping screens paint without loading zod (decision 078).
 */

/** True when `YYYY-MM-DD` names a day that exists, between 1970 and 2099. */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** True when year, month and day name a day that exists, between 1970 and 2099. */
export function isRealDay(year: number, month: number, day: number): boolean {
  return year >= 1970 && year <= 2099 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Days in a month of the Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Default categories for a small US company. `taxLine` says where the IRS tax form adds
 * the category up (SPEC §3 profits: income, expenses, salaries and freelancers, rent;
 * capital transactions), `excluded` for money that only moves between own accounts.
 * Labels are i18n keys `bookkeeping:categories.<key>`.
 */
export const categories = [
  { key: 'sales', kind: 'income', taxLine: 'income' },
  { key: 'interestIncome', kind: 'income', taxLine: 'income' },
  { key: 'otherIncome', kind: 'income', taxLine: 'income' },
  { key: 'advertising', kind: 'expense', taxLine: 'expenses' },
  { key: 'bankFees', kind: 'expense', taxLine: 'expenses' },
  { key: 'software', kind: 'expense', taxLine: 'expenses' },
  { key: 'officeSupplies', kind: 'expense', taxLine: 'expenses' },
  { key: 'equipment', kind: 'expense', taxLine: 'expenses' },
  { key: 'costOfGoods', kind: 'expense', taxLine: 'expenses' },
  { key: 'shipping', kind: 'expense', taxLine: 'expenses' },
  { key: 'travel', kind: 'expense', taxLine: 'expenses' },
  { key: 'meals', kind: 'expense', taxLine: 'expenses' },
  { key: 'telecom', kind: 'expense', taxLine: 'expenses' },
  { key: 'utilities', kind: 'expense', taxLine: 'expenses' },
  { key: 'insurance', kind: 'expense', taxLine: 'expenses' },
  { key: 'professionalFees', kind: 'expense', taxLine: 'expenses' },
  { key: 'taxesAndLicenses', kind: 'expense', taxLine: 'expenses' },
  { key: 'education', kind: 'expense', taxLine: 'expenses' },
  { key: 'otherExpense', kind: 'expense', taxLine: 'expenses' },
  { key: 'contractors', kind: 'expense', taxLine: 'salaries' },
  { key: 'payroll', kind: 'expense', taxLine: 'salaries' },
  { key: 'rent', kind: 'expense', taxLine: 'rent' },
  { key: 'ownerContribution', kind: 'capital', taxLine: 'capital' },
  { key: 'ownerDraw', kind: 'capital', taxLine: 'capital' },
  { key: 'loan', kind: 'capital', taxLine: 'capital' },
  { key: 'transfer', kind: 'transfer', taxLine: 'excluded' },
] as const satisfies readonly { key: string; kind: 'income' | 'expense' | 'capital' | 'transfer'; taxLine: string }[];

export type CategoryKey = (typeof categories)[number]['key'];
export type Category = (typeof categories)[number];
export const categoryKeys = categories.map((category) => category.key) as [CategoryKey, ...CategoryKey[]];
/** The category of a key (undefined for an unknown one). */
export const categoryOf = (key: string): Category | undefined => categories.find((category) => category.key === key);

/** Most characters of the text a categoriser rule looks for. */
export const maxRuleTextLength = 200;

/**
 * SPEC §9 "upload cooldown for transaction import" (value not given; decisions 020, 024): a
 * company starts at most one batch import per this many seconds, by the server's clock.
 */
export const importCooldownSeconds = 30;

/**
 * Seconds left before the company may start another import, from the times of its batch
 * imports and `at`: the device's hint for the import dialog (the server decides by its own
 * clock, decision 024).
 */
export function importCooldownLeft(createdAts: readonly string[], at: string): number {
  const now = Date.parse(at);
  let left = 0;
  for (const createdAt of createdAts) {
    const since = (now - Date.parse(createdAt)) / 1000;
    if (since > -importCooldownSeconds && since < importCooldownSeconds) left = Math.max(left, Math.ceil(importCooldownSeconds - Math.max(0, since)));
  }
  return left;
}
