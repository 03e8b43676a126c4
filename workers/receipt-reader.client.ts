import { ocrBase, ocrDownloadBytes } from 'virtual:alta-ocr';
import { connectWorker, type WorkerHandle } from './comlink.client';
import type { ReceiptReadResult, ReceiptReaderWorker } from './receipt-reader.worker';

export { ocrDownloadBytes };

let handle: WorkerHandle<ReceiptReaderWorker> | null = null;

/** Reads a receipt's total, date and merchant in the reader's worker (started on first use and kept). */
export function readReceiptInWorker(file: Blob): Promise<ReceiptReadResult> {
  handle ??= connectWorker<ReceiptReaderWorker>(
    new Worker(new URL('./receipt-reader.worker.ts', import.meta.url), { type: 'module', name: 'alta-receipt-reader' }),
  );
  return handle.remote.read(file, new URL(ocrBase, location.href).href);
}

/** Whether the reader's files are already on this device (kept by the service worker), so reading starts without a download. */
export async function isReaderOnDevice(): Promise<boolean> {
  if (!('caches' in globalThis)) return false;
  return Boolean(await caches.match(`${ocrBase}spa.traineddata.gz`, { cacheName: 'alta-ocr' }));
}
