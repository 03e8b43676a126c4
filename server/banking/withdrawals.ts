import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { feeCents, type WalletTransaction, type WithdrawalRail } from '@domain/banking';
import { railsOfRegion, type Withdrawal } from '@domain/banking-forms';
import type { Db } from '../db/client';
import { bankAccounts, bankingProfiles, walletBalances, walletTransactions } from '../db/schema/banking';
import { logError } from '../lib/log-error';
import { ProblemError } from '../lib/problem';
import { notifyScopes } from '../sync/poke';
import { BankingProviderError, type BankingProvider } from '../providers/banking/banking-provider';
import { activeBankAccount, credit, toWalletTransaction, type TransactionRow } from './money';

/** Money out: a withdrawal taken from the balance once per Idempotency-Key, and its transfer at the provider. */

const requestHashOf = (withdrawal: Withdrawal) =>
  createHash('sha256')
    .update(
      JSON.stringify([withdrawal.rail, withdrawal.bankAccountId ?? null, withdrawal.walletAddress ?? null, withdrawal.amountCents, withdrawal.reference ?? '']),
    )
    .digest('base64url');

/** A withdrawal the provider has not answered for is asked about again after this (and between tries). */
export const withdrawalRetryMs = 60_000;

/** The provider's key of a withdrawal: derived from Alta's row, so every try (the resolver's too) names the one transfer. */
const transferKeyOf = (transactionId: string) => `withdrawal-${transactionId}`;
export const transactionIdOfKey = (key: unknown) =>
  typeof key === 'string' && /^withdrawal-[0-9a-f-]{36}$/.test(key) ? key.slice('withdrawal-'.length) : null;

/**
 * Sends a withdrawal once. In one transaction: the row keyed by (company, Idempotency-Key) —
 * a retry finds it and gets the same answer, another body with that key is refused — and
 * the amount taken from the balance by a conditional update that only succeeds while the
 * balance covers it (two racing withdrawals cannot overdraw; only this company's balance row
 * is locked). Then the transfer goes to the provider (`sendWithdrawal`). A provider's "no"
 * gives the money back; an answer that never came leaves the withdrawal `pending`, and the
 * resolver asks again with the same key until the provider says what became of it.
 */
export async function withdraw(
  db: Db,
  provider: BankingProvider,
  input: { companyId: string; userId: string; idempotencyKey: string; withdrawal: Withdrawal; now: Date },
): Promise<{ transaction: WalletTransaction; replayed: boolean }> {
  const { companyId, withdrawal, now } = input;
  const [profile] = await db.select().from(bankingProfiles).where(eq(bankingProfiles.companyId, companyId));
  if (!profile || profile.status !== 'approved' || !profile.walletId) throw new ProblemError(409, 'banking_not_approved');
  const account = withdrawal.rail === 'tron' ? null : await activeBankAccount(db, companyId, withdrawal.bankAccountId!);
  if (withdrawal.rail !== 'tron') {
    if (!account) throw new ProblemError(400, 'validation', { bankAccountId: ['validation.required'] });
    if (!railsOfRegion[account.region].includes(withdrawal.rail)) throw new ProblemError(400, 'validation', { rail: ['validation.invalid'] });
  }
  // Recomputed here whatever the browser showed: the configuration table is the only source.
  const fee = feeCents(withdrawal.rail, withdrawal.amountCents);
  const hash = requestHashOf(withdrawal);
  const counterparty = account ? `${account.bankName} ••${account.last4}` : withdrawal.walletAddress!;

  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(walletTransactions)
      .values({
        companyId,
        direction: 'outgoing',
        rail: withdrawal.rail,
        currency: withdrawal.rail === 'tron' ? 'usdt' : 'usd',
        amountCents: withdrawal.amountCents,
        feeCents: fee,
        status: 'pending',
        counterparty,
        reference: withdrawal.reference || null,
        bankAccountId: account?.id ?? null,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        // Should this instance die before the provider answers, the resolver takes the withdrawal over then.
        resolveAfter: new Date(now.getTime() + withdrawalRetryMs),
        createdBy: input.userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [walletTransactions.companyId, walletTransactions.idempotencyKey] })
      .returning();
    if (!row) return null;
    const [debited] = await tx
      .update(walletBalances)
      .set({ availableCents: sql`${walletBalances.availableCents} - ${withdrawal.amountCents}` })
      .where(
        and(eq(walletBalances.companyId, companyId), eq(walletBalances.currency, 'usd'), sql`${walletBalances.availableCents} >= ${withdrawal.amountCents}`),
      )
      .returning();
    // Throwing rolls the row back too: a refused withdrawal leaves no trace and its key free.
    if (!debited) throw new ProblemError(409, 'insufficient_balance');
    return row;
  });

  if (!claimed) {
    const [existing] = await db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.companyId, companyId), eq(walletTransactions.idempotencyKey, input.idempotencyKey)));
    if (!existing) throw new ProblemError(409, 'conflict');
    if (existing.requestHash !== hash) throw new ProblemError(422, 'idempotency_key_reused');
    return { transaction: toWalletTransaction(existing), replayed: true };
  }

  const sent = await sendWithdrawal(db, provider, claimed, now);
  if (sent.outcome === 'refused') throw new ProblemError(422, 'withdrawal_failed');
  return { transaction: toWalletTransaction(sent.row), replayed: false };
}

/**
 * Asks the provider for a withdrawal's transfer — first, or again with the same key, which
 * Bridge answers with the transfer the first call made (for 24 hours) — and records the answer:
 * the provider's transfer id and state (unless its webhook told them first); on a refusal, the
 * money back and `error`, once; on no answer, the withdrawal stays `pending` for the next try.
 */
export async function sendWithdrawal(
  db: Db,
  provider: BankingProvider,
  row: TransactionRow,
  now: Date,
): Promise<{ outcome: 'sent' | 'refused' | 'unknown'; row: TransactionRow }> {
  const current = async () => (await db.select().from(walletTransactions).where(eq(walletTransactions.id, row.id)))[0] ?? row;
  try {
    const [profile] = await db.select().from(bankingProfiles).where(eq(bankingProfiles.companyId, row.companyId));
    // The account as it was chosen: one removed since still names the transfer's destination.
    const [account] = row.bankAccountId ? await db.select().from(bankAccounts).where(eq(bankAccounts.id, row.bankAccountId)) : [];
    const rail = row.rail as WithdrawalRail;
    const transfer = await provider.createTransfer({
      idempotencyKey: transferKeyOf(row.id),
      customerId: profile!.customerId,
      walletId: profile!.walletId!,
      amountCents: row.amountCents - row.feeCents,
      feeCents: row.feeCents,
      rail,
      currency: rail === 'tron' ? 'usdt' : rail === 'sepa' ? 'eur' : rail === 'spei' ? 'mxn' : 'usd',
      externalAccountId: account?.providerAccountId,
      toAddress: rail === 'tron' ? row.counterparty : undefined,
      reference: row.reference ?? undefined,
    });
    // Only while nothing is known of the transfer: a webhook that came first has a later state.
    const [recorded] = await db
      .update(walletTransactions)
      .set({ providerTransferId: transfer.id, status: transfer.status, resolveAfter: null, updatedAt: now })
      .where(and(eq(walletTransactions.id, row.id), isNull(walletTransactions.providerTransferId)))
      .returning();
    if (recorded) await notifyScopes(db, new Set([row.companyId]), null);
    return { outcome: 'sent', row: recorded ?? (await current()) };
  } catch (error) {
    if (error instanceof BankingProviderError && error.refused) {
      // The provider said no: no transfer exists, the balance comes back and the row says error.
      logError('withdrawal refused by the provider', { transaction: row.id }, error);
      const refunded = await db.transaction(async (tx) => {
        const [failed] = await tx
          .update(walletTransactions)
          .set({ status: 'error', resolveAfter: null, updatedAt: now })
          .where(and(eq(walletTransactions.id, row.id), eq(walletTransactions.status, 'pending'), isNull(walletTransactions.providerTransferId)))
          .returning();
        if (failed) {
          await credit(tx, row.companyId, 'usd', row.amountCents);
          await notifyScopes(tx, new Set([row.companyId]), null);
        }
        return failed;
      });
      return { outcome: 'refused', row: refunded ?? (await current()) };
    }
    // No answer, or one Alta cannot read: the transfer may exist. Nothing comes back until the provider says so.
    logError('withdrawal outcome unknown; asking again later', { transaction: row.id }, error);
    await db
      .update(walletTransactions)
      .set({ resolveAfter: new Date(now.getTime() + withdrawalRetryMs) })
      .where(and(eq(walletTransactions.id, row.id), isNull(walletTransactions.providerTransferId), eq(walletTransactions.status, 'pending')));
    return { outcome: 'unknown', row: await current() };
  }
}
