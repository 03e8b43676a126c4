import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { uploads } from '../schema/bookkeeping';

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
