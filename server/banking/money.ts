import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { BankAccountView, WalletTransaction } from '@domain/banking';
import type { Db } from '../db/client';
import { bankAccounts, walletBalances, walletTransactions } from '../db/schema/banking';

/**
 * Money in and out: withdrawals (idempotent, balance-safe), incoming deposits and transfer
 * updates from verified provider webhooks (each event applied once), and the rows the screen
 * reads. Every write that a user should see pokes the company's people through the sync
 * stream, so an open banking page refreshes without a reload.
 */

export type TransactionRow = typeof walletTransactions.$inferSelect;

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
  const rows = await db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.companyId, companyId))
    .orderBy(desc(walletTransactions.createdAt))
    .limit(limit);
  return rows.map(toWalletTransaction);
}

/** Adds to a company's balance in one currency (its row made on the first credit). */
export async function credit(tx: Db, companyId: string, currency: 'usd' | 'usdc' | 'usdt', cents: number) {
  await tx
    .insert(walletBalances)
    .values({ companyId, currency, availableCents: cents })
    .onConflictDoUpdate({
      target: [walletBalances.companyId, walletBalances.currency],
      set: { availableCents: sql`${walletBalances.availableCents} + ${cents}` },
    });
}
