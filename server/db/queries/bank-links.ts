import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { BankLink } from '@domain/bank-linking';
import type { Db } from '../client';
import { bankLinks, linkedAccounts } from '../schema/bank-linking';

export type BankLinkRow = typeof bankLinks.$inferSelect;
export type LinkedAccountRow = typeof linkedAccounts.$inferSelect;

/** A link of one of these companies (the caller's), or undefined: another company's id is not found. */
export async function findBankLink(db: Db, linkId: string, companyId: string): Promise<BankLinkRow | undefined> {
  const [link] = await db
    .select()
    .from(bankLinks)
    .where(and(eq(bankLinks.id, linkId), eq(bankLinks.companyId, companyId)));
  return link;
}

export async function findBankLinkByItem(db: Db, provider: BankLinkRow['provider'], itemId: string): Promise<BankLinkRow | undefined> {
  const [link] = await db
    .select()
    .from(bankLinks)
    .where(and(eq(bankLinks.provider, provider), eq(bankLinks.itemId, itemId)));
  return link;
}

export async function accountsOfLinks(db: Db, linkIds: string[]): Promise<LinkedAccountRow[]> {
  if (linkIds.length === 0) return [];
  return db.select().from(linkedAccounts).where(inArray(linkedAccounts.linkId, linkIds)).orderBy(asc(linkedAccounts.name));
}

/** The company's links with their accounts, oldest first, as the API shows them (no token, no cursor). */
export async function listBankLinks(db: Db, companyId: string): Promise<BankLink[]> {
  const links = await db.select().from(bankLinks).where(eq(bankLinks.companyId, companyId)).orderBy(asc(bankLinks.createdAt));
  const accounts = await accountsOfLinks(
    db,
    links.map((link) => link.id),
  );
  return links.map((link) => toBankLink(link, accounts));
}

export function toBankLink(link: BankLinkRow, accounts: LinkedAccountRow[]): BankLink {
  return {
    id: link.id,
    institutionName: link.institutionName,
    status: link.status,
    errorCode: link.errorCode,
    lastSyncedAt: link.lastSyncedAt?.toISOString() ?? null,
    createdAt: link.createdAt.toISOString(),
    accounts: accounts
      .filter((account) => account.linkId === link.id)
      .map((account) => ({ id: account.id, name: account.name, mask: account.mask, type: account.type, subtype: account.subtype })),
  };
}

/**
 * Takes the link's sync lease until `until` when no other sync holds it (or the holder's
 * lease ran out): one conditional UPDATE, so two instances cannot both win, and nothing but
 * this one link waits.
 */
export async function claimSyncLease(db: Db, linkId: string, now: Date, until: Date): Promise<BankLinkRow | undefined> {
  const [link] = await db
    .update(bankLinks)
    .set({ syncLeaseUntil: until })
    .where(and(eq(bankLinks.id, linkId), or(isNull(bankLinks.syncLeaseUntil), lt(bankLinks.syncLeaseUntil, now))))
    .returning();
  return link;
}

export async function releaseSyncLease(db: Db, linkId: string): Promise<void> {
  await db.update(bankLinks).set({ syncLeaseUntil: null }).where(eq(bankLinks.id, linkId));
}

/**
 * Stores the accounts the provider named, keeping the ids of those already known; a row is
 * rewritten (and so synced to devices again) only when something about it changed.
 */
export async function upsertLinkedAccounts(
  db: Db,
  link: Pick<BankLinkRow, 'id' | 'companyId' | 'institutionName'>,
  accounts: { providerAccountId: string; name: string; mask: string | null; type: string; subtype: string | null }[],
  at: Date,
): Promise<LinkedAccountRow[]> {
  if (accounts.length > 0) {
    const stamp = at.toISOString();
    await db
      .insert(linkedAccounts)
      .values(accounts.map((account) => ({ id: crypto.randomUUID(), linkId: link.id, companyId: link.companyId, institutionName: link.institutionName, createdAt: stamp, updatedAt: stamp, ...account })))
      .onConflictDoUpdate({
        target: [linkedAccounts.linkId, linkedAccounts.providerAccountId],
        set: { name: sql`excluded.name`, mask: sql`excluded.mask`, type: sql`excluded.type`, subtype: sql`excluded.subtype`, updatedAt: sql`excluded.updated_at` },
        setWhere: sql`(${linkedAccounts.name}, ${linkedAccounts.mask}, ${linkedAccounts.type}, ${linkedAccounts.subtype}) is distinct from (excluded.name, excluded.mask, excluded.type, excluded.subtype)`,
      });
  }
  return db.select().from(linkedAccounts).where(eq(linkedAccounts.linkId, link.id));
}
