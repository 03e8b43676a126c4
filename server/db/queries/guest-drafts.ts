import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gte, isNull } from 'drizzle-orm';
import type { GuestDraft } from '@domain/draft';
import { guestDraftKinds } from '@domain/draft';
import type { Db } from '../client';
import { drafts } from '../schema/drafts';

/**
 * Reading a guest's draft back with its secret ("continue on another device"). Uploads are
 * stored by `saveGuestDraft` (server/sync/drafts.ts) with the secret's SHA-256 in hex; this
 * hashes the same way.
 */

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest();

// Compared against when the id is unknown, so an unknown id and a wrong secret take the same work.
const noHash = Buffer.alloc(32);

/**
 * The guest draft `id` if `secret` opens it: still unclaimed by an account and created at or
 * after `createdSince` (older ones are expired, whether or not the purge has run yet). An
 * unknown id, a wrong secret, a linked or expired draft all answer null, indistinguishably.
 */
export async function findGuestDraft(db: Db, id: string, secret: string, createdSince: Date): Promise<GuestDraft | null> {
  const [row] = await db
    .select({ id: drafts.id, kind: drafts.kind, step: drafts.step, data: drafts.data, updatedAt: drafts.updatedAt, guestSecretHash: drafts.guestSecretHash })
    .from(drafts)
    .where(and(eq(drafts.id, id), isNull(drafts.userId), gte(drafts.createdAt, createdSince)));
  const stored = row?.guestSecretHash ? Buffer.from(row.guestSecretHash, 'hex') : noHash;
  const matches = stored.length === 32 && timingSafeEqual(stored, hashSecret(secret));
  if (!row || !row.guestSecretHash || !matches) return null;
  // Only the guest wizards' kinds are ever uploaded; anything else is not a guest's to read.
  const kind = guestDraftKinds.find((candidate) => candidate === row.kind);
  if (!kind) return null;
  return { id: row.id, kind, step: row.step, data: row.data as GuestDraft['data'], updatedAt: row.updatedAt };
}
