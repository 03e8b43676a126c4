import type { Receipt } from '@domain/bookkeeping';
import { presignedUploadSchema, storedFileSchema } from '@domain/files';
import { isMutationRejection } from '@sync/refusals';
import type { MutatorArgs } from '@sync/mutators';
import type { ReceiptFile, ReceiptsDatabase } from './receipts';
import { postJson, startUploadQueue, uploadFile } from './uploads';

/**
 * Sending the receipts kept on this device (`receipts.ts`): each is uploaded through a
 * presigned URL, checked by the server, then attached to its transaction (`attachReceipt`) or
 * recorded in the company inbox (`addInboxReceipt`). One at a time, oldest first, whenever
 * there is a network.
 */

export interface ReceiptUploadDeps {
  /** `fetch` with the session cookies (defaults to the browser's). */
  fetch?: typeof fetch;
  baseUrl?: string;
  /** The sync engine's `mutate`, for the receipt mutations. */
  mutate<Name extends 'attachReceipt' | 'addInboxReceipt' | 'attachInboxReceipt' | 'deleteInboxReceipt'>(name: Name, args: MutatorArgs<Name>): Promise<unknown>;
  now(): Date;
}

/** How one upload attempt ended: done, refused for good, or worth trying again later. */
type Attempt = { kind: 'attached' } | { kind: 'refused'; code: string } | { kind: 'retry' };

/** Presign → PUT → complete → `attachReceipt`, for one receipt. The key is kept as soon as the bytes are stored. */
async function uploadOne(db: ReceiptsDatabase, receipt: ReceiptFile, deps: ReceiptUploadDeps): Promise<Attempt> {
  const post = postJson(deps);
  const uploaded = await uploadFile({
    id: receipt.id,
    file: receipt.file,
    storedKey: receipt.key,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    declare: async () =>
      presignedUploadSchema.parse(
        await post('/uploads', { uploadType: 'transactionReceipt', companyId: receipt.companyId, fileName: receipt.name, size: receipt.size }),
      ),
    onStored: async (key) => {
      await db.receiptFiles.update(receipt.id, { key });
    },
    complete: async (key) => storedFileSchema.parse(await post('/uploads/complete', { key })),
  });
  try {
    if (uploaded.kind === 'refused') return { kind: 'refused', code: uploaded.code };
    if (uploaded.kind === 'retry') {
      // The stored copy is gone (its URL expired before the bytes arrived): the next attempt uploads anew.
      if (uploaded.startOver) await db.receiptFiles.update(receipt.id, { key: null });
      return { kind: 'retry' };
    }
    const file = uploaded.value;
    const attachment: Receipt = { key: file.key, name: file.name, size: file.size, contentType: file.contentType };
    if (receipt.transactionId !== '') {
      await deps.mutate('attachReceipt', { id: receipt.transactionId, receipt: attachment, updatedAt: deps.now().toISOString() });
      return { kind: 'attached' };
    }
    await deps.mutate('addInboxReceipt', { id: receipt.id, companyId: receipt.companyId, receipt: attachment, createdAt: receipt.createdAt });
    // Matched or thrown away while it uploaded: the inbox row follows at once.
    const now = await db.receiptFiles.get(receipt.id);
    if (!now) await deps.mutate('deleteInboxReceipt', { id: receipt.id });
    else if (now.transactionId !== '')
      await deps.mutate('attachInboxReceipt', { inboxId: receipt.id, transactionId: now.transactionId, updatedAt: deps.now().toISOString() });
    return { kind: 'attached' };
  } catch (error) {
    if (isMutationRejection(error)) return { kind: 'refused', code: error.code };
    return { kind: 'retry' };
  }
}

/**
 * Uploads every pending receipt of this device, one at a time, oldest first. Across tabs,
 * a Web Lock makes sure one tab uploads a given database's receipts. Returns what happened.
 */
export async function uploadPendingReceipts(db: ReceiptsDatabase, deps: ReceiptUploadDeps): Promise<{ attached: number; refused: number; pending: number }> {
  const run = async () => {
    const counts = { attached: 0, refused: 0, pending: 0 };
    const pending = await db.receiptFiles.where('status').equals('pending').sortBy('createdAt');
    for (const receipt of pending) {
      const attempt = await uploadOne(db, receipt, deps);
      if (attempt.kind === 'attached') {
        counts.attached += 1;
        await db.receiptFiles.update(receipt.id, { status: 'attached', failure: null });
      } else if (attempt.kind === 'refused') {
        counts.refused += 1;
        await db.receiptFiles.update(receipt.id, { status: 'failed', failure: attempt.code });
      } else {
        // Offline or the server is unwell: stop here and keep the rest in order for the next run.
        counts.pending = pending.length - counts.attached - counts.refused;
        break;
      }
    }
    return counts;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(`alta-receipts:${db.name}`, run) : run();
}

/** How often pending receipts are tried again after a failure, while any are waiting. */
export const receiptRetryMs = 60_000;

/** Uploads receipts when one is queued, when the browser comes back online, and every minute while some wait. Returns the stop function. */
export function startReceiptUploads(db: ReceiptsDatabase, deps: ReceiptUploadDeps): () => void {
  return startUploadQueue({
    waiting: () => db.receiptFiles.where('status').equals('pending').count(),
    upload: () => uploadPendingReceipts(db, deps),
    retryMs: receiptRetryMs,
    label: 'receipt',
  });
}
