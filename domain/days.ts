/**
 * Calendar days as `YYYY-MM-DD` text, the one form dates take across Alta (transactions,
 * deadlines, filters, imports): text compares in calendar order and needs no time zone.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** The day of the given calendar numbers (month 1–12); the caller checks it is a real day. */
export const isoDay = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** Today on the device's calendar (the bookkeeping periods are the user's days). */
export const localToday = (now: Date = new Date()) => isoDay(now.getFullYear(), now.getMonth() + 1, now.getDate());

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** `months` before `day`, on the same date (the 31st falls back to the shorter month's last day). */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year, month - 1 - months, 1));
  const last = new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, 0)).getUTCDate();
  shifted.setUTCDate(Math.min(date, last));
  return shifted.toISOString().slice(0, 10);
}

/** `years` before `day` (29 February falls back to the 28th). */
export function yearsBefore(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year - years, month - 1, date));
  if (shifted.getUTCMonth() !== month - 1) shifted.setUTCDate(0);
  return shifted.toISOString().slice(0, 10);
}
