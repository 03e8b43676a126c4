import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { maxAmountCents } from '@domain/amounts';
import { isRealDate } from '@domain/bookkeeping';
import type { Db } from '../db/client';
import { bankLinks } from '../db/schema/bank-linking';
import { declarations, transactions } from '../db/schema/bookkeeping';
import { claimSyncLease, releaseSyncLease, upsertLinkedAccounts, type BankLinkRow } from '../db/queries/bank-links';
import { BankLinkingError, type BankLinkingProvider, type ProviderTransaction, type TransactionsPage } from '../providers/bank-linking/bank-linking-provider';
import { notifyScopes } from '../sync/poke';

/**
 * Brings a link's new, changed and removed bank transactions into the company's books: the
 * server writes them into the synced `transactions` table (its triggers stamp the company's
 * change sequence and poke the company's devices, which get them at their next pull).
 *
 * - Idempotent: a transaction's id is derived from company, provider and the provider's
 *   transaction id, and inserted with ON CONFLICT DO NOTHING, so a page seen twice (a retry,
 *   a restarted pagination) adds nothing twice and never overwrites the person's category,
 *   note, check or receipt.
 * - Bounded: one page (at most `pageSize` transactions) per database transaction, with the
 *   cursor saved in it; at most `maxPages` pages per call (`hasMore` says to call again).
 * - Per link: a lease on the link's row (no process lock, nothing shared between companies);
 *   rows are written under the company's own sync scope lock, taken by the triggers.
 * - Pending transactions are not booked: when they post, the provider sends them again as new
 *   posted transactions (and removes the pending ones).
 * - Blocked transactions and transactions of a year whose declaration is sent are never
 *   changed or removed by the bank; new ones are still added.
 */

export interface SyncDeps {
  db: Db;
  provider: BankLinkingProvider;
  now: () => Date;
}

export interface SyncCounts {
  added: number;
  modified: number;
  removed: number;
  hasMore: boolean;
}

/** The link's sync could not run or stopped: the provider's code (e.g. ITEM_LOGIN_REQUIRED), or `busy` when another sync holds it. */
export class BankSyncError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

const leaseMs = 2 * 60_000;

/** The id of a linked transaction in Alta's books (a UUID version 8 from SHA-256, like imported lines' ids). */
export function linkedTransactionId(companyId: string, provider: string, providerTransactionId: string): string {
  const bytes = createHash('sha256').update(`${companyId}|${provider}|${providerTransactionId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const clean = (text: string, max: number) =>
  text
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, max);

/** The books' fields of a bank transaction, or null when it cannot be booked (pending, out of range). */
function bookFields(transaction: ProviderTransaction) {
  if (transaction.pending || !isRealDate(transaction.date) || !Number.isFinite(transaction.amount)) return null;
  // Plaid counts money out as positive; the books count it as negative.
  const amountCents = -Math.round(transaction.amount * 100);
  if (Math.abs(amountCents) > maxAmountCents) return null;
  const merchant = transaction.merchantName ? clean(transaction.merchantName, 120) || null : null;
  const description = clean(transaction.name, 500) || merchant || transaction.transactionId;
  return { date: transaction.date, description, amountCents, merchant };
}

/** Runs up to `maxPages` pages of the link's sync. Throws BankSyncError when busy or when the provider refuses. */
export async function syncBankLink(deps: SyncDeps, linkId: string, options: { maxPages?: number; pageSize?: number } = {}): Promise<SyncCounts> {
  const maxPages = options.maxPages ?? 8;
  const pageSize = options.pageSize ?? 500;
  const started = deps.now();
  const link = await claimSyncLease(deps.db, linkId, started, new Date(started.getTime() + leaseMs));
  if (!link) throw new BankSyncError('busy');
  const counts: SyncCounts = { added: 0, modified: 0, removed: 0, hasMore: false };
  try {
    const lockedYears = await sentDeclarationYears(deps.db, link.companyId);
    let cursor = link.cursor;
    let loopCursor: string | null = link.loopCursor ?? link.cursor;
    for (let pageNumber = 0; pageNumber < maxPages; pageNumber++) {
      let page: TransactionsPage;
      try {
        page = await deps.provider.syncTransactions({ accessToken: link.accessToken, cursor, count: pageSize });
      } catch (error) {
        if (error instanceof BankLinkingError && error.errorCode === 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION') {
          // Plaid's rule: restart from the cursor the pagination began with (pages already booked are skipped by id).
          cursor = loopCursor;
          continue;
        }
        await recordFailure(deps, link, error);
        throw error instanceof BankLinkingError ? new BankSyncError(error.errorCode) : error;
      }
      const written = await bookPage(deps, link, page, lockedYears, { cursor: page.nextCursor, loopCursor: page.hasMore ? loopCursor : page.nextCursor });
      counts.added += written.added;
      counts.modified += written.modified;
      counts.removed += written.removed;
      cursor = page.nextCursor;
      if (!page.hasMore) loopCursor = page.nextCursor;
      counts.hasMore = page.hasMore;
      if (!page.hasMore) break;
    }
    return counts;
  } finally {
    await releaseSyncLease(deps.db, linkId);
  }
}

async function sentDeclarationYears(db: Db, companyId: string): Promise<Set<number>> {
  const rows = await db
    .select({ year: declarations.year })
    .from(declarations)
    .where(and(eq(declarations.companyId, companyId), isNotNull(declarations.sentAt)));
  return new Set(rows.map((row) => row.year));
}

/** An item-level refusal (sign-in needed, item locked) marks the link; anything else only records the code. */
async function recordFailure(deps: SyncDeps, link: BankLinkRow, error: unknown) {
  const code = error instanceof BankLinkingError ? error.errorCode : 'PROVIDER_UNAVAILABLE';
  const status =
    code === 'ITEM_LOGIN_REQUIRED' ? 'login_required' : error instanceof BankLinkingError && error.errorType === 'ITEM_ERROR' ? 'error' : link.status;
  await deps.db.update(bankLinks).set({ status, errorCode: code, updatedAt: deps.now() }).where(eq(bankLinks.id, link.id));
}

/** Writes one page and its cursor in one database transaction. */
async function bookPage(
  deps: SyncDeps,
  link: BankLinkRow,
  page: TransactionsPage,
  lockedYears: Set<number>,
  next: { cursor: string; loopCursor: string | null },
) {
  const { companyId } = link;
  const now = deps.now();
  const stamp = now.toISOString();
  const idOf = (providerTransactionId: string) => linkedTransactionId(companyId, link.provider, providerTransactionId);
  return deps.db.transaction(async (tx) => {
    const accounts = await upsertLinkedAccounts(
      tx,
      link,
      page.accounts.map((account) => ({
        providerAccountId: account.accountId,
        name: account.name,
        mask: account.mask,
        type: account.type,
        subtype: account.subtype,
      })),
      now,
    );
    const accountIds = new Map(accounts.map((account) => [account.providerAccountId, account.id]));
    const toRow = (transaction: ProviderTransaction) => {
      const fields = bookFields(transaction);
      const accountId = accountIds.get(transaction.accountId);
      return fields && accountId ? { id: idOf(transaction.transactionId), accountId, ...fields } : null;
    };

    const fresh = page.added.map(toRow).filter((row) => row !== null);
    let added = 0;
    if (fresh.length > 0) {
      const inserted = await tx
        .insert(transactions)
        .values(
          // The book's own fields first, the bank line's after them (none of the same name):
          // no property added after a spread, a slow store on the server's Node (decision 104).
          fresh.map((row) => ({
            companyId,
            accountKind: 'linked' as const,
            category: null,
            note: '',
            checked: false,
            receipt: null,
            blocked: false,
            importId: null,
            createdAt: stamp,
            updatedAt: stamp,
            ...row,
          })),
        )
        .onConflictDoNothing({ target: transactions.id })
        .returning({ id: transactions.id });
      added = inserted.length;
    }

    const open = (year: number) => !lockedYears.has(year);
    let modified = 0;
    for (const row of page.modified.map(toRow)) {
      if (!row || !open(Number(row.date.slice(0, 4)))) continue;
      const updated = await tx
        .update(transactions)
        .set({ date: row.date, description: row.description, amountCents: row.amountCents, merchant: row.merchant, updatedAt: stamp })
        .where(and(eq(transactions.id, row.id), eq(transactions.companyId, companyId), eq(transactions.blocked, false)))
        .returning({ id: transactions.id });
      modified += updated.length;
    }

    let removed = 0;
    const removedIds = page.removed.map((entry) => idOf(entry.transactionId));
    if (removedIds.length > 0) {
      const deleted = await tx
        .delete(transactions)
        .where(
          and(
            inArray(transactions.id, removedIds),
            eq(transactions.companyId, companyId),
            eq(transactions.blocked, false),
            lockedYears.size > 0
              ? sql`extract(year from ${transactions.date})::int not in (${sql.join(
                  [...lockedYears].map((year) => sql`${year}`),
                  sql`, `,
                )})`
              : undefined,
          ),
        )
        .returning({ id: transactions.id });
      removed = deleted.length;
    }

    await tx
      .update(bankLinks)
      .set({
        cursor: next.cursor,
        loopCursor: next.loopCursor,
        updatedAt: now,
        syncLeaseUntil: new Date(now.getTime() + leaseMs),
        ...(page.hasMore ? {} : { lastSyncedAt: now, status: 'active' as const, errorCode: null }),
      })
      .where(eq(bankLinks.id, link.id));
    if (added + modified + removed > 0) await notifyScopes(tx, new Set([companyId]), null);
    return { added, modified, removed };
  });
}
