import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { extensionOf, extensions, uploadTypeSchema, type AllowedExtension, type UploadType } from '@domain/files';
import { defaultUrlLifetimeSeconds, leadingBytesLength, objectKeyPattern, type StorageProvider, type StoredObject } from './storage';

/**
 * The local storage simulator (the embedded default): files on disk under
 * `DATA_DIR/uploads`, reached through HMAC-signed, expiring URLs served by
 * `server/routes/uploads.ts`, so the browser code is the same as with S3. The signature
 * covers the operation, key, upload type, size, content type (or file name) and expiry,
 * so a URL cannot be reused for another file, a larger one, or after it expires.
 */

export interface LocalStorage extends StorageProvider {
  readonly kind: 'local';
  readonly root: string;
  /** Checks an upload URL's query; the signed terms when valid, else why not. */
  verifyUpload(key: string, query: URLSearchParams): SignedUpload | 'expired' | 'invalid';
  /** Checks a download URL's query; the signed terms when valid, else why not. */
  verifyDownload(key: string, query: URLSearchParams): SignedDownload | 'expired' | 'invalid';
  /** The file's absolute path (the key is checked first). */
  pathOf(key: string): string;
}

export interface SignedUpload {
  uploadType: UploadType;
  size: number;
  contentType: string;
}

export interface SignedDownload {
  fileName: string;
  contentType: string;
}

/** The URL path under which `server/routes/uploads.ts` serves local files. */
export const localFilesPath = '/api/v1/uploads/files';

export function createLocalStorage(options: { dataDir: string; appUrl: string; secret: string; now: () => Date }): LocalStorage {
  const root = path.resolve(options.dataDir, 'uploads');
  // A key of its own, derived from SESSION_SECRET, so an upload signature can never pass as a session token or vice versa.
  const key = createHmac('sha256', options.secret).update('alta local storage url signatures v1').digest();
  const sign = (parts: string[]) => createHmac('sha256', key).update(parts.join('\n')).digest('base64url');
  const seconds = () => Math.floor(options.now().getTime() / 1000);

  const checkKey = (objectKey: string) => {
    if (!objectKeyPattern.test(objectKey)) throw new Error(`invalid object key ${JSON.stringify(objectKey)}`);
  };
  const pathOf = (objectKey: string) => {
    checkKey(objectKey);
    return path.join(root, ...objectKey.split('/'));
  };
  const urlOf = (objectKey: string, query: Record<string, string>) => {
    const url = new URL(`${localFilesPath}/${objectKey}`, options.appUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  };
  const signatureMatches = (expected: string, given: string | null) => {
    const a = Buffer.from(expected);
    const b = Buffer.from(given ?? '');
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const expiry = (query: URLSearchParams) => {
    const value = query.get('expires') ?? '';
    return /^\d{1,12}$/.test(value) ? Number(value) : null;
  };

  return {
    kind: 'local',
    root,
    pathOf,
    async presignUpload({ key: objectKey, uploadType, contentType, size, expiresInSeconds = defaultUrlLifetimeSeconds }) {
      checkKey(objectKey);
      const expires = seconds() + expiresInSeconds;
      const signature = sign(['PUT', objectKey, uploadType, String(size), contentType, String(expires)]);
      return {
        url: urlOf(objectKey, { type: uploadType, size: String(size), contentType, expires: String(expires), signature }),
        method: 'PUT',
        headers: { 'Content-Type': contentType },
        expiresAt: new Date(expires * 1000),
      };
    },
    async presignDownload({ key: objectKey, fileName, contentType, expiresInSeconds = defaultUrlLifetimeSeconds }) {
      checkKey(objectKey);
      const expires = seconds() + expiresInSeconds;
      const signature = sign(['GET', objectKey, fileName, contentType, String(expires)]);
      return { url: urlOf(objectKey, { name: fileName, contentType, expires: String(expires), signature }), expiresAt: new Date(expires * 1000) };
    },
    verifyUpload(objectKey, query) {
      const expires = expiry(query);
      const uploadType = uploadTypeSchema.safeParse(query.get('type'));
      const size = query.get('size') ?? '';
      const contentType = query.get('contentType') ?? '';
      if (!objectKeyPattern.test(objectKey) || expires === null || !uploadType.success || !/^\d{1,12}$/.test(size)) return 'invalid';
      if (!signatureMatches(sign(['PUT', objectKey, uploadType.data, size, contentType, String(expires)]), query.get('signature'))) return 'invalid';
      if (expires < seconds()) return 'expired';
      return { uploadType: uploadType.data, size: Number(size), contentType };
    },
    verifyDownload(objectKey, query) {
      const expires = expiry(query);
      const fileName = query.get('name') ?? '';
      const contentType = query.get('contentType') ?? '';
      if (!objectKeyPattern.test(objectKey) || expires === null) return 'invalid';
      if (!signatureMatches(sign(['GET', objectKey, fileName, contentType, String(expires)]), query.get('signature'))) return 'invalid';
      if (expires < seconds()) return 'expired';
      return { fileName, contentType };
    },
    async head(objectKey): Promise<StoredObject | null> {
      const file = pathOf(objectKey);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      const handle = await open(file, 'r');
      try {
        const buffer = Buffer.alloc(Math.min(leadingBytesLength, info.size));
        await handle.read(buffer, 0, buffer.length, 0);
        // Keys carry an allowed extension (the upload route checked it), which fixes the content type.
        const extension = extensionOf(objectKey);
        const contentType = Object.hasOwn(extensions, extension) ? extensions[extension as AllowedExtension].contentType : null;
        return { size: info.size, contentType, leadingBytes: new Uint8Array(buffer) };
      } finally {
        await handle.close();
      }
    },
    async delete(objectKey) {
      await rm(pathOf(objectKey), { force: true });
    },
    async put(objectKey, bytes) {
      const file = pathOf(objectKey);
      await ensureFolderOf(file);
      await writeFile(file, bytes);
    },
  };
}

/** Creates the folder of a key's file (uploads write there). */
export async function ensureFolderOf(file: string) {
  await mkdir(path.dirname(file), { recursive: true });
}
