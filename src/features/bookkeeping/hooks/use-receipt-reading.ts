import { useEffect, useState } from 'react';
import type { ReceiptFields } from '@workers/receipt-reader/fields';
import { isReaderOnDevice, readReceiptInWorker } from '@workers/receipt-reader.client';
import type { InboxItem } from './use-receipt-queue';

export type ReceiptReadingState = { status: 'reading' } | { status: 'read'; fields: ReceiptFields } | { status: 'unreadable' };

// What this tab has read, by inbox receipt: a receipt is read once, not at each opening of the inbox.
const readings = new Map<string, ReceiptReadingState>();

/**
 * The inbox receipts this device holds, read in the reader's worker (decision 067) while
 * `active` (the inbox is open: the first use downloads the reader, which only someone looking
 * at their receipts should pay for), one after the other. `downloading` is true while the
 * first read waits for the reader's files, which the service worker then keeps.
 */
export function useReceiptReading(items: readonly InboxItem[], active: boolean) {
  const [, setVersion] = useState(0);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    const waiting = items.filter((item) => item.file && !readings.has(item.id));
    if (!active || waiting.length === 0) return;
    for (const item of waiting) readings.set(item.id, { status: 'reading' });
    setVersion((version) => version + 1);
    void (async () => {
      const firstDownload = !(await isReaderOnDevice());
      if (firstDownload) setDownloading(true);
      for (const item of waiting) {
        const result = await readReceiptInWorker(item.file!);
        readings.set(item.id, result.ok ? { status: 'read', fields: result.reading } : { status: 'unreadable' });
        if (firstDownload) setDownloading(false);
        setVersion((version) => version + 1);
      }
    })();
  }, [active, items]);

  return { readingOf: (id: string) => readings.get(id) ?? null, downloading };
}
