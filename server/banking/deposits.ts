import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { feeCents, reversedStatuses, type WalletTransaction, type WalletTransactionStatus } from '@domain/banking';
import { holdReasons, incomingPaymentVerdict } from '@domain/incoming-payments';
import type { Db } from '../db/client';
import { bankingProfiles, bankingWebhookEvents, walletBalances, walletTransactions } from '../db/schema/banking';
import { companies, partners } from '../db/schema/companies';
import { logError } from '../lib/log-error';
import { notifyScopes } from '../sync/poke';
import { fromDepositActivity, transferStatusOf, verificationOf, type BankingEvent, type DepositActivity } from '../providers/banking/banking-provider';
import { credit, toWalletTransaction } from './money';
import { transactionIdOfKey } from './withdrawals';

/**
 * Money in and the provider's word on it: deposits and transfer updates from verified
 * webhooks (each event applied once), and the incoming payments held for staff review.
 */

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
export async function reviewHeldDeposit(
  db: Db,
  input: { companyId: string; transactionId: string; decision: 'release' | 'return'; adminId: string; now: Date },
) {
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
    if (event.category === 'kyc_link') {
      await tx
        .update(bankingProfiles)
        .set({ status: verificationOf(typeof object.kyc_status === 'string' ? object.kyc_status : ''), updatedAt: now })
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
      const status: WalletTransactionStatus = transferStatusOf(typeof object.state === 'string' ? object.state : '');
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
