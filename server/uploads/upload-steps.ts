import { randomUUID } from 'node:crypto';
import { checkFileContent, contentTypeFor, extensionOf, uploadFolders, uploadRules, type AllowedExtension, type UploadRequest } from '@domain/files';
import type { AppDeps } from '../context';
import { deleteUpload, findUploadInScope, insertUpload, markUploadVerified, partnerOfCompany } from '../db/queries/uploads';
import { ProblemError } from '../lib/problem';
import type { StorageProvider } from '../providers/storage/storage';

/**
 * The two server steps of every presigned upload (routes/uploads.ts): declaring a file (a row
 * and a URL that accepts exactly it) and completing it (the stored bytes checked against the
 * declaration and the SPEC §5 rules). Company documents and staff mail scans share them.
 */
export function uploadSteps(deps: AppDeps, storage: StorageProvider) {
  const db = deps.database.db;

  /** Records a declared upload and answers its presigned URL; a partner document's partner must be of the company. */
  async function declare(request: UploadRequest, uploadedBy: string, addedByStaff: boolean) {
    if (request.partnerId && !(await partnerOfCompany(db, request.partnerId, request.companyId))) {
      throw new ProblemError(400, 'validation', { partnerId: ['validation.invalid'] });
    }
    const extension = extensionOf(request.fileName) as AllowedExtension;
    const contentType = contentTypeFor(extension);
    const key = `${uploadFolders[request.uploadType]}/${request.companyId}/${randomUUID()}.${extension}`;
    await insertUpload(db, {
      key,
      companyId: request.companyId,
      uploadType: request.uploadType,
      fileName: request.fileName,
      size: request.size,
      contentType,
      uploadedBy,
      partnerId: request.partnerId ?? null,
      addedByStaff,
    });
    const upload = await storage.presignUpload({ key, uploadType: request.uploadType, contentType, size: request.size });
    return { key, url: upload.url, method: 'PUT' as const, headers: upload.headers, expiresAt: upload.expiresAt.toISOString() };
  }

  /** Reads back a stored file of one of `companyIds` and marks it verified, or deletes it (413/415). */
  async function complete(key: string, companyIds: string[]) {
    const upload = await findUploadInScope(db, key, companyIds);
    if (!upload) throw new ProblemError(404, 'not_found');
    const stored = await storage.head(key);
    if (!stored) throw new ProblemError(404, 'not_found');
    const refusal =
      stored.size !== upload.size
        ? stored.size > uploadRules[upload.uploadType].maxBytes
          ? 'fileTooLarge'
          : 'fileContentMismatch'
        : checkFileContent(upload.fileName, stored.leadingBytes);
    if (refusal) {
      // What was stored is not what was declared: it must never be served or attached.
      await storage.delete(key);
      await deleteUpload(db, key, companyIds);
      throw new ProblemError(refusal === 'fileTooLarge' ? 413 : 415, refusal === 'fileTooLarge' ? 'file_too_large' : 'file_type_not_allowed');
    }
    await markUploadVerified(db, key, companyIds, deps.now());
    return { key, name: upload.fileName, size: upload.size, contentType: upload.contentType };
  }

  return { declare, complete };
}
