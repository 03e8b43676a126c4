import Dexie from 'dexie';
import type { Language } from '@domain/constants';
import { AppDB } from '@sync/client/db';
import { Replica } from '@sync/client/replica';
import { importCsvInWorker } from '@workers/import-csv.client';
import type { ImportProgress } from '@workers/import-csv/import-store';

/**
 * The page `tests/e2e/import-worker.spec.ts` drives: the real import worker, started through
 * its typed comlink client (`importCsvInWorker`), on a real IndexedDB in Chromium, without the
 * import dialog around it (the dialog has its own journey, bank-import.spec.ts).
 */

async function importFile(csv: string, options: { language: Language; cancelAfterImported?: number }) {
  const userId = crypto.randomUUID();
  const companyId = crypto.randomUUID();
  const accountId = crypto.randomUUID();
  const db = new AppDB(userId);
  await new Replica(db, userId).mutate('createManualAccount', { id: accountId, companyId, name: 'Checking', createdAt: new Date().toISOString() });
  const progress: ImportProgress[] = [];
  const abort = new AbortController();
  const file = new File([csv], 'bank.csv', { type: 'text/csv' });
  const outcome = await importCsvInWorker(
    { userId, file, fileName: 'bank.csv', companyId, accountKind: 'manual', accountId, language: options.language },
    {
      signal: abort.signal,
      onProgress: (event) => {
        progress.push(event);
        if (options.cancelAfterImported !== undefined && event.importedCount >= options.cancelAfterImported) abort.abort();
      },
    },
  );
  const importId = outcome.importId;
  const batch = importId ? ((await db.batchImports.get(importId)) ?? null) : null;
  const transactions = importId ? await db.transactions.where('importId').equals(importId).toArray() : [];
  const outbox = await db.outbox.toArray();
  const chunkRows = outbox
    .filter((entry) => entry.name === 'importTransactions')
    .map((entry) => (entry.args as { rows: { id: string }[] }).rows.map((row) => row.id));
  db.close();
  await Dexie.delete(db.name);
  return {
    outcome,
    progress,
    batch: batch && { status: batch.status, processedCount: batch.processedCount, result: batch.result, rowErrors: batch.rowErrors },
    transactionIds: transactions.map((row) => row.id).sort(),
    // In file order (each line's description is numbered): the index gives them by id, a hash of the line.
    transactions: transactions
      .map(({ date, description, amountCents }) => ({ date, description, amountCents }))
      .sort((a, b) => a.description.localeCompare(b.description))
      .slice(0, 5),
    chunkRows,
    outboxNames: outbox.map((entry) => entry.name),
  };
}

export type ImportFileResult = Awaited<ReturnType<typeof importFile>>;

Object.assign(window, { importFile });
document.getElementById('state')!.textContent = 'ready';
