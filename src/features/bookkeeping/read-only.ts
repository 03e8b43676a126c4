import type { Transaction } from '@domain/bookkeeping';

/**
 * Why the company cannot change a transaction, or null when it can: Alta blocked it (SPEC
 * "blocked flag"), or its year's declaration is sent (SPEC §4; the device knows the locked
 * years from the synced `lockedYears`). The same codes as the mutators' refusals, so one
 * message (`editing.refused.<code>`) explains both.
 */
export type ReadOnlyReason = 'blocked' | 'declaration_sent';

export function readOnlyReason(row: Pick<Transaction, 'blocked' | 'date'>, lockedYears: ReadonlySet<number>): ReadOnlyReason | null {
  if (row.blocked) return 'blocked';
  return lockedYears.has(Number(row.date.slice(0, 4))) ? 'declaration_sent' : null;
}
