import { downloadUrlSchema } from '@domain/files';
import { api } from '@src/lib/api';

/** POST /uploads/download-url: a short-lived URL to view or download a stored receipt. */
export async function downloadReceiptUrl(key: string, signal?: AbortSignal): Promise<string> {
  return downloadUrlSchema.parse(await api.post('uploads/download-url', { json: { key }, signal })).url;
}
