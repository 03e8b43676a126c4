import '@domain/zod-jitless';
import * as Comlink from 'comlink';
import type * as PdfJs from 'pdfjs-dist';
import { createWorker, OEM, type Worker as OcrEngine } from 'tesseract.js';
import { ocrLanguages } from './receipt-reader/ocr-assets';
import { readReceipt, type ReceiptReading } from './receipt-reader/read';

/**
 * Reads receipts on the device (decision 067): a photo or scan by OCR (tesseract.js, its own
 * WebAssembly worker started from here), a PDF by its text layer or, for a scanned PDF, by
 * OCR of its images (pdf.js, in this worker); then finds the total, date and merchant. Every
 * file comes from `base`, the folder Alta serves them from (`/ocr/<hash>/`), and the service
 * worker keeps them after the first use, so reading works offline from then on.
 */

/**
 * `unreadable`: this file cannot be read. `readerUnavailable`: the reader itself could not load
 * (offline before its first download, say): nothing is wrong with the file, and it is read again later.
 */
export type ReceiptReadResult = { ok: true; reading: ReceiptReading } | { ok: false; code: 'unreadable' | 'readerUnavailable' };

class ReaderUnavailable extends Error {}

let engine: Promise<OcrEngine> | null = null;
let pdfjs: Promise<typeof PdfJs> | null = null;

const startEngine = (base: string) =>
  createWorker([...ocrLanguages], OEM.LSTM_ONLY, {
    workerPath: `${base}worker.min.js`,
    corePath: base,
    langPath: base,
    workerBlobURL: false,
    // The service worker keeps the language data; tesseract's own IndexedDB copy would double it.
    cacheMethod: 'none',
    gzip: true,
  });

async function loadPdfJs(base: string): Promise<typeof PdfJs> {
  // In this worker already: pdf.js parses here rather than in yet another worker.
  const handler = (await import(/* @vite-ignore */ `${base}pdf.worker.min.mjs`)) as unknown;
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = handler;
  return (await import(/* @vite-ignore */ `${base}pdf.min.mjs`)) as typeof PdfJs;
}

const api = {
  /** `base` is an absolute address (this worker has no page to resolve it against). */
  async read(file: Blob, base: string): Promise<ReceiptReadResult> {
    try {
      // A part that failed to load is forgotten, so the next receipt tries again instead of failing for the rest of the session.
      const recognise = async (image: Uint8Array) => {
        engine ??= startEngine(base).catch((error: unknown) => {
          engine = null;
          throw new ReaderUnavailable('the OCR engine could not load', { cause: error });
        });
        return (await (await engine).recognize(new Blob([image as Uint8Array<ArrayBuffer>]))).data.text;
      };
      const loadPdf = () =>
        (pdfjs ??= loadPdfJs(base).catch((error: unknown) => {
          pdfjs = null;
          throw new ReaderUnavailable('pdf.js could not load', { cause: error });
        }));
      const tools = { pdfjs: loadPdf, recognise };
      return { ok: true, reading: await readReceipt(new Uint8Array(await file.arrayBuffer()), tools) };
    } catch (error) {
      // A file the engine cannot decode (a corrupt image, an encrypted PDF) is the receipt's problem,
      // not the reader's: the inbox keeps it and suggests by its name and day, as before.
      console.warn('receipt not read', error);
      return { ok: false, code: error instanceof ReaderUnavailable ? 'readerUnavailable' : 'unreadable' };
    }
  },
};

export type ReceiptReaderWorker = typeof api;

Comlink.expose(api);
