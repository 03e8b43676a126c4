import type { Table } from 'dexie';
import { checkFileDeclaration, type FileRefusal } from '@domain/file-rules';

/**
 * Receipt files, local first: a photo or PDF attached to a transaction is stored as a Blob
 * in this device's database at once (so it shows offline), uploaded when online through a
 * presigned URL, checked by the server, and only then attached to the transaction by the
 * `attachReceipt` mutation (`receipt-uploads.ts`). The Blob stays on the device as its offline
 * copy. Keeping and showing a receipt needs no schema, so the bookkeeping screens load this
 * without zod; the uploads run with the sync runtime.
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

/** The device's copy of a transaction's receipt (pending or attached), newest first; undefined when none. */
export async function localReceiptOf(db: ReceiptsDatabase, transactionId: string): Promise<ReceiptFile | undefined> {
  const files = await db.receiptFiles.where('transactionId').equals(transactionId).toArray();
  return files.filter((file) => file.status !== 'failed').sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}
