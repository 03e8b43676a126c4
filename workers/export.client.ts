import { connectWorker } from './comlink.client';
import type { ExportWorker } from './export.worker';
import type { ExportRequest, ExportResult } from './export/types';

/**
 * Builds an export in a fresh worker (main-thread side) and ends it: an export is occasional, and
 * a pack's receipts should not stay in a worker's memory after the download.
 */
export async function buildExportInWorker(request: ExportRequest): Promise<ExportResult> {
  const worker = new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module', name: 'alta-export' });
  const { remote, terminate } = connectWorker<ExportWorker>(worker);
  try {
    return await remote.build(request);
  } finally {
    terminate();
  }
}
