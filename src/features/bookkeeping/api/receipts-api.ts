import { api } from '@src/lib/api';

/**
 * POST /uploads/download-url: a short-lived URL to view or download a stored receipt. Its
 * schema loads with the answer, so the bookkeeping screens paint without zod (decision 078).
 */
export async function downloadReceiptUrl(key: string, signal?: AbortSignal): Promise<string> {
  const [answer, { downloadUrlSchema }] = await Promise.all([api.post('uploads/download-url', { json: { key }, signal }), import('@domain/files')]);
  return downloadUrlSchema.parse(answer).url;
}
