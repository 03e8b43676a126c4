import { addDays, monthsBefore } from '@domain/days';
import type { TransactionFilters } from './filters';

/**
 * The inclusive days a period covers, seen from `today` (`YYYY-MM-DD`). The "last N months"
 * windows roll: they end today and start the day after the same date N months earlier, so
 * "last month" on 15 March is 16 February to 15 March. The previous year is the calendar
 * year before today's. A custom period may leave either end open.
 */
export function periodRange(filters: Pick<TransactionFilters, 'period' | 'from' | 'to'>, today: string): { from: string | null; to: string | null } {
  const rolling = (months: number) => ({ from: addDays(monthsBefore(today, months), 1), to: today });
  switch (filters.period) {
    case 'lastMonth':
      return rolling(1);
    case 'last3Months':
      return rolling(3);
    case 'last6Months':
      return rolling(6);
    case 'last12Months':
      return rolling(12);
    case 'previousYear': {
      const year = Number(today.slice(0, 4)) - 1;
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    }
    case 'custom':
      return { from: filters.from, to: filters.to };
    default:
      return { from: null, to: null };
  }
}
