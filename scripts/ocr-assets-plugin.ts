import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { ocrLanguages, ocrModel } from '../workers/receipt-reader/ocr-assets';

const require = createRequire(import.meta.url);
const virtualId = 'virtual:alta-ocr';

/**
 * The receipt reader's files served by Alta itself (decision 067), never by a CDN: tesseract.js's
 * worker script, its LSTM-only WebAssembly cores (the worker picks the one the browser's SIMD
 * support allows), the es/en/pt language data from their npm packages, and pdf.js. Written to
 * `ocr/<hash of the files>/` in the build (the server caches that folder as immutable; the
 * service worker keeps it at runtime after the first use, not in the precache: about ten
 * megabytes most people never need) and served from node_modules by the dev server.
 * `virtual:alta-ocr` tells the app where they are and how much the first use downloads.
 */
function ocrFiles(): Map<string, string> {
  const files = new Map<string, string>([
    ['worker.min.js', require.resolve('tesseract.js/dist/worker.min.js')],
    // pdf.js reads a PDF's text layer and a scan's images; loaded by the reader on its first PDF.
    ['pdf.min.mjs', require.resolve('pdfjs-dist/build/pdf.min.mjs')],
    ['pdf.worker.min.mjs', require.resolve('pdfjs-dist/build/pdf.worker.min.mjs')],
  ]);
  for (const core of ['tesseract-core-lstm.wasm.js', 'tesseract-core-simd-lstm.wasm.js', 'tesseract-core-relaxedsimd-lstm.wasm.js']) {
    files.set(core, require.resolve(`tesseract.js-core/${core}`));
  }
  for (const language of ocrLanguages) {
    files.set(`${language}.traineddata.gz`, require.resolve(`@tesseract.js-data/${language}/${ocrModel}/${language}.traineddata.gz`));
  }
  return files;
}

export function ocrAssetsPlugin(): Plugin {
  const files = ocrFiles();
  const contents = new Map([...files].map(([name, file]) => [name, readFileSync(file)]));
  const hash = createHash('sha256');
  for (const [name, bytes] of contents) hash.update(name).update(bytes);
  const base = `/ocr/${hash.digest('hex').slice(0, 12)}/`;
  // What one device downloads: everything but two of the three cores (the largest counted, to promise no more than it is).
  const cores = [...contents].filter(([name]) => name.startsWith('tesseract-core')).map(([, bytes]) => bytes.length);
  const downloadBytes = [...contents].filter(([name]) => !name.startsWith('tesseract-core')).reduce((sum, [, bytes]) => sum + bytes.length, Math.max(...cores));
  let serverBuild = false;
  return {
    name: 'alta-ocr-assets',
    configResolved(config) {
      serverBuild = Boolean(config.build.ssr);
    },
    resolveId: (id) => (id === virtualId ? `\0${virtualId}` : null),
    load: (id) => (id === `\0${virtualId}` ? `export const ocrBase = ${JSON.stringify(base)};\nexport const ocrDownloadBytes = ${downloadBytes};\n` : null),
    generateBundle() {
      // Only the client build serves them (the pre-render's server build would copy them again).
      if (serverBuild) return;
      for (const [name, bytes] of contents) this.emitFile({ type: 'asset', fileName: `${base.slice(1)}${name}`, source: bytes });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = request.url?.startsWith(base) ? request.url.slice(base.length) : null;
        const bytes = name ? contents.get(name) : undefined;
        if (!bytes) return next();
        response.setHeader('Content-Type', /\.m?js$/.test(name!) ? 'text/javascript' : 'application/octet-stream');
        response.end(bytes);
      });
    },
  };
}
