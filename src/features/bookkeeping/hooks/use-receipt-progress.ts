import { useSyncExternalStore } from 'react';
import { uploadProgress } from '@sync/client/uploads';

/** Bytes sent so far of a receipt being uploaded from this tab; null when none is under way. */
export function useReceiptProgress(receiptId: string | null): { sent: number; total: number } | null {
  useSyncExternalStore(uploadProgress.subscribe, uploadProgress.version, uploadProgress.version);
  return receiptId ? (uploadProgress.of(receiptId) ?? null) : null;
}
