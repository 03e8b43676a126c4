import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { bankAccounts, bankingProfiles, liquidationAddresses } from '../schema/banking';

export type BankingProfileRow = typeof bankingProfiles.$inferSelect;
export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type LiquidationAddressRow = typeof liquidationAddresses.$inferSelect;

export async function findBankingProfile(db: Db, companyId: string): Promise<BankingProfileRow | undefined> {
  const [profile] = await db.select().from(bankingProfiles).where(eq(bankingProfiles.companyId, companyId));
  return profile;
}

/** The company's customer at the provider, once: a second insert for the company changes nothing. */
export async function insertBankingProfile(db: Db, values: typeof bankingProfiles.$inferInsert): Promise<void> {
  await db.insert(bankingProfiles).values(values).onConflictDoNothing();
}

/** The wallet and virtual accounts provisioned so far; the row as it now is (undefined if it is gone). */
export async function saveProvisioning(
  db: Db,
  companyId: string,
  provisioned: Pick<BankingProfileRow, 'walletId' | 'walletAddress' | 'virtualAccount'>,
  now: Date,
): Promise<BankingProfileRow | undefined> {
  const [updated] = await db
    .update(bankingProfiles)
    .set({ ...provisioned, updatedAt: now })
    .where(eq(bankingProfiles.companyId, companyId))
    .returning();
  return updated;
}

/** The bank accounts a company may withdraw to, newest first (deleted ones are kept for history, not listed). */
export async function listBankAccounts(db: Db, companyId: string): Promise<BankAccountRow[]> {
  return db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, companyId), isNull(bankAccounts.deletedAt)))
    .orderBy(desc(bankAccounts.createdAt));
}

export async function insertBankAccount(db: Db, values: typeof bankAccounts.$inferInsert): Promise<BankAccountRow> {
  const [row] = await db.insert(bankAccounts).values(values).returning();
  return row!;
}

export async function markBankAccountDeleted(db: Db, id: string, now: Date): Promise<void> {
  await db.update(bankAccounts).set({ deletedAt: now }).where(eq(bankAccounts.id, id));
}

export async function listLiquidationAddresses(db: Db, companyId: string): Promise<LiquidationAddressRow[]> {
  return db.select().from(liquidationAddresses).where(eq(liquidationAddresses.companyId, companyId)).orderBy(desc(liquidationAddresses.createdAt));
}

/**
 * The row of a provider's liquidation address: the same Idempotency-Key brings back the same
 * provider address (a double click, a retry), so one row for it however many requests carried
 * the key, even side by side.
 */
export async function recordLiquidationAddress(
  db: Db,
  values: typeof liquidationAddresses.$inferInsert & { providerId: string },
): Promise<LiquidationAddressRow> {
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4207013, hashtext(${values.providerId}))`);
    const [existing] = await tx
      .select()
      .from(liquidationAddresses)
      .where(and(eq(liquidationAddresses.companyId, values.companyId), eq(liquidationAddresses.providerId, values.providerId)));
    if (existing) return existing;
    const [inserted] = await tx.insert(liquidationAddresses).values(values).returning();
    return inserted;
  });
  return row!;
}
