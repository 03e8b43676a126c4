import Dexie from 'dexie';
import Papa from 'papaparse';
import type { Transaction } from '@domain/bookkeeping';
import { testTransaction } from '@domain/transaction-fixture';
import { AppDB } from '@sync/client/db';
import { Replica } from '@sync/client/replica';
import { importCsvInWorker, previewCsvInWorker } from '@workers/import-csv.client';
import { importCsv } from '@workers/import-csv/pipeline';

/**
 * The page `scripts/bench-import.mjs` drives in headless Chromium: a generated ~2 MB bank
 * export imported end to end by the real worker, next to a raw PapaParse parse and a raw
 * Dexie bulkPut of the same rows, with the longest main-thread task during the import.
 */

const places = ['SEATTLE WA', 'SAN FRANCISCO CA', 'NEW YORK NY', 'MIAMI FL', 'AUSTIN TX', 'ONLINE'];
const merchants = [
  'AMAZON WEB SERVICES',
  'STRIPE TRANSFER',
  'GUSTO PAYROLL',
  'UBER TRIP',
  'WEWORK',
  'GOOGLE ADS',
  'FEDEX SHIPPING',
  'STARBUCKS',
  'CLIENT PAYMENT',
  'MONTHLY SERVICE FEE',
  'DELTA AIR LINES',
  'GITHUB',
  'OFFICE DEPOT',
  'COMCAST',
  'LOCAL VENDOR',
];

/** A deterministic en-US bank export just under the SPEC's 2 MB batch limit. */
function generateCsv(limitBytes: number): { text: string; rows: number } {
  const lines = ['Posting Date,Description,Amount,Balance'];
  let size = lines[0]!.length + 1;
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  let balance = 1_000_000;
  for (let i = 0; ; i++) {
    const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 90) * 86_400_000);
    const date = `${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')}/${day.getUTCFullYear()}`;
    const cents = Math.floor(random() * 200_000) - 150_000;
    balance += cents;
    const amount = `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
    const line = `${date},${merchants[i % merchants.length]} ${places[i % places.length]} REF ${String(i).padStart(8, '0')},${amount},${(balance / 100).toFixed(2)}`;
    if (size + line.length + 1 > limitBytes) return { text: `${lines.join('\n')}\n`, rows: lines.length - 1 };
    lines.push(line);
    size += line.length + 1;
  }
}

const ms = (start: number) => Math.round(performance.now() - start);

async function runBench() {
  const { text, rows } = generateCsv(2_097_152 - 64);
  const file = new File([text], 'bench.csv', { type: 'text/csv' });

  // Raw parse on this thread, as a baseline (before the import's long-task window opens).
  let start = performance.now();
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  const rawParseMs = ms(start);

  // Raw bulkPut of the same rows, as transactions, into a scratch database.
  const scratch = new Dexie('alta-bench-scratch');
  scratch.version(1).stores({ transactions: 'id, companyId, [companyId+date], importId, accountId' });
  const companyId = crypto.randomUUID();
  const now = new Date().toISOString();
  const asRows: Transaction[] = parsed.data.slice(1).map((cells) =>
    testTransaction({
      companyId,
      date: cells[0]!,
      description: cells[1]!,
      amountCents: Math.round(Number(cells[2]) * 100),
      accountKind: 'manual',
      accountId: companyId,
      importId: companyId,
      createdAt: now,
      updatedAt: now,
    }),
  );
  const rawBulkPut = async () => {
    await scratch.table('transactions').clear();
    const began = performance.now();
    await scratch.table('transactions').bulkPut(asRows);
    return ms(began);
  };
  // The same raw bulkPut cut into the import's chunks, one transaction each (a commit per chunk).
  const rawChunked: Record<string, number> = {};
  for (const size of (window as unknown as { benchChunkSizes?: number[] }).benchChunkSizes ?? []) {
    for (const durability of ['default', 'relaxed'] as const) {
      await scratch.table('transactions').clear();
      const probe = new Dexie('alta-bench-scratch', { chromeTransactionDurability: durability });
      probe.version(1).stores({ transactions: 'id, companyId, [companyId+date], importId, accountId' });
      start = performance.now();
      for (let offset = 0; offset < asRows.length; offset += size) await probe.table('transactions').bulkPut(asRows.slice(offset, offset + size));
      rawChunked[`${size} ${durability}`] = ms(start);
      probe.close();
    }
  }

  // The same rows written as the import writes them: chunked importTransactions mutations
  // through the replica (rows, undo log and outbox entry in one Dexie transaction each).
  const chunked: Record<number, number> = {};
  for (const size of (window as unknown as { benchChunkSizes?: number[] }).benchChunkSizes ?? []) {
    const probe = new AppDB(crypto.randomUUID());
    const replica = new Replica(probe, probe.userId);
    const importId = crypto.randomUUID();
    await replica.mutate('createManualAccount', { id: companyId, companyId, name: 'Probe', createdAt: now });
    await replica.mutate('createBatchImport', {
      id: importId,
      companyId,
      accountKind: 'manual',
      accountId: companyId,
      fileName: 'bench.csv',
      fileSize: 1,
      createdAt: now,
    });
    const dated = asRows.map((row, index) => ({
      id: row.id,
      date: `2026-01-${String(1 + (index % 28)).padStart(2, '0')}`,
      description: row.description,
      amountCents: row.amountCents,
      category: null,
      merchant: null,
    }));
    start = performance.now();
    for (let offset = 0; offset < dated.length; offset += size) {
      await replica.mutate('importTransactions', { importId, processedCount: offset, updatedAt: now, rows: dated.slice(offset, offset + size) });
    }
    chunked[size] = ms(start);
    probe.close();
    await Dexie.delete(probe.name);
  }

  // The pipeline's own work (parse twice, detect, validate, categorise, hash) with a store in
  // memory, on this thread: what the worker spends besides IndexedDB.
  const memory = new Set<string>();
  start = performance.now();
  await importCsv(
    { file, fileName: 'bench.csv', companyId, accountKind: 'manual', accountId: companyId, importId: crypto.randomUUID(), language: 'en' },
    {
      store: {
        begin: async () => {},
        knownIds: async () => new Set(memory),
        writeChunks: async (chunks) => chunks.forEach(({ rows: chunk }) => chunk.forEach((row) => memory.add(row.id))),
        finish: async () => {},
      },
    },
  );
  const pipelineOnlyMs = ms(start);

  // The real thing as the import dialog does it: the file previewed first (the person checks
  // the detected columns, untimed), then imported with that mapping into the user's database
  // by the import worker; alternated with the raw bulkPut over several rounds, so both see the
  // same machine (medians reported).
  const preview = await previewCsvInWorker(file, 'en');
  if (!preview.ok || !preview.preview.detected) throw new Error(`the bench file's preview failed: ${JSON.stringify(preview)}`);
  const mapping = preview.preview.detected;
  const rounds = Math.max(1, (window as unknown as { benchRounds?: number }).benchRounds ?? 3);
  const rawBulkPutRuns: number[] = [];
  const importRuns: number[] = [];
  const longTasks: number[] = [];
  let progressEvents = 0;
  let imported = 0;
  let outboxEntries = 0;
  let outcome: Awaited<ReturnType<typeof importCsvInWorker>> | null = null;
  let reimportMs = 0;
  let again: Awaited<ReturnType<typeof importCsvInWorker>> | null = null;
  // One user's database for every round, emptied before each as the raw bulkPut's table is: a
  // new database per round, deleted after it, left the deletion's disk work to the next rounds.
  const userId = crypto.randomUUID();
  const db = new AppDB(userId);
  for (let round = 0; round < rounds; round++) {
    rawBulkPutRuns.push(await rawBulkPut());
    await Promise.all(db.tables.map((table) => table.clear()));
    const accountId = crypto.randomUUID();
    await new Replica(db, userId).mutate('createManualAccount', { id: accountId, companyId, name: 'Bench checking', createdAt: now });
    const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(entry.duration)));
    observer.observe({ type: 'longtask', buffered: false });
    progressEvents = 0;
    const request = { userId, file, fileName: 'bench.csv', companyId, accountKind: 'manual' as const, accountId, language: 'en' as const, mapping };
    start = performance.now();
    outcome = await importCsvInWorker(request, { onProgress: () => void (progressEvents += 1) });
    importRuns.push(ms(start));
    // Let the observer deliver the last entries before reading them.
    await new Promise((resolve) => setTimeout(resolve, 100));
    observer.disconnect();
    imported = await db.transactions.count();
    outboxEntries = await db.outbox.count();
    if (round === rounds - 1) {
      // The re-import comes after the SPEC §9 cooldown: the first batch as if started a minute ago.
      await db.batchImports.toCollection().modify({ createdAt: new Date(Date.now() - 60_000).toISOString() });
      start = performance.now();
      again = await importCsvInWorker(request);
      reimportMs = ms(start);
    }
  }
  db.close();
  await Dexie.delete(db.name);
  scratch.close();
  await Dexie.delete('alta-bench-scratch');
  const median = (runs: number[]) => [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  const rawBulkPutMs = median(rawBulkPutRuns);
  const importMs = median(importRuns);

  return {
    fileBytes: file.size,
    rows,
    rawParseMs,
    rawBulkPutMs,
    rawChunked,
    chunked,
    pipelineOnlyMs,
    importMs,
    imported,
    outboxEntries,
    progressEvents,
    rawBulkPutRuns,
    importRuns,
    ratio: Math.round((importMs / (rawParseMs + rawBulkPutMs)) * 100) / 100,
    // Each round's import against the raw bulkPut just before it: the machine's speed drifts
    // between rounds (±30 % here), much less within one.
    pairedRatio: Math.round(median(importRuns.map((run, round) => run / (rawParseMs + rawBulkPutRuns[round]!))) * 100) / 100,
    outcome: outcome?.ok ? outcome.result : outcome,
    reimportMs,
    reimportDuplicates: again?.ok ? again.result.duplicateCount : again,
    longTasks: {
      count: longTasks.length,
      atLeast50ms: longTasks.filter((duration) => duration >= 50).length,
      longestMs: Math.round(Math.max(0, ...longTasks)),
    },
  };
}

Object.assign(window, { runBench });
document.getElementById('state')!.textContent = 'ready';
