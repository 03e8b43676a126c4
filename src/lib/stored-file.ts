import type { AppDB } from '@sync/client/db';
import { api } from './api';

/** A verified file of a company (a document, a mail scan) as lists name it. */
export interface StoredFileRef {
  key: string;
  name: string;
  contentType: string;
}

/** POST /uploads/download-url: a short-lived URL that serves a file of the caller's companies. */
export const storedFileUrl = async (key: string) => (await api.post<{ url: string }>('uploads/download-url', { json: { key } })).url;

/**
 * The bytes of a company file (decision 025, `documentFiles`): this device's copy when it was
 * opened before, so it opens offline; otherwise fetched from `url` (by default a short-lived
 * URL of the stored file) and kept.
 */
export async function storedFileBlob(
  db: AppDB,
  companyId: string,
  file: StoredFileRef,
  url: () => Promise<string> = () => storedFileUrl(file.key),
): Promise<Blob> {
  const local = await db.documentFiles.get(file.key);
  if (local) return local.file;
  const response = await fetch(await url(), { credentials: 'include' });
  if (!response.ok) throw new Error(`file ${response.status}`);
  const blob = await response.blob();
  await db.documentFiles
    .put({ key: file.key, companyId, name: file.name, contentType: file.contentType, file: blob, savedAt: new Date().toISOString() })
    .catch(() => undefined);
  return blob;
}

/** Shows a file in a new tab, or saves it under its name. */
export function handOverBlob(blob: Blob, name: string, download: boolean) {
  const url = URL.createObjectURL(blob);
  const anchor = window.document.createElement('a');
  anchor.href = url;
  if (download) anchor.download = name;
  else anchor.target = '_blank';
  anchor.rel = 'noopener';
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
