import type { Table } from 'dexie';
import type { Transaction } from '@domain/bookkeeping';
import type { Replica } from '@sync/client/replica';
import { isMutationRejection } from '@sync/mutator';
import type { ImportStore } from './pipeline';

/**
 * The import's store on the device: every write is a sync mutation through the replica, so
 * each chunk's rows and its outbox entry commit in one Dexie transaction (or not at all),
 * and the leader tab is asked to push after each one.
 */
export function dexieImportStore(replica: Replica, transactions: Table<Transaction, string>, requestSync: () => void): ImportStore {
  const mutate: Replica['mutate'] = async (name, args) => {
    const id = await replica.mutate(name, args);
    requestSync();
    return id;
  };
  return {
    async begin(batch) {
      const { id, companyId, accountKind, accountId, fileName, fileSize, createdAt } = batch;
      try {
        await mutate('createBatchImport', { id, companyId, accountKind, accountId, fileName, fileSize, createdAt });
      } catch (error) {
        if (isMutationRejection(error) && error.code === 'cooldown') return 'cooldown';
        throw error;
      }
    },
    async knownIds(accountId) {
      // Keys only, from the index: no row is read or deserialised.
      return new Set(await transactions.where('accountId').equals(accountId).primaryKeys());
    },
    async writeChunk({ importId, rows, processedCount, updatedAt }) {
      await mutate('importTransactions', {
        importId,
        processedCount,
        updatedAt,
        rows: rows.map(({ id, date, description, amountCents, category, merchant }) => ({ id, date, description, amountCents, category, merchant })),
      });
    },
    async finish({ importId, ...update }) {
      await mutate('finishBatchImport', { id: importId, ...update });
    },
  };
}
