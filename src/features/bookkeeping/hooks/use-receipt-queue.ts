import { useCallback, useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@domain/bookkeeping';
import type { AppDB } from '@sync/client/db';
import { keepInInbox, matchInboxFile, queueReceipt } from '@sync/client/receipts';
import { isMutationRejection } from '@sync/refusals';
import { useToast } from '@src/components/toast/toast-provider';
import { syncEngine } from '@src/features/sync/sync-engine';
import { localToday } from '@domain/days';
import { readOnlyReason } from '../read-only';

/** A receipt in the company inbox (synced), or on its way there from this device. */
export interface InboxItem {
  id: string;
  name: string;
  size: number;
  /** The day the file was made (a photo's time) when this device has it, else the day it was added. */
  day: string;
  createdAt: string;
  /** The file itself when this device has it (it was added here), for the reader (decision 067). */
  file?: Blob;
}

/**
 * Receipts of a company: the ones waiting on this device to upload (shown on their rows), the
 * company's receipt inbox of files that belong to no transaction yet (synced: added on one
 * device, matched on any), and the ways to add them. The SPEC §5 receipt rules (5,242,880
 * bytes; images or PDF) are checked before anything is stored; the server checks them again
 * on the bytes it receives.
 */
export function useReceiptQueue(db: AppDB | null, companyId: string, lockedYears: ReadonlySet<number>) {
  const { t } = useTranslation('bookkeeping');
  const toast = useToast();
  const files = useLiveQuery(
    () => db?.receiptFiles.filter((file) => file.companyId === companyId && file.status !== 'failed').toArray() ?? [],
    [db, companyId],
  );
  const synced = useLiveQuery(() => db?.inboxReceipts.where('companyId').equals(companyId).toArray() ?? [], [db, companyId]);
  const waiting = useMemo(
    () => new Set((files ?? []).filter((file) => file.status === 'pending' && file.transactionId !== '').map((file) => file.transactionId)),
    [files],
  );
  const inbox = useMemo<InboxItem[]>(() => {
    const local = new Map((files ?? []).filter((file) => file.transactionId === '').map((file) => [file.id, file]));
    const dayOf = (id: string, createdAt: string) => {
      const modified = (local.get(id)?.file as Partial<File> | undefined)?.lastModified;
      return modified ? localToday(new Date(modified)) : localToday(new Date(createdAt));
    };
    const items: InboxItem[] = (synced ?? []).map((row) => ({
      id: row.id,
      name: row.receipt.name,
      size: row.receipt.size,
      day: dayOf(row.id, row.createdAt),
      createdAt: row.createdAt,
      file: local.get(row.id)?.file,
    }));
    const listed = new Set(items.map((item) => item.id));
    for (const file of local.values()) {
      if (file.status === 'pending' && !listed.has(file.id))
        items.push({ id: file.id, name: file.name, size: file.size, day: dayOf(file.id, file.createdAt), createdAt: file.createdAt, file: file.file });
    }
    return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }, [files, synced]);

  const refuse = useCallback((name: string, code: string) => toast.show(t(`receipts.refused.${code}`, { name }), 'error'), [t, toast]);

  /** Files for the inbox (several at once); each refused one is named. */
  const addToInbox = useCallback(
    async (added: readonly File[]) => {
      if (!db) return 0;
      let kept = 0;
      for (const file of added) {
        const result = await keepInInbox(db, { companyId, file, name: file.name, now: new Date() });
        if (result.ok) kept++;
        else refuse(file.name, result.code);
      }
      if (kept > 0) toast.show(t('receipts.inbox.added', { count: kept }), 'success');
      return kept;
    },
    [companyId, db, refuse, t, toast],
  );

  /** Files dropped on a transaction: the first becomes its receipt, any others go to the inbox. */
  const attach = useCallback(
    async (row: Transaction, dropped: readonly File[]) => {
      if (!db || dropped.length === 0) return false;
      const readOnly = readOnlyReason(row, lockedYears);
      if (readOnly) {
        toast.show(t(`editing.refused.${readOnly}`), 'error');
        return false;
      }
      const [first, ...rest] = dropped;
      const result = await queueReceipt(db, { transactionId: row.id, companyId, file: first!, name: first!.name, now: new Date() });
      if (!result.ok) refuse(first!.name, result.code);
      else toast.show(navigator.onLine ? t('receipts.uploading', { name: first!.name }) : t('receipts.waitingOffline', { name: first!.name }), 'info');
      if (rest.length > 0) await addToInbox(rest);
      return result.ok;
    },
    [addToInbox, companyId, db, lockedYears, refuse, t, toast],
  );

  /** Gives an inbox receipt its transaction, on this device or, once in the company inbox, through `attachInboxReceipt`. */
  const match = useCallback(
    async (receiptId: string, row: Transaction) => {
      if (!db) return;
      const readOnly = readOnlyReason(row, lockedYears);
      if (readOnly) {
        toast.show(t(`editing.refused.${readOnly}`), 'error');
        return;
      }
      try {
        if ((await matchInboxFile(db, receiptId, row.id)) === 'inbox') {
          await (await syncEngine())?.mutate('attachInboxReceipt', { inboxId: receiptId, transactionId: row.id, updatedAt: new Date().toISOString() });
        }
        toast.show(t('receipts.inbox.matched', { description: row.description }), 'success');
      } catch (error) {
        if (!isMutationRejection(error)) throw error;
        toast.show(t([`editing.refused.${error.code}`, 'editing.refused.invalid']), 'error');
      }
    },
    [db, lockedYears, t, toast],
  );

  /** Throws an inbox receipt away: from the company inbox when it is there, and this device's copy. */
  const discard = useCallback(
    async (receiptId: string) => {
      if (!db) return;
      if (await db.inboxReceipts.get(receiptId)) await (await syncEngine())?.mutate('deleteInboxReceipt', { id: receiptId });
      await db.receiptFiles.delete(receiptId);
    },
    [db],
  );

  return useMemo(() => ({ waiting, inbox, attach, addToInbox, match, discard }), [waiting, inbox, attach, addToInbox, match, discard]);
}

export type ReceiptQueue = ReturnType<typeof useReceiptQueue>;
