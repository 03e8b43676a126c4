import type { Transaction } from '@domain/bookkeeping';
import type { AppDB } from '@sync/client/db';
import type { ReceiptFile } from '@sync/client/receipts';
import type { PackReceipt } from '@workers/export/types';
import { downloadReceiptUrl } from './api/receipts-api';

/**
 * This device's copy of each shown transaction's receipt, by transaction id: the newest file
 * that is still uploading or is the one attached (the rule of the transaction detail page).
 */
export async function receiptsOnDevice(db: AppDB, companyId: string, shown: readonly Transaction[]): Promise<Map<string, ReceiptFile>> {
  const byId = new Map(shown.map((row) => [row.id, row]));
  const files = await db.receiptFiles.filter((file) => file.companyId === companyId && file.transactionId !== '' && file.status !== 'failed').toArray();
  const copies = new Map<string, ReceiptFile>();
  for (const file of files) {
    const row = byId.get(file.transactionId);
    if (!row || (file.status !== 'pending' && file.key !== row.receipt?.key)) continue;
    const kept = copies.get(row.id);
    if (!kept || file.createdAt > kept.createdAt) copies.set(row.id, file);
  }
  return copies;
}

/** Downloads at a time when the pack fetches the receipts this device does not hold. */
const parallelDownloads = 4;

/**
 * The pack's receipts, by position in `shown`: this device's copies, and while online the
 * stored ones it does not hold, downloaded (not kept). A receipt that cannot be had (offline,
 * or its download fails) is left out; the pack names it.
 */
export async function packReceipts(shown: readonly Transaction[], copies: ReadonlyMap<string, ReceiptFile>, online: boolean): Promise<PackReceipt[]> {
  const found: PackReceipt[] = [];
  const toFetch: { row: number; key: string }[] = [];
  shown.forEach((transaction, row) => {
    const copy = copies.get(transaction.id);
    if (copy) found.push({ row, file: copy.file });
    else if (transaction.receipt && online) toFetch.push({ row, key: transaction.receipt.key });
  });
  let next = 0;
  const fetchOne = async () => {
    while (next < toFetch.length) {
      const { row, key } = toFetch[next++]!;
      try {
        const response = await fetch(await downloadReceiptUrl(key), { credentials: 'include' });
        if (response.ok) found.push({ row, file: await response.blob() });
      } catch {
        // Left out and named in the pack: the connection dropped, or the file is gone.
      }
    }
  };
  await Promise.all(Array.from({ length: parallelDownloads }, fetchOne));
  return found;
}
