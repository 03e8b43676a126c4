import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { feeCents, railsOfRegion, reversedStatuses, type BankAccountView, type WalletTransaction, type Withdrawal, type WalletTransactionStatus, type WithdrawalRail } from '@domain/banking';
import type { Db } from '../db/client';
import { bankAccounts, bankingProfiles, bankingWebhookEvents, walletBalances, walletTransactions } from '../db/schema/banking';
import { ProblemError } from '../lib/problem';
import { errorForLog } from '../lib/log-error';
import { notifyScopes } from '../sync/poke';
import { BankingProviderError, transferStatusOf, verificationOf, type BankingEvent, type BankingProvider } from '../providers/banking/banking-provider';
import { decimalToCents } from '@domain/banking';

/**
 * Money in and out: withdrawals (idempotent, balance-safe), incoming deposits and transfer
 * updates from verified provider webhooks (each event applied once), and the rows the screen
 * reads. Every write that a user should see pokes the company's people through the sync
 * stream, so an open banking page refreshes without a reload.
 */

type TransactionRow = typeof walletTransactions.$inferSelect;

export const toWalletTransaction = (row: TransactionRow): WalletTransaction => ({
  id: row.id,
  date: row.createdAt.toISOString(),
  direction: row.direction,
  rail: row.rail,
  currency: row.currency,
  amountCents: row.amountCents,
  feeCents: row.feeCents,
  status: row.status,
  counterparty: row.counterparty,
  senderName: row.senderName,
  fromBank: row.fromBank,
  hash: row.hash,
  reference: row.reference,
});

export const toBankAccountView = (row: typeof bankAccounts.$inferSelect): BankAccountView => ({
  id: row.id,
  region: row.region,
  ownerType: row.ownerType,
  bankName: row.bankName,
  holderName: row.holderName,
  last4: row.last4,
  createdAt: row.createdAt.toISOString(),
});

export async function balancesOf(db: Db, companyId: string): Promise<Record<'usd' | 'usdc' | 'usdt', number>> {
  const rows = await db.select().from(walletBalances).where(eq(walletBalances.companyId, companyId));
  const balances = { usd: 0, usdc: 0, usdt: 0 };
  for (const row of rows) balances[row.currency] = row.availableCents;
  return balances;
}

export async function activeBankAccount(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.companyId, companyId), isNull(bankAccounts.deletedAt)));
  return row ?? null;
}

export async function listTransactions(db: Db, companyId: string, limit = 500): Promise<WalletTransaction[]> {
  const rows = await db.select().from(walletTransactions).where(eq(walletTransactions.companyId, companyId)).orderBy(desc(walletTransactions.createdAt)).limit(limit);
  return rows.map(toWalletTransaction);
}

const requestHashOf = (withdrawal: Withdrawal) =>
  createHash('sha256')
    .update(JSON.stringify([withdrawal.rail, withdrawal.bankAccountId ?? null, withdrawal.walletAddress ?? null, withdrawal.amountCents, withdrawal.reference ?? '']))
    .digest('base64url');

/** A withdrawal the provider has not answered for is asked about again after this (and between tries). */
export const withdrawalRetryMs = 60_000;

/** The provider's key of a withdrawal: derived from Alta's row, so every try (the resolver's too) names the one transfer. */
const transferKeyOf = (transactionId: string) => `withdrawal-${transactionId}`;
const transactionIdOfKey = (key: unknown) => (typeof key === 'string' && /^withdrawal-[0-9a-f-]{36}$/.test(key) ? key.slice('withdrawal-'.length) : null);

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
      .where(and(eq(walletBalances.companyId, companyId), eq(walletBalances.currency, 'usd'), sql`${walletBalances.availableCents} >= ${withdrawal.amountCents}`))
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
      console.error(JSON.stringify({ level: 'error', msg: 'withdrawal refused by the provider', transaction: row.id, ...errorForLog(error) }));
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
    console.error(JSON.stringify({ level: 'error', msg: 'withdrawal outcome unknown; asking again later', transaction: row.id, ...errorForLog(error) }));
    await db
      .update(walletTransactions)
      .set({ resolveAfter: new Date(now.getTime() + withdrawalRetryMs) })
      .where(and(eq(walletTransactions.id, row.id), isNull(walletTransactions.providerTransferId), eq(walletTransactions.status, 'pending')));
    return { outcome: 'unknown', row: await current() };
  }
}

async function credit(tx: Db, companyId: string, currency: 'usd' | 'usdc' | 'usdt', cents: number) {
  await tx
    .insert(walletBalances)
    .values({ companyId, currency, availableCents: cents })
    .onConflictDoUpdate({ target: [walletBalances.companyId, walletBalances.currency], set: { availableCents: sql`${walletBalances.availableCents} + ${cents}` } });
}

/**
 * Applies a verified provider event once: its id is recorded in the same transaction as its
 * effect, so a replayed delivery (Bridge retries, or an attacker's copy of a signed body
 * inside the freshness window) changes nothing. Answers whether it was new.
 */
export async function applyBankingEvent(db: Db, event: BankingEvent, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx.insert(bankingWebhookEvents).values({ eventId: event.eventId, receivedAt: now }).onConflictDoNothing().returning();
    if (!fresh) return false;
    const object = event.object;
    const customerId = typeof object.customer_id === 'string' ? object.customer_id : typeof object.on_behalf_of === 'string' ? object.on_behalf_of : null;
    if (event.category === 'kyc_link') {
      await tx
        .update(bankingProfiles)
        .set({ status: verificationOf(String(object.kyc_status ?? '')), updatedAt: now })
        .where(eq(bankingProfiles.kycLinkId, event.objectId));
      const [profile] = await tx.select({ companyId: bankingProfiles.companyId }).from(bankingProfiles).where(eq(bankingProfiles.kycLinkId, event.objectId));
      if (profile) await notifyScopes(tx, new Set([profile.companyId]), null);
      return true;
    }
    if (event.category === 'virtual_account.activity' && object.type === 'funds_received' && customerId) {
      const [profile] = await tx.select().from(bankingProfiles).where(eq(bankingProfiles.customerId, customerId));
      if (!profile) return true;
      const source = (object.source ?? {}) as Record<string, unknown>;
      const cents = decimalToCents(String(object.amount ?? '0'));
      const [inserted] = await tx
        .insert(walletTransactions)
        .values({
          companyId: profile.companyId,
          direction: 'incoming',
          rail: source.payment_rail === 'wire' ? 'wire_in' : 'ach_push',
          currency: 'usd',
          amountCents: cents,
          status: 'funds_received',
          counterparty: String(source.sender_name ?? ''),
          senderName: typeof source.sender_name === 'string' ? source.sender_name : null,
          fromBank: typeof source.sender_bank_name === 'string' ? source.sender_bank_name : null,
          hash: typeof object.deposit_id === 'string' ? object.deposit_id : null,
          providerTransferId: event.objectId,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: walletTransactions.providerTransferId })
        .returning();
      if (inserted) await credit(tx, profile.companyId, 'usd', cents);
      await notifyScopes(tx, new Set([profile.companyId]), null);
      return true;
    }
    if (event.category === 'transfer') {
      const status: WalletTransactionStatus = transferStatusOf(String(object.state ?? ''));
      const [known] = await tx.select().from(walletTransactions).where(eq(walletTransactions.providerTransferId, event.objectId)).for('update');
      // A webhook can come before the create call's answer (or instead of it, when that answer was lost):
      // the transfer names Alta's withdrawal by the key it was created with.
      const byKey = transactionIdOfKey(object.client_reference_id);
      const [previous] = known
        ? [known]
        : byKey
          ? await tx
              .select()
              .from(walletTransactions)
              .where(and(eq(walletTransactions.id, byKey), eq(walletTransactions.direction, 'outgoing'), isNull(walletTransactions.providerTransferId)))
              .for('update')
          : [];
      if (!previous) return true;
      const receipt = (object.receipt ?? {}) as Record<string, unknown>;
      await tx
        .update(walletTransactions)
        .set({
          status,
          providerTransferId: event.objectId,
          resolveAfter: null,
          hash: typeof receipt.destination_tx_hash === 'string' ? receipt.destination_tx_hash : previous.hash,
          updatedAt: now,
        })
        .where(eq(walletTransactions.id, previous.id));
      // A withdrawal that comes back (returned, refunded, error...) gives its amount back, once.
      if (previous.direction === 'outgoing' && reversedStatuses.includes(status) && !reversedStatuses.includes(previous.status)) {
        await credit(tx, previous.companyId, 'usd', previous.amountCents);
      }
      await notifyScopes(tx, new Set([previous.companyId]), null);
    }
    return true;
  });
}
