import { and, eq, lte, sql } from 'drizzle-orm';
import { sendWithdrawal, withdrawalRetryMs } from '../banking/withdrawals';
import type { Db } from '../db/client';
import { walletTransactions } from '../db/schema/banking';
import type { BankingProvider } from '../providers/banking/banking-provider';
import { repeatEvery } from './repeat';
import { logError } from '../lib/log-error';

/** How often each instance looks for withdrawals whose provider answer is still unknown. */
const tickMs = 60_000;
/** Withdrawals one round claims. */
const claimSize = 20;
/**
 * Bridge answers a retried create with the first call's transfer for 24 hours, and refuses the
 * key after: past this margin another try could not tell, so the withdrawal is left pending
 * for a person to look up at the provider (it is logged), never refunded on a guess.
 */
export const providerKeyWindowMs = 23 * 60 * 60_000;

export interface ResolverDeps {
  db: Db;
  provider: BankingProvider;
  now: () => Date;
}

/**
 * One round: claims the withdrawals whose provider answer is overdue (a lease of one retry
 * interval, taken with SKIP LOCKED, so instances sharing the database each take others) and asks
 * the provider again with each one's key. Returns how each ended.
 */
export async function resolvePendingWithdrawals(deps: ResolverDeps): Promise<{ sent: number; refused: number; unknown: number; expired: number }> {
  const now = deps.now();
  const claimed = await deps.db
    .update(walletTransactions)
    .set({ resolveAfter: new Date(now.getTime() + withdrawalRetryMs) })
    .where(
      and(
        sql`${walletTransactions.id} in (select id from wallet_transactions
          where resolve_after <= ${now} and status = 'pending' and direction = 'outgoing'
          order by resolve_after limit ${claimSize} for update skip locked)`,
        lte(walletTransactions.resolveAfter, now),
      ),
    )
    .returning();
  const counts = { sent: 0, refused: 0, unknown: 0, expired: 0 };
  for (const row of claimed) {
    if (now.getTime() - row.createdAt.getTime() > providerKeyWindowMs) {
      logError('withdrawal outcome unknown past the provider key window: look the transfer up at the provider', { transaction: row.id });
      await deps.db
        .update(walletTransactions)
        .set({ resolveAfter: null })
        .where(and(eq(walletTransactions.id, row.id), eq(walletTransactions.status, 'pending')));
      counts.expired += 1;
      continue;
    }
    const { outcome } = await sendWithdrawal(deps.db, deps.provider, row, now);
    counts[outcome] += 1;
  }
  return counts;
}

/** Runs the resolver now and every minute on this instance (every instance may run it). Returns the stop function. */
export function startWithdrawalResolver(deps: ResolverDeps): () => void {
  // A failed claim (database away) leaves the withdrawals due for the next tick.
  return repeatEvery(tickMs, 'withdrawal resolver failed', () => resolvePendingWithdrawals(deps));
}
