import { connectWorker, jobArguments, type WorkerJobOptions } from './comlink.client';
import type { ImportCsvWorker } from './import-csv.worker';
import type { Language } from '@domain/constants';
import type { ImportOutcome, ImportProgress } from './import-csv/import-store';
import type { PreviewOutcome } from './import-csv/survey';
import type { ImportCsvRequest } from './import-csv/run-import';

/**
 * Runs one bank file import in a fresh module worker (main-thread side). Resolves with the
 * outcome — `{ ok: false, code }` for what the person can fix: file too large, not a bank
 * file, a statement in another currency, columns not found, cancelled — and ends the worker.
 */
export async function importCsvInWorker(request: ImportCsvRequest, options: WorkerJobOptions<ImportProgress> = {}): Promise<ImportOutcome> {
  const worker = new Worker(new URL('./import-csv.worker.ts', import.meta.url), { type: 'module', name: 'alta-import-csv' });
  const { remote, terminate } = connectWorker<ImportCsvWorker>(worker);
  try {
    return await remote.importCsv(request, ...jobArguments(options));
  } finally {
    terminate();
  }
}

/** Reads the first rows of a bank file in a worker and detects its format, columns and writing (see `previewCsv`). */
export async function previewCsvInWorker(file: Blob, language: Language): Promise<PreviewOutcome> {
  const worker = new Worker(new URL('./import-csv.worker.ts', import.meta.url), { type: 'module', name: 'alta-import-preview' });
  const { remote, terminate } = connectWorker<ImportCsvWorker>(worker);
  try {
    return await remote.previewCsv(file, language);
  } finally {
    terminate();
  }
}
