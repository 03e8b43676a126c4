import type { Dexie, Table } from 'dexie';
import { checkFileDeclaration, presignedUploadSchema, type FileRefusal, type UploadType } from '@domain/files';
import { postJson, startUploadQueue, uploadFile } from './uploads';

/**
 * Company documents, offline first: a document opened once keeps its bytes on this device
 * (`documentFiles`), so it opens again without a network; a document chosen for upload is
 * kept as a Blob (`documentUploads`) and sent through a presigned URL when online, then
 * checked by the server. The SPEC §5 type and size rules are checked before it is kept.
 */

/** A document's bytes kept on this device after it was opened once. */
export interface DocumentFile {
  key: string;
  companyId: string;
  name: string;
  contentType: string;
  file: Blob;
  savedAt: string;
}

/** A document waiting on this device to be uploaded (`pending`), or refused for good (`failed`). */
export interface DocumentUpload {
  id: string;
  companyId: string;
  uploadType: UploadType;
  partnerId: string | null;
  file: Blob;
  name: string;
  size: number;
  status: 'pending' | 'failed';
  /** The problem code of a refusal (`file_too_large`, `file_type_not_allowed`, …). */
  failure: string | null;
  createdAt: string;
}

export interface DocumentsDatabase {
  name: string;
  transaction: Dexie['transaction'];
  documentFiles: Table<DocumentFile, string>;
  documentUploads: Table<DocumentUpload, string>;
}

/** Keeps a document for upload; refused at once (as a value) when it breaks the rules of its type. */
export async function queueDocument(
  db: DocumentsDatabase,
  input: { companyId: string; uploadType: UploadType; partnerId: string | null; file: Blob; name: string; now: Date },
): Promise<{ ok: true; id: string } | { ok: false; code: FileRefusal }> {
  const refusal = checkFileDeclaration(input.uploadType, input.name, input.file.size);
  if (refusal) return { ok: false, code: refusal };
  const id = crypto.randomUUID();
  await db.documentUploads.add({
    id,
    companyId: input.companyId,
    uploadType: input.uploadType,
    partnerId: input.partnerId,
    file: input.file,
    name: input.name,
    size: input.file.size,
    status: 'pending',
    failure: null,
    createdAt: input.now.toISOString(),
  });
  return { ok: true, id };
}

export interface DocumentUploadDeps {
  fetch?: typeof fetch;
  baseUrl?: string;
  /** Told when a document reached the server, so its list is read again. */
  onUploaded?(companyId: string): void;
}

/** Declare → PUT → complete for one document; the verified bytes are kept as its offline copy. */
async function uploadOne(db: DocumentsDatabase, upload: DocumentUpload, deps: DocumentUploadDeps): Promise<'done' | 'refused' | 'retry'> {
  const post = postJson(deps);
  let contentType = upload.file.type;
  const outcome = await uploadFile({
    id: upload.id,
    file: upload.file,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    declare: async () => {
      const presigned = presignedUploadSchema.parse(
        await post('/uploads', {
          uploadType: upload.uploadType,
          companyId: upload.companyId,
          fileName: upload.name,
          size: upload.size,
          ...(upload.partnerId ? { partnerId: upload.partnerId } : {}),
        }),
      );
      contentType = presigned.headers['Content-Type'] ?? contentType;
      return presigned;
    },
    complete: async (key) => {
      await post('/uploads/complete', { key });
      return key;
    },
  });
  if (outcome.kind === 'retry') return 'retry';
  if (outcome.kind === 'refused') {
    await db.documentUploads.update(upload.id, { status: 'failed', failure: outcome.code });
    return 'refused';
  }
  try {
    await db.transaction('rw', db.documentFiles, db.documentUploads, async () => {
      await db.documentFiles.put({
        key: outcome.value,
        companyId: upload.companyId,
        name: upload.name,
        contentType,
        file: upload.file,
        savedAt: new Date().toISOString(),
      });
      await db.documentUploads.delete(upload.id);
    });
  } catch {
    return 'retry';
  }
  deps.onUploaded?.(upload.companyId);
  return 'done';
}

/** Uploads every pending document of this device, oldest first, one tab at a time (Web Lock). */
export async function uploadPendingDocuments(
  db: DocumentsDatabase,
  deps: DocumentUploadDeps = {},
): Promise<{ uploaded: number; refused: number; pending: number }> {
  const run = async () => {
    const counts = { uploaded: 0, refused: 0, pending: 0 };
    const pending = await db.documentUploads.where('status').equals('pending').sortBy('createdAt');
    for (const [index, upload] of pending.entries()) {
      const outcome = await uploadOne(db, upload, deps);
      if (outcome === 'done') counts.uploaded += 1;
      else if (outcome === 'refused') counts.refused += 1;
      else {
        // Offline or the server is unwell: the rest waits, in order, for the next run.
        counts.pending = pending.length - index;
        break;
      }
    }
    return counts;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(`alta-documents:${db.name}`, run) : run();
}

/** How often waiting documents are tried again while some wait. */
export const documentRetryMs = 60_000;

/** Uploads documents when one is queued, when the browser comes back online, and every minute while some wait. Returns the stop function. */
export function startDocumentUploads(db: DocumentsDatabase, deps: DocumentUploadDeps = {}): () => void {
  return startUploadQueue({
    waiting: () => db.documentUploads.where('status').equals('pending').count(),
    upload: () => uploadPendingDocuments(db, deps),
    retryMs: documentRetryMs,
    label: 'document',
  });
}
