import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { GuestDraftUpload } from '@domain/draft';
import type { Db } from '../db/client';
import { drafts } from '../db/schema/drafts';

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

function sameSecret(storedHash: string, secret: string): boolean {
  return timingSafeEqual(Buffer.from(storedHash, 'hex'), Buffer.from(hashSecret(secret), 'hex'));
}

/**
 * Stores a guest's draft (no account yet). The first upload of an id claims it with the
 * draft's secret; later uploads must present the same secret. An id that belongs to an
 * account or to another secret answers like an unknown one (`false`), revealing nothing.
 */
export async function saveGuestDraft(db: Db, id: string, upload: GuestDraftUpload): Promise<boolean> {
  const { secret, ...draft } = upload;
  const [existing] = await db.select({ userId: drafts.userId, guestSecretHash: drafts.guestSecretHash }).from(drafts).where(eq(drafts.id, id));
  if (!existing) {
    const inserted = await db
      .insert(drafts)
      .values({ id, ...draft, companyId: null, userId: null, guestSecretHash: hashSecret(secret) })
      .onConflictDoNothing()
      .returning({ id: drafts.id });
    return inserted.length === 1;
  }
  if (existing.userId !== null || !existing.guestSecretHash || !sameSecret(existing.guestSecretHash, secret)) return false;
  const updated = await db
    .update(drafts)
    .set(draft)
    .where(and(eq(drafts.id, id), isNull(drafts.userId), eq(drafts.guestSecretHash, existing.guestSecretHash)))
    .returning({ id: drafts.id });
  return updated.length === 1;
}

/**
 * Moves a guest's draft under a newly registered account (`companyDraftId` of registration):
 * from then on it syncs to the user's devices like any of their drafts. Only an unclaimed
 * guest draft moves, and only for whoever holds its secret (the id alone is no proof: it
 * travels in orders and links); returns whether it did. Pass the registration's transaction
 * as `db` to link atomically with the account's creation.
 */
export async function linkDraftToUser(db: Db, draftId: string, secret: string, userId: string): Promise<boolean> {
  const linked = await db
    .update(drafts)
    .set({ userId, guestSecretHash: null })
    .where(and(eq(drafts.id, draftId), isNull(drafts.userId), eq(drafts.guestSecretHash, hashSecret(secret))))
    .returning({ id: drafts.id });
  return linked.length === 1;
}
