// The receipt reader of workers/receipt-reader/ in Node, for the OCR accuracy test and the
// receipts bench: the same tesseract.js engine and language data the app serves from /ocr/,
// read from node_modules, and pdf.js's legacy build (the one meant for Node).
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createWorker, OEM } from 'tesseract.js';
import { readReceipt, type ReceiptReading } from '@workers/receipt-reader/read';
import { ocrLanguages, ocrModel } from '@workers/receipt-reader/ocr-assets';

// pdf.js 6 uses Promise.withResolvers, which Node has from 22 on; Alta supports Node 20.19.
const promiseWithResolvers = Promise as unknown as { withResolvers?: () => unknown };
promiseWithResolvers.withResolvers ??= () => {
  let resolve: unknown;
  let reject: unknown;
  const promise = new Promise((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

const require = createRequire(import.meta.url);

/** The three languages' data in one folder, as tesseract.js wants them (and as the build serves them). */
function languageFolder(): string {
  const folder = path.join(tmpdir(), `alta-ocr-${ocrModel}`);
  mkdirSync(folder, { recursive: true });
  for (const language of ocrLanguages) {
    const file = `${language}.traineddata.gz`;
    copyFileSync(require.resolve(`@tesseract.js-data/${language}/${ocrModel}/${file}`), path.join(folder, file));
  }
  return folder;
}

export interface NodeReceiptReader {
  read(file: string): Promise<ReceiptReading>;
  close(): Promise<void>;
}

export async function startNodeReceiptReader(): Promise<NodeReceiptReader> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const engine = await createWorker([...ocrLanguages], OEM.LSTM_ONLY, { langPath: languageFolder(), cacheMethod: 'none', gzip: true });
  const recognise = async (image: Uint8Array) => (await engine.recognize(Buffer.from(image))).data.text;
  return {
    read: (file) => readReceipt(new Uint8Array(readFileSync(file)), { pdfjs: async () => pdfjs, recognise }),
    close: async () => {
      await engine.terminate();
    },
  };
}
