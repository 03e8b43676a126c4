import { presignedUploadSchema, type UploadType } from '@domain/files';
import { putWithProgress } from '@sync/client/uploads';
import { api, ApiError } from '@src/lib/api';

// Apart from admin-api.ts: the upload progress store (and Dexie with it) must not reach the
// public pages the impersonation banner shows on.

/**
 * A staff document for a company (decision 033): declared (audit-logged), sent to its
 * presigned URL with progress under `uploadId`, then checked by the server, after which the
 * customer sees it among the company's documents.
 */
export async function uploadCompanyDocument(companyId: string, uploadType: UploadType, file: File, uploadId: string): Promise<void> {
  const declared = await api.post(`admin/companies/${encodeURIComponent(companyId)}/uploads`, { json: { uploadType, fileName: file.name, size: file.size } });
  const presigned = presignedUploadSchema.parse(declared);
  const stored = await putWithProgress(uploadId, presigned.url, presigned.method, presigned.headers, file);
  if (!stored.ok) {
    const problem = (await stored.json().catch(() => null)) as { code?: unknown } | null;
    throw new ApiError(stored.status, typeof problem?.code === 'string' ? problem.code : 'internal');
  }
  await api.post('admin/uploads/complete', { json: { key: presigned.key } });
}
