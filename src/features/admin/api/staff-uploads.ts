import { presignedUploadSchema, type PresignedUpload, type UploadType } from '@domain/files';
import { staffMailCreatedSchema, type StaffMail } from '@domain/mail';
import { putWithProgress } from '@sync/client/uploads';
import { api, ApiError } from '@src/lib/api';

// Apart from admin-api.ts: the upload progress store (and Dexie with it) must not reach the
// public pages the impersonation banner shows on.

/** Sends the bytes to the presigned URL with progress under `uploadId`; the storage's refusal as an ApiError. */
async function putFile(uploadId: string, presigned: Pick<PresignedUpload, 'url' | 'method' | 'headers'>, file: File): Promise<void> {
  const stored = await putWithProgress(uploadId, presigned.url, presigned.method, presigned.headers, file);
  if (!stored.ok) {
    const problem = (await stored.json().catch(() => null)) as { code?: unknown } | null;
    throw new ApiError(stored.status, typeof problem?.code === 'string' ? problem.code : 'internal');
  }
}

/**
 * A staff document for a company (decision 033): declared (audit-logged), sent to its
 * presigned URL with progress under `uploadId`, then checked by the server, after which the
 * customer sees it among the company's documents.
 */
export async function uploadCompanyDocument(companyId: string, uploadType: UploadType, file: File, uploadId: string): Promise<void> {
  const declared = await api.post(`admin/companies/${encodeURIComponent(companyId)}/uploads`, { json: { uploadType, fileName: file.name, size: file.size } });
  const presigned = presignedUploadSchema.parse(declared);
  await putFile(uploadId, presigned, file);
  await api.post('admin/uploads/complete', { json: { key: presigned.key } });
}

/**
 * A scanned letter for a company (decision 038): the item declared with its scan (audit-logged),
 * the scan sent with progress, then completed: the server checks the file and publishes the item,
 * mailing the owner once.
 */
export async function uploadMail(companyId: string, mail: Omit<StaffMail, 'fileName' | 'size'>, file: File, uploadId: string): Promise<void> {
  const declared = staffMailCreatedSchema.parse(
    await api.post(`admin/companies/${encodeURIComponent(companyId)}/mail`, { json: { ...mail, fileName: file.name, size: file.size } }),
  );
  await putFile(uploadId, declared.upload, file);
  await api.post(`admin/mail/${encodeURIComponent(declared.id)}/complete`);
}
