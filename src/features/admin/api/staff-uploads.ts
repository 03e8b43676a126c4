import { presignedUploadSchema, type UploadType } from '@domain/files';
import { staffMailCreatedSchema, type StaffMail } from '@domain/mail';
import { api } from '@src/lib/api';
import { uploadNow } from '@src/lib/upload-now';

// Apart from admin-api.ts: the upload progress store (and Dexie with it) must not reach the
// public pages the impersonation banner shows on.

/**
 * A staff document for a company (decision 033): declared (audit-logged), sent to its
 * presigned URL with progress under `uploadId`, then checked by the server, after which the
 * customer sees it among the company's documents.
 */
export async function uploadCompanyDocument(companyId: string, uploadType: UploadType, file: File, uploadId: string): Promise<void> {
  await uploadNow({
    id: uploadId,
    file,
    declare: async () =>
      presignedUploadSchema.parse(
        await api.post(`admin/companies/${encodeURIComponent(companyId)}/uploads`, { json: { uploadType, fileName: file.name, size: file.size } }),
      ),
    complete: (key) => api.post<void>('admin/uploads/complete', { json: { key } }),
  });
}

/**
 * A scanned letter for a company (decision 038): the item declared with its scan (audit-logged),
 * the scan sent with progress, then completed: the server checks the file and publishes the item,
 * mailing the owner once.
 */
export async function uploadMail(companyId: string, mail: Omit<StaffMail, 'fileName' | 'size'>, file: File, uploadId: string): Promise<void> {
  let mailId = '';
  await uploadNow({
    id: uploadId,
    file,
    declare: async () => {
      const declared = staffMailCreatedSchema.parse(
        await api.post(`admin/companies/${encodeURIComponent(companyId)}/mail`, { json: { ...mail, fileName: file.name, size: file.size } }),
      );
      mailId = declared.id;
      return declared.upload;
    },
    complete: () => api.post<void>(`admin/mail/${encodeURIComponent(mailId)}/complete`),
  });
}
