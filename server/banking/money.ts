import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { feeCents, railsOfRegion, reversedStatuses, type BankAccountView, type WalletTransaction, type Withdrawal, type WalletTransactionStatus, type WithdrawalRail } from '@domain/banking';
import { holdReasons, incomingPaymentVerdict } from '@domain/incoming-payments';
import type { Db } from '../db/client';
import { bankAccounts, bankingProfiles, bankingWebhookEvents, walletBalances, walletTransactions } from '../db/schema/banking';
import { companies, partners } from '../db/schema/companies';
import { ProblemError } from '../lib/problem';
import { logError } from '../lib/log-error';
import { notifyScopes } from '../sync/poke';
import { BankingProviderError, fromDepositActivity, transferStatusOf, verificationOf, type BankingEvent, type BankingProvider, type DepositActivity } from '../providers/banking/banking-provider';
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
  holdReason: row.direction === 'incoming' && row.status === 'in_review' ? (row.holdReason ?? 'provider_review') : null,
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

/** The wallet's own rails for incoming rows, by the virtual account's rail. */
const incomingRail = { ach_push: 'ach_push', wire: 'wire_in', sepa: 'sepa_in', spei: 'spei_in' } as const;
/** Incoming states that count in the balance; `in_review` and the refunded or returned ones do not. */
const creditedStatuses: readonly WalletTransactionStatus[] = ['funds_received', 'funds_scheduled', 'payment_submitted', 'payment_processed'];

/** What the wallet keeps of a deposit: its amount less the rail's deposit fee (SPEC §9: free today). */
const netOf = (row: { amountCents: number; feeCents: number }) => row.amountCents - row.feeCents;

/** SPEC §1's rule applied to a deposit: held for review, with why, or counted. */
async function verdictFor(tx: Db, companyId: string, activity: DepositActivity) {
  const [company] = await tx.select({ name1: companies.nameOption1, name2: companies.nameOption2 }).from(companies).where(eq(companies.id, companyId));
  const partnerRows = await tx.select({ lastName: partners.lastName, country: partners.country }).from(partners).where(eq(partners.companyId, companyId));
  return incomingPaymentVerdict(
    { amountCents: activity.amountCents, senderName: activity.senderName, senderType: activity.senderType, payroll: activity.payroll },
    { companyNames: [company?.name1, company?.name2].filter((name): name is string => Boolean(name)), partners: partnerRows },
  );
}

/**
 * One event of a deposit (every event of a deposit names it by `deposit_id`), moving its row:
 * the first event makes the row — counted when SPEC §1 allows the payment, held (`in_review`,
 * with the reason) when not, or held because the provider reviews it; the provider finishing a
 * held deposit (`payment_submitted`, `payment_processed`) counts it, a refund returns it. The
 * balance moves only when the row passes between counted and not counted, and once.
 */
async function applyDeposit(tx: Db, companyId: string, activity: DepositActivity, now: Date): Promise<string | null> {
  const [existing] = await tx.select().from(walletTransactions).where(eq(walletTransactions.providerTransferId, activity.depositId)).for('update');
  if (!existing) {
    const fee = feeCents(`deposit_${activity.rail}`, activity.amountCents);
    let status: WalletTransactionStatus = activity.type;
    let holdReason: typeof walletTransactions.$inferInsert.holdReason = null;
    if (activity.type === 'in_review') holdReason = 'provider_review';
    else if (creditedStatuses.includes(activity.type)) {
      const verdict = await verdictFor(tx, companyId, activity);
      if (!verdict.allowed) [status, holdReason] = ['in_review', verdict.reason];
    }
    const [row] = await tx
      .insert(walletTransactions)
      .values({
        companyId,
        direction: 'incoming',
        rail: incomingRail[activity.rail],
        currency: 'usd',
        amountCents: activity.amountCents,
        feeCents: fee,
        status,
        holdReason,
        counterparty: activity.senderName,
        senderName: activity.senderName || null,
        fromBank: activity.senderBank,
        providerTransferId: activity.depositId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (creditedStatuses.includes(status)) await credit(tx, companyId, 'usd', netOf(row!));
    return holdReason && holdReason !== 'provider_review' ? row!.id : null;
  }
  if (existing.direction !== 'incoming' || existing.status === activity.type) return null;
  const wasCounted = creditedStatuses.includes(existing.status);
  // A deposit Alta's rule holds stays held until staff decide, whatever the provider reports next
  // (it reports the money reaching the wallet); a refund still ends it.
  if (existing.status === 'in_review' && existing.holdReason !== 'provider_review' && activity.type !== 'refunded') return null;
  // Returned or refunded is final.
  if (existing.status === 'returned' || existing.status === 'refunded') return null;
  const nowCounted = creditedStatuses.includes(activity.type);
  if (wasCounted && !nowCounted) {
    // Counted already and now under review or refunded: taken back if the balance still holds it.
    const [debited] = await tx
      .update(walletBalances)
      .set({ availableCents: sql`${walletBalances.availableCents} - ${netOf(existing)}` })
      .where(and(eq(walletBalances.companyId, companyId), eq(walletBalances.currency, 'usd'), sql`${walletBalances.availableCents} >= ${netOf(existing)}`))
      .returning();
    if (!debited) {
      logError('deposit reversed after it was spent', { transaction: existing.id, type: activity.type });
      return null;
    }
  }
  if (!wasCounted && nowCounted) await credit(tx, companyId, 'usd', netOf(existing));
  await tx
    .update(walletTransactions)
    .set({ status: activity.type, holdReason: activity.type === 'in_review' ? 'provider_review' : existing.holdReason, updatedAt: now })
    .where(eq(walletTransactions.id, existing.id));
  return null;
}

/**
 * Staff decide an incoming payment SPEC §1's rule held: released, it counts in the balance (`payment_processed`);
 * returned, it goes back to the sender and never counts (`returned`). Only a row still held
 * changes, so a double click or two admins at once decide it once; null when none was held.
 */
export async function reviewHeldDeposit(db: Db, input: { companyId: string; transactionId: string; decision: 'release' | 'return'; adminId: string; now: Date }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(walletTransactions)
      .set({ status: input.decision === 'release' ? 'payment_processed' : 'returned', reviewedBy: input.adminId, reviewedAt: input.now, updatedAt: input.now })
      .where(
        and(
          eq(walletTransactions.id, input.transactionId),
          eq(walletTransactions.companyId, input.companyId),
          eq(walletTransactions.direction, 'incoming'),
          eq(walletTransactions.status, 'in_review'),
          // What the provider itself reviews is the provider's to decide.
          inArray(walletTransactions.holdReason, [...holdReasons]),
        ),
      )
      .returning();
    if (!row) return null;
    if (input.decision === 'release') await credit(tx, input.companyId, 'usd', netOf(row));
    await notifyScopes(tx, new Set([input.companyId]), null);
    return toWalletTransaction(row);
  });
}

/** A company's incoming payments held for review, oldest first (what staff decide). */
export async function heldDeposits(db: Db, companyId: string): Promise<WalletTransaction[]> {
  const rows = await db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.companyId, companyId), eq(walletTransactions.direction, 'incoming'), eq(walletTransactions.status, 'in_review')))
    .orderBy(walletTransactions.createdAt);
  return rows.map(toWalletTransaction);
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
 * inside the freshness window) changes nothing. Answers whether it was new; `onHeld` hears of an
 * incoming payment SPEC §1's rule held by this event (once the transaction commits, the caller tells the owner).
 */
export async function applyBankingEvent(db: Db, event: BankingEvent, now: Date, onHeld?: (transactionId: string) => void): Promise<boolean> {
  let heldId: string | null = null;
  const applied = await db.transaction(async (tx) => {
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
    if (event.category === 'virtual_account.activity') {
      const activity = fromDepositActivity(object);
      if (!activity) return true;
      const [profile] = await tx.select().from(bankingProfiles).where(eq(bankingProfiles.customerId, activity.customerId));
      if (!profile) return true;
      const held = await applyDeposit(tx, profile.companyId, activity, now);
      if (held) heldId = held;
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
  if (heldId) onHeld?.(heldId);
  return applied;
}
