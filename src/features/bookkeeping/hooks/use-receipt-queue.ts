import { useCallback, useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@domain/bookkeeping';
import type { AppDB } from '@sync/client/db';
import { keepInInbox, matchInboxReceipt, queueReceipt, type ReceiptFile } from '@sync/client/receipts';
import { useToast } from '@src/components/toast/toast-provider';

/**
 * Receipts of a company on this device: the ones waiting to upload (shown on their rows),
 * the inbox of files that belong to no transaction yet, and the ways to add them. The SPEC §5
 * receipt rules (5,242,880 bytes; images or PDF) are checked before anything is stored; the
 * server checks them again on the bytes it receives.
 */
export function useReceiptQueue(db: AppDB | null, companyId: string) {
  const { t } = useTranslation('bookkeeping');
  const toast = useToast();
  const files = useLiveQuery(() => db?.receiptFiles.filter((file) => file.companyId === companyId && (file.status === 'pending' || file.status === 'inbox')).toArray() ?? [], [db, companyId]);
  const waiting = useMemo(() => new Set((files ?? []).filter((file) => file.status === 'pending').map((file) => file.transactionId)), [files]);
  const inbox = useMemo<ReceiptFile[]>(() => (files ?? []).filter((file) => file.status === 'inbox').sort((a, b) => b.createdAt.localeCompare(a.createdAt)), [files]);

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
      if (row.blocked) {
        toast.show(t('editing.refused.blocked'), 'error');
        return false;
      }
      const [first, ...rest] = dropped;
      const result = await queueReceipt(db, { transactionId: row.id, companyId, file: first!, name: first!.name, now: new Date() });
      if (!result.ok) refuse(first!.name, result.code);
      else toast.show(navigator.onLine ? t('receipts.uploading', { name: first!.name }) : t('receipts.waitingOffline', { name: first!.name }), 'info');
      if (rest.length > 0) await addToInbox(rest);
      return result.ok;
    },
    [addToInbox, companyId, db, refuse, t, toast],
  );

  const match = useCallback(async (receiptId: string, row: Transaction) => {
    if (!db) return;
    await matchInboxReceipt(db, receiptId, row.id);
    toast.show(t('receipts.inbox.matched', { description: row.description }), 'success');
  }, [db, t, toast]);

  const discard = useCallback(async (receiptId: string) => {
    await db?.receiptFiles.delete(receiptId);
  }, [db]);

  return { waiting, inbox, attach, addToInbox, match, discard };
}

export type ReceiptQueue = ReturnType<typeof useReceiptQueue>;
