import { useSyncExternalStore } from 'react';
import { receiptProgress } from '@sync/client/receipts';

/** Bytes sent so far of a receipt being uploaded from this tab; null when none is under way. */
export function useReceiptProgress(receiptId: string | null): { sent: number; total: number } | null {
  useSyncExternalStore(receiptProgress.subscribe, receiptProgress.version, receiptProgress.version);
  return receiptId ? (receiptProgress.of(receiptId) ?? null) : null;
}
