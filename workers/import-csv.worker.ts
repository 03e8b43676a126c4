import '@domain/zod-jitless';
import * as Comlink from 'comlink';
import type { Language } from '@domain/constants';
import { AppDB } from '@sync/client/db';
import type { TabMessage } from '@sync/client/host';
import { signalFromPort } from './cancel';
import type { ImportOutcome, ImportProgress } from './import-csv/import-store';
import { previewCsv, type PreviewOutcome } from './import-csv/survey';
import { runImport, type ImportCsvRequest } from './import-csv/run-import';

/**
 * The bank file import worker (CSV, OFX/QFX, QIF, CAMT.053): parsing, detection, validation, dedupe, categorising and the
 * chunked Dexie writes all happen here, off the main thread. After each chunk it asks the
 * tab that leads sync to push (the same BroadcastChannel message other tabs use).
 */
const api = {
  /** The first rows of a bank file and how they would be read, for the person to confirm. */
  previewCsv(file: Blob, language: Language): Promise<PreviewOutcome> {
    return previewCsv(file, language);
  },

  async importCsv(request: ImportCsvRequest, onProgress?: (progress: ImportProgress) => void, cancel?: MessagePort): Promise<ImportOutcome> {
    const db = new AppDB(request.userId);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`alta-sync:${db.name}`);
    try {
      return await runImport(db, request, {
        signal: signalFromPort(cancel),
        requestSync: () => channel?.postMessage({ type: 'sync' } satisfies TabMessage),
        // Progress is a cross-thread call: fire and forget, the job never waits for the UI.
        ...(onProgress ? { onProgress: (progress: ImportProgress) => void onProgress(progress) } : {}),
      });
    } finally {
      channel?.close();
      db.close();
    }
  },
};

export type ImportCsvWorker = typeof api;

Comlink.expose(api);
