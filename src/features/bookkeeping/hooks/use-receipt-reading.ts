import { useEffect, useState } from 'react';
import type { ReceiptFields } from '@workers/receipt-reader/fields';
import type { suggestMatches } from '../receipt-matching';
import type { InboxItem } from './use-receipt-queue';

export type ReceiptReadingState = { status: 'reading' } | { status: 'read'; fields: ReceiptFields } | { status: 'unreadable' };

const noSuggestions: typeof suggestMatches = () => [];

// What this tab has read, by inbox receipt: a receipt is read once, not at each opening of the inbox.
const readings = new Map<string, ReceiptReadingState>();

/**
 * The inbox receipts this device holds, read in the reader's worker (decision 067) while
 * `active` (the inbox is open: the first use downloads the reader, which only someone looking
 * at their receipts should pay for), one after the other. `downloadBytes` is set while the
 * first read waits for the reader's files, which the service worker then keeps. The reader's client and the matching (`suggest`, none until it has loaded) are
 * loaded when the inbox first opens: the bookkeeping page opens without them.
 */
export function useReceiptReading(items: readonly InboxItem[], active: boolean) {
  const [, setVersion] = useState(0);
  const [downloadBytes, setDownloadBytes] = useState<number | null>(null);
  const [matching, setMatching] = useState<{ suggestMatches: typeof suggestMatches } | null>(null);

  useEffect(() => {
    if (active && !matching) void import('../receipt-matching').then(setMatching);
  }, [active, matching]);

  useEffect(() => {
    const waiting = items.filter((item) => item.file && !readings.has(item.id));
    if (!active || waiting.length === 0) return;
    for (const item of waiting) readings.set(item.id, { status: 'reading' });
    setVersion((version) => version + 1);
    void (async () => {
      try {
        const reader = await import('@workers/receipt-reader.client');
        const firstDownload = !(await reader.isReaderOnDevice());
        if (firstDownload) setDownloadBytes(reader.ocrDownloadBytes);
        for (const item of waiting) {
          const result = await reader.readReceiptInWorker(item.file!);
          // The reader could not load (offline before its first download): these receipts are read the next time the inbox opens.
          if (!result.ok && result.code === 'readerUnavailable') break;
          readings.set(item.id, result.ok ? { status: 'read', fields: result.reading } : { status: 'unreadable' });
          if (firstDownload) setDownloadBytes(null);
          setVersion((version) => version + 1);
        }
      } catch (error) {
        console.warn('the receipt reader could not start', error);
      } finally {
        for (const item of waiting) if (readings.get(item.id)?.status === 'reading') readings.delete(item.id);
        setDownloadBytes(null);
        setVersion((version) => version + 1);
      }
    })();
  }, [active, items]);

  return { readingOf: (id: string) => readings.get(id) ?? null, downloadBytes, suggest: matching?.suggestMatches ?? noSuggestions };
}
