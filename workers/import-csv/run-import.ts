import type { AccountKind } from '@domain/bookkeeping';
import type { Language } from '@domain/constants';
import type { AppDB } from '@sync/client/db';
import { Replica } from '@sync/client/replica';
import { dexieImportStore } from './dexie-store';
import { importCsv } from './pipeline';
import type { ImportOutcome, ImportProgress } from './import-store';
import type { DateOrder } from './dates';
import type { ImportMapping } from './survey';

/** What the UI asks the import worker to do. */
export interface ImportCsvRequest {
  /** The signed-in user: the worker opens that user's database. */
  userId: string;
  file: Blob;
  fileName: string;
  companyId: string;
  accountKind: AccountKind;
  accountId: string;
  language: Language;
  /** The columns, date order and decimal separator the person confirmed in the preview. */
  mapping?: ImportMapping;
  /** A bank file's day-month order, when the person corrected the one assumed. */
  dateOrder?: DateOrder;
  /** Chosen by the UI when it wants to follow the batch in Dexie before the worker answers. */
  importId?: string;
}

/**
 * Imports a bank export into the user's database on this device: the worker's whole job,
 * kept apart from comlink so Vitest can run it on fake-indexeddb.
 */
export async function runImport(
  db: AppDB,
  request: ImportCsvRequest,
  options: { onProgress?: (progress: ImportProgress) => void; signal?: AbortSignal; requestSync?: () => void } = {},
): Promise<ImportOutcome> {
  const replica = new Replica(db, request.userId);
  const store = dexieImportStore(replica, db, options.requestSync ?? (() => {}));
  const { userId: _userId, importId, ...input } = request;
  return importCsv(
    { ...input, importId: importId ?? crypto.randomUUID() },
    { store, ...(options.onProgress ? { onProgress: options.onProgress } : {}), ...(options.signal ? { signal: options.signal } : {}) },
  );
}
