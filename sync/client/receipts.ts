import type { Table } from 'dexie';
import type { Receipt } from '@domain/bookkeeping';
import { checkFileDeclaration, presignedUploadSchema, storedFileSchema, type FileRefusal } from '@domain/files';
import { isMutationRejection } from '@sync/mutator';
import type { MutatorArgs } from '@sync/mutators';
import { postJson, startUploadQueue, uploadFile } from './uploads';

/**
 * Receipt files, local first: a photo or PDF attached to a transaction is stored as a Blob
 * in this device's database at once (so it shows offline), uploaded when online through a
 * presigned URL, checked by the server, and only then attached to the transaction by the
 * `attachReceipt` mutation. The Blob stays on the device as its offline copy.
 *
 * A file for the company's receipt inbox (no transaction yet: `transactionId` is empty) is
 * uploaded the same way and then recorded with `addInboxReceipt`, so every device of the
 * company sees it and any of them can match it to a transaction (`attachInboxReceipt`).
 */

export interface ReceiptFile {
  id: string;
  /** The transaction it is for; empty for the company's inbox (the inbox row then has this id). */
  transactionId: string;
  companyId: string;
  file: Blob;
  name: string;
  size: number;
  contentType: string;
  /**
   * `pending` until attached (or, for the inbox, recorded in the company inbox); `failed`
   * when the server refused the file for good (see `failure`).
   */
  status: 'pending' | 'attached' | 'failed';
  /** The storage key once uploaded. */
  key: string | null;
  /** Why the file was refused for good: a problem code (`file_too_large`, …) or a rejection code. */
  failure: string | null;
  createdAt: string;
}

export interface ReceiptsDatabase {
  name: string;
  receiptFiles: Table<ReceiptFile, string>;
}

/**
 * Keeps a receipt on the device for upload; refused at once (as a value) when the file
 * breaks the SPEC §5 receipt rules (5 MB; images or PDF).
 */
export async function queueReceipt(
  db: ReceiptsDatabase,
  input: { transactionId: string; companyId: string; file: Blob; name: string; now: Date },
): Promise<{ ok: true; id: string } | { ok: false; code: FileRefusal }> {
  const refusal = checkFileDeclaration('transactionReceipt', input.name, input.file.size);
  if (refusal) return { ok: false, code: refusal };
  const id = crypto.randomUUID();
  await db.receiptFiles.add({
    id,
    transactionId: input.transactionId,
    companyId: input.companyId,
    file: input.file,
    name: input.name,
    size: input.file.size,
    contentType: input.file.type,
    status: 'pending',
    key: null,
    failure: null,
    createdAt: input.now.toISOString(),
  });
  return { ok: true, id };
}

/** Keeps a receipt that belongs to no transaction yet, for the company's receipt inbox. */
export function keepInInbox(
  db: ReceiptsDatabase,
  input: { companyId: string; file: Blob; name: string; now: Date },
): Promise<{ ok: true; id: string } | { ok: false; code: FileRefusal }> {
  return queueReceipt(db, { ...input, transactionId: '' });
}

/**
 * Gives an inbox receipt its transaction on this device. `local` when the file had not reached
 * the company inbox yet: it is then uploaded and attached like any other. `inbox` when it is
 * in the company inbox (or on another device): the caller queues `attachInboxReceipt`; this
 * device's copy, if any, follows so the receipt shows offline.
 */
export async function matchInboxFile(db: ReceiptsDatabase, receiptId: string, transactionId: string): Promise<'local' | 'inbox'> {
  const file = await db.receiptFiles.get(receiptId);
  if (file?.transactionId === '') await db.receiptFiles.update(receiptId, { transactionId });
  return file?.transactionId === '' && file.status === 'pending' ? 'local' : 'inbox';
}

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

/** The device's copy of a transaction's receipt (pending or attached), newest first; undefined when none. */
export async function localReceiptOf(db: ReceiptsDatabase, transactionId: string): Promise<ReceiptFile | undefined> {
  const files = await db.receiptFiles.where('transactionId').equals(transactionId).toArray();
  return files.filter((file) => file.status !== 'failed').sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
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
