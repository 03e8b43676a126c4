import type { WithdrawalRail } from './banking';

/**
 * SPEC §9 cut-off times, set in New York time (ET): same-day ACH before 4 pm, wires before
 * 5 pm, on business days (Monday to Friday). A cut-off is an instant; the screen shows it in
 * the user's own time zone, so both zones' daylight-saving changes are taken from the
 * runtime's time-zone database, never from a fixed offset.
 */
export const cutoffZone = 'America/New_York';

/** Cut-off hour (ET, 24 h) of the rails that have one; the others settle on their own schedule. */
export const cutoffHours: Partial<Record<WithdrawalRail, number>> = { ach_same_day: 16, wire: 17 };

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of `instant` in `timeZone`. */
function wallClock(instant: number, timeZone: string) {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    partsFormatters.set(timeZone, formatter);
  }
  const fields: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(instant))) fields[part.type] = part.value;
  return {
    year: Number(fields.year),
    month: Number(fields.month),
    day: Number(fields.day),
    hour: Number(fields.hour),
    minute: Number(fields.minute),
    second: Number(fields.second),
    weekday: fields.weekday!,
  };
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time in `timeZone` happens (the later offset wins in a repeated hour). */
export function wallTimeToInstant(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, hour);
  const first = guess - zoneOffsetMs(guess, timeZone);
  const second = guess - zoneOffsetMs(first, timeZone);
  return new Date(second);
}

/**
 * The next cut-off of `rail` at or after `now` (a business day in New York at the rail's
 * hour), or null for a rail without one. A request after today's cut-off goes with the next
 * business day's.
 */
export function nextCutoff(rail: WithdrawalRail, now: Date): Date | null {
  const hour = cutoffHours[rail];
  if (hour === undefined) return null;
  const today = wallClock(now.getTime(), cutoffZone);
  for (let offset = 0; offset < 8; offset += 1) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const weekday = date.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const cutoff = wallTimeToInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour, cutoffZone);
    if (cutoff.getTime() > now.getTime()) return cutoff;
  }
  return null;
}
