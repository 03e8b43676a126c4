import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { UploadType } from '@domain/files';
import type { Db } from '../client';
import { uploads } from '../schema/bookkeeping';
import { companies, partners } from '../schema/companies';
import { storageOrphans } from '../schema/storage';
import { users } from '../schema/users';

export type UploadRecord = typeof uploads.$inferSelect;

/** Records a file about to be uploaded through a presigned URL (not yet verified). */
export async function insertUpload(db: Db, record: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(record);
}

/** The upload with this key, if it belongs to one of `companyIds` (the caller's companies). */
export async function findUploadInScope(db: Db, key: string, companyIds: string[]): Promise<UploadRecord | undefined> {
  if (companyIds.length === 0) return undefined;
  const [record] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, key), inArray(uploads.companyId, companyIds)));
  return record;
}

/** Marks an upload whose stored bytes passed the checks; only verified uploads may be attached. */
export async function markUploadVerified(db: Db, key: string, companyIds: string[], at: Date): Promise<void> {
  if (companyIds.length === 0) return;
  await db
    .update(uploads)
    .set({ verifiedAt: at })
    .where(and(eq(uploads.key, key), inArray(uploads.companyId, companyIds)));
}

/** Forgets an upload whose stored bytes were refused (the object is deleted too). */
export async function deleteUpload(db: Db, key: string, companyIds: string[]): Promise<void> {
  if (companyIds.length === 0) return;
  await db.delete(uploads).where(and(eq(uploads.key, key), inArray(uploads.companyId, companyIds)));
}

/** The company id inside an object key (`<folder>/<company id>/<file id>.<ext>`). */
export const companyOfKey = (key: string): string | null => key.split('/')[1] ?? null;

/** The owner of a company (id and email), or null when there is no such company. */
export async function findCompanyOwner(db: Db, companyId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companies.id, companyId));
  return row ?? null;
}

/** True when the partner belongs to the company. */
export async function partnerOfCompany(db: Db, partnerId: string, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.id, partnerId), eq(partners.companyId, companyId)));
  return row !== undefined;
}

/** The verified documents of a company of the given types, newest first. */
export async function listCompanyDocuments(db: Db, companyId: string, types: readonly UploadType[]) {
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.companyId, companyId), inArray(uploads.uploadType, [...types]), isNotNull(uploads.verifiedAt)))
    .orderBy(desc(uploads.createdAt));
}

/**
 * Forgets a company document and hands its object to the storage sweeper (storage_orphans) in
 * the same transaction: the list changes at once, the stored bytes go after commit.
 */
export async function deleteCompanyDocument(db: Db, key: string, companyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(uploads).where(and(eq(uploads.key, key), eq(uploads.companyId, companyId)));
    await tx.insert(storageOrphans).values({ key }).onConflictDoNothing();
  });
}
