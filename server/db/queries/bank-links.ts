import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
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

/**
 * Claims up to `limit` active links whose scheduled sync is due, oldest due first, by moving
 * their `next_sync_at` to `next`: one UPDATE whose rows are locked with SKIP LOCKED and checked
 * again, so instances running the schedule at the same time claim disjoint links and each due
 * sync is claimed exactly once (the claim pattern of the renewal reminders, decision 025).
 */
export async function claimDueBankLinks(db: Db, now: Date, next: Date, limit: number): Promise<Pick<BankLinkRow, 'id' | 'companyId'>[]> {
  const due = db
    .select({ id: bankLinks.id })
    .from(bankLinks)
    .where(and(eq(bankLinks.status, 'active'), lte(bankLinks.nextSyncAt, now)))
    .orderBy(asc(bankLinks.nextSyncAt), asc(bankLinks.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(bankLinks)
    .set({ nextSyncAt: next })
    .where(and(inArray(bankLinks.id, due), lte(bankLinks.nextSyncAt, now)))
    .returning({ id: bankLinks.id, companyId: bankLinks.companyId });
}

/** Makes a link's scheduled sync due again at `at` (its bank had more than one step's worth). */
export async function scheduleBankLinkSync(db: Db, linkId: string, at: Date): Promise<void> {
  await db.update(bankLinks).set({ nextSyncAt: at }).where(eq(bankLinks.id, linkId));
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
      .values(
        accounts.map((account) => ({
          id: crypto.randomUUID(),
          linkId: link.id,
          companyId: link.companyId,
          institutionName: link.institutionName,
          createdAt: stamp,
          updatedAt: stamp,
          ...account,
        })),
      )
      .onConflictDoUpdate({
        target: [linkedAccounts.linkId, linkedAccounts.providerAccountId],
        set: {
          name: sql`excluded.name`,
          mask: sql`excluded.mask`,
          type: sql`excluded.type`,
          subtype: sql`excluded.subtype`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: sql`(${linkedAccounts.name}, ${linkedAccounts.mask}, ${linkedAccounts.type}, ${linkedAccounts.subtype}) is distinct from (excluded.name, excluded.mask, excluded.type, excluded.subtype)`,
      });
  }
  return db.select().from(linkedAccounts).where(eq(linkedAccounts.linkId, link.id));
}
