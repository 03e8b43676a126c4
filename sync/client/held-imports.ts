import type Dexie from 'dexie';
import type { Table } from 'dexie';
import type { BatchImport, Transaction } from '@domain/bookkeeping';
import { mutationArgsMaxChars, type RejectionCode } from '@sync/protocol';
import type { MutationCall } from './replica';

/**
 * An import is one unit for the person (decision 054): when the server refuses any of its
 * mutations, the device keeps the whole import here — the batch as the person last saw it and
 * every row it carried — with the reason, takes it out of the synced tables (a
 * `discardBatchImport` queued after it removes what the server had stored of it), and shows it
 * in the import history until the person retries or discards it. Never synced: it is this
 * device's copy of something the server does not hold.
 */
export interface HeldImport {
  /** The batch's id: a retry sends it again under the same id, so no row is doubled. */
  id: string;
  companyId: string;
  batch: BatchImport;
  /** Every line of the import, as its chunks carried them. */
  rows: ImportedLine[];
  /** Why the server refused it (the first refusal of its mutations). */
  code: RejectionCode;
  heldAt: string;
}

/** One imported line: what an `importTransactions` chunk carries per row. */
export type ImportedLine = Pick<Transaction, 'id' | 'date' | 'description' | 'amountCents' | 'category' | 'merchant'>;

/** A queued or acknowledged mutation as the replica holds it. */
interface Entry {
  id: number;
  name: string;
  args: unknown;
}

/** The batch an import mutation belongs to, or null for any other mutation. */
export function importIdOf(entry: { name: string; args: unknown }): string | null {
  const args = entry.args as { id?: string; importId?: string };
  if (entry.name === 'createBatchImport' || entry.name === 'finishBatchImport') return args.id ?? null;
  if (entry.name === 'importTransactions') return args.importId ?? null;
  return null;
}

/**
 * Keeps whole every import refused in this pull page that is not held yet, and returns their
 * ids (the replica queues their `discardBatchImport`). Runs inside the page's Dexie transaction,
 * after the server's rows are applied and before the outbox is replayed: the synced tables then
 * hold what the server kept of the import, and `entries` (the acknowledged and still queued
 * mutations) the rest.
 */
export async function holdRefusedImports(
  db: Dexie & { heldImports: Table<HeldImport, string> },
  refused: readonly { entry: Entry; code: RejectionCode }[],
  entries: readonly Entry[],
  heldAt: string,
): Promise<string[]> {
  // The discards already queued or just acknowledged: a refusal of an attempt they take back
  // (its later parts, reported after a retry was queued) is already dealt with.
  const discards = entries.filter((entry) => entry.name === 'discardBatchImport');
  const codes = new Map<string, RejectionCode>();
  for (const { entry, code } of refused) {
    const importId = importIdOf(entry);
    if (importId === null || codes.has(importId)) continue;
    if (discards.some((discard) => discard.id > entry.id && (discard.args as { id: string }).id === importId)) continue;
    codes.set(importId, code);
  }
  const held: string[] = [];
  for (const [importId, code] of codes) {
    if (await db.heldImports.get(importId)) continue;
    const own = entries.filter((entry) => importIdOf(entry) === importId);
    const stored = await db.table<BatchImport, string>('batchImports').get(importId);
    const created = own.find((entry) => entry.name === 'createBatchImport')?.args as
      Pick<BatchImport, 'id' | 'companyId' | 'accountKind' | 'accountId' | 'fileName' | 'fileSize' | 'createdAt'> | undefined;
    const base: BatchImport | undefined =
      stored ?? (created && { ...created, status: 'notStarted', processedCount: 0, result: null, rowErrors: [], updatedAt: created.createdAt });
    if (!base) continue;
    // The batch as the person saw it last: its progress and, once finished, its result.
    let batch = base;
    const lines = new Map<string, ImportedLine>();
    for (const row of await db.table<Transaction, string>('transactions').where('importId').equals(importId).toArray()) {
      lines.set(row.id, {
        id: row.id,
        date: row.date,
        description: row.description,
        amountCents: row.amountCents,
        category: row.category,
        merchant: row.merchant,
      });
    }
    for (const entry of own) {
      if (entry.name === 'importTransactions') {
        const chunk = entry.args as { rows: ImportedLine[]; processedCount: number; updatedAt: string };
        for (const row of chunk.rows) if (!lines.has(row.id)) lines.set(row.id, row);
        batch = { ...batch, status: 'processing', processedCount: Math.max(batch.processedCount, chunk.processedCount), updatedAt: chunk.updatedAt };
      } else if (entry.name === 'finishBatchImport') {
        const finish = entry.args as Pick<BatchImport, 'status' | 'processedCount' | 'result' | 'rowErrors' | 'updatedAt'>;
        batch = { ...batch, ...finish, processedCount: Math.max(batch.processedCount, finish.processedCount) };
      }
    }
    await db.heldImports.put({ id: importId, companyId: batch.companyId, batch, rows: [...lines.values()], code, heldAt });
    held.push(importId);
  }
  return held;
}

/** Rows per chunk of a retry, like the import's own (decision 034). */
const chunkRowsMax = 2500;
/** Room left in a chunk's arguments for everything but its rows. */
const chunkCharsBudget = mutationArgsMaxChars - 40_000;

/** The lines in chunks of at most `chunkRowsMax` rows whose JSON stays under `chunkCharsBudget`. */
function chunkRows(lines: readonly ImportedLine[]): ImportedLine[][] {
  const chunks: ImportedLine[][] = [];
  let current: ImportedLine[] = [];
  let chars = 0;
  for (const line of lines) {
    const size = JSON.stringify(line).length + 1;
    if (current.length > 0 && (current.length >= chunkRowsMax || chars + size > chunkCharsBudget)) {
      chunks.push(current);
      current = [];
      chars = 0;
    }
    current.push(line);
    chars += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * The mutations that send a held import again, under the same batch id: the batch, its lines
 * in chunks, and its end as the person saw it. Rows the server already holds are skipped by
 * `importTransactions`, so a retry never doubles a line.
 */
export function retryCalls(held: HeldImport): MutationCall[] {
  const { id, companyId, accountKind, accountId, fileName, fileSize, createdAt, status, processedCount, result, rowErrors, updatedAt } = held.batch;
  const calls: MutationCall[] = [{ name: 'createBatchImport', args: { id, companyId, accountKind, accountId, fileName, fileSize, createdAt } }];
  let sent = 0;
  for (const rows of chunkRows(held.rows)) {
    sent += rows.length;
    calls.push({ name: 'importTransactions', args: { importId: id, processedCount: sent, updatedAt, rows } });
  }
  if (status === 'completed' || status === 'failed' || status === 'cancelled') {
    calls.push({ name: 'finishBatchImport', args: { id, status, processedCount: Math.max(processedCount, sent), result, rowErrors, updatedAt } });
  }
  return calls;
}
