import { BankSyncError, syncBankLink, type SyncDeps } from '../bank-linking/sync-bank-link';
import { claimDueBankLinks, scheduleBankLinkSync } from '../db/queries/bank-links';
import { logError } from '../lib/log-error';
import { repeatEvery } from './repeat';

/** How often every active link is pulled, besides the provider's webhooks and "sync now". */
export const bankSyncIntervalMs = 60 * 60_000;
/** How often each instance looks for due links. */
const tickMs = 60_000;
/** Links one round claims, and syncs side by side: a slow bank holds one of them, not the others. */
const claimSize = 8;
const concurrency = 4;
/** Pages of one link per step: a link with more is due again at once, behind the links already waiting. */
export const pagesPerStep = 2;
/** A run stops starting rounds after this long; what is still due waits for the next tick. */
const runBudgetMs = 45_000;

export interface RoundCounts {
  /** Links claimed this round. */
  claimed: number;
  /** Steps that ended with the bank's changes all booked. */
  synced: number;
  /** Steps that booked their pages and left more for a later step. */
  continued: number;
  /** Links another sync was holding ("sync now", a webhook): it books the same lines. */
  busy: number;
  /** Steps the provider refused (recorded on the link) or that failed. */
  failed: number;
}

/**
 * One round of the scheduled bank sync: claims due links (exactly once across instances sharing
 * the database, `claimDueBankLinks`) and runs one bounded step of each (`pagesPerStep` pages,
 * each page its own database transaction under the link's lease). A link with more to bring is
 * due again at once, so it goes on in a later round after the links that waited longer: one
 * company's long history never holds up another's.
 */
export async function syncDueBankLinksOnce(deps: SyncDeps): Promise<RoundCounts> {
  const now = deps.now();
  const claimed = await claimDueBankLinks(deps.db, now, new Date(now.getTime() + bankSyncIntervalMs), claimSize);
  const counts: RoundCounts = { claimed: claimed.length, synced: 0, continued: 0, busy: 0, failed: 0 };
  const step = async (linkId: string) => {
    try {
      const result = await syncBankLink(deps, linkId, { maxPages: pagesPerStep });
      if (result.hasMore) {
        await scheduleBankLinkSync(deps.db, linkId, deps.now());
        counts.continued += 1;
      } else counts.synced += 1;
    } catch (error) {
      if (error instanceof BankSyncError && error.code === 'busy') {
        counts.busy += 1;
        return;
      }
      // syncBankLink has recorded the provider's refusal on the link (sign in again, item locked).
      counts.failed += 1;
      if (!(error instanceof BankSyncError)) logError('scheduled bank sync failed', {}, error);
    }
  };
  const queue = claimed.map((link) => link.id);
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let linkId = queue.shift(); linkId; linkId = queue.shift()) await step(linkId);
    }),
  );
  return counts;
}

/** Rounds until nothing is due or the run's budget is spent. */
export async function syncDueBankLinks(deps: SyncDeps, budgetMs = runBudgetMs): Promise<RoundCounts> {
  const started = performance.now();
  const total: RoundCounts = { claimed: 0, synced: 0, continued: 0, busy: 0, failed: 0 };
  while (performance.now() - started < budgetMs) {
    const round = await syncDueBankLinksOnce(deps);
    for (const key of Object.keys(total) as (keyof RoundCounts)[]) total[key] += round[key];
    if (round.claimed === 0) break;
  }
  return total;
}

/** Runs the schedule now and every minute on this instance (every instance may run it). Returns the stop function. */
export function startBankLinkSync(deps: SyncDeps): () => void {
  // A failed claim (database away) leaves the links due for the next tick.
  return repeatEvery(tickMs, 'scheduled bank sync failed', () => syncDueBankLinks(deps));
}
