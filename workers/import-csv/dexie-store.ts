import type { Table } from 'dexie';
import { importCooldownLeft, type BatchImport, type Transaction } from '@domain/bookkeeping';
import type { MutationCall, Replica } from '@sync/client/replica';
import type { ImportChunk, ImportStore } from './import-store';

/** The `importTransactions` mutation of one chunk: its rows' own fields, the rest comes from the batch. */
function importChunkCall({ importId, rows, processedCount, updatedAt }: ImportChunk): MutationCall {
  return {
    name: 'importTransactions',
    args: {
      importId,
      processedCount,
      updatedAt,
      rows: rows.map(({ id, date, description, amountCents, category, merchant }) => ({ id, date, description, amountCents, category, merchant })),
    },
  };
}

/**
 * The import's store on the device: every write is a sync mutation through the replica, so
 * the chunks' rows and their outbox entries commit in one Dexie transaction (or not at all),
 * and the leader tab is asked to push after each write.
 */
export function dexieImportStore(
  replica: Replica,
  tables: { transactions: Table<Transaction, string>; batchImports: Table<BatchImport, string> },
  requestSync: () => void,
): ImportStore {
  const { transactions, batchImports } = tables;
  const mutate: Replica['mutate'] = async (name, args) => {
    const id = await replica.mutate(name, args);
    requestSync();
    return id;
  };
  return {
    async begin(batch) {
      const { id, companyId, accountKind, accountId, fileName, fileSize, createdAt } = batch;
      // SPEC §9 cooldown as this device sees it (the dialog's countdown): a second import started
      // at once is stopped before it writes anything. The server decides by its own clock.
      const recent = await batchImports.where('companyId').equals(companyId).toArray();
      if (
        importCooldownLeft(
          recent.map((other) => other.createdAt),
          createdAt,
        ) > 0
      )
        return 'cooldown';
      await mutate('createBatchImport', { id, companyId, accountKind, accountId, fileName, fileSize, createdAt });
    },
    async knownIds(accountId) {
      // Keys only, from the index: no row is read or deserialised.
      return new Set(await transactions.where('accountId').equals(accountId).primaryKeys());
    },
    async writeChunks(chunks) {
      // The pipeline validated every line with the transaction's own field schemas: the chunks are not parsed again.
      await replica.mutateAll(chunks.map(importChunkCall), { argsParsed: true });
      requestSync();
    },
    async finish({ importId, ...update }) {
      await mutate('finishBatchImport', { id: importId, ...update });
    },
  };
}
