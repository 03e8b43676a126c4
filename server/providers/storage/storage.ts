import type { UploadType } from '@domain/files';

/**
 * File storage behind one small interface (docs/architecture.md "The server"): S3 in production,
 * the local disk simulator by default. Browsers never send files through the API: they
 * get a short-lived presigned URL, upload straight to storage, and the server then checks
 * what was stored (`head`) before any record may point at it.
 */

export interface PresignedUpload {
  url: string;
  method: 'PUT';
  /** Headers the browser must send with the upload, exactly as given (they are signed). */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface PresignedDownload {
  url: string;
  expiresAt: Date;
}

export interface StoredObject {
  size: number;
  contentType: string | null;
  /** The first bytes of the object (up to `leadingBytesLength`), for the magic-byte check. */
  leadingBytes: Uint8Array;
}

/** How many leading bytes `head` returns: enough for every signature `sniffFileKind` knows. */
export const leadingBytesLength = 16;

/** How long a presigned URL stays valid unless the caller asks otherwise. */
export const defaultUrlLifetimeSeconds = 15 * 60;

export interface StorageProvider {
  readonly kind: 'local' | 's3';
  /** A URL that accepts one PUT of exactly `size` bytes of `contentType` at `key`, until it expires. */
  presignUpload(input: { key: string; uploadType: UploadType; contentType: string; size: number; expiresInSeconds?: number }): Promise<PresignedUpload>;
  /** A URL that serves the object at `key` under `fileName`, until it expires. */
  presignDownload(input: { key: string; fileName: string; contentType: string; expiresInSeconds?: number }): Promise<PresignedDownload>;
  /** Size, type and first bytes of the stored object; null when nothing is stored at `key`. */
  head(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing an absent object does nothing. */
  delete(key: string): Promise<void>;
  /** Stores bytes Alta itself made (the demo owner's sample mail), without a browser in between. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
}

/** Object keys Alta creates: `<folder>/<company id>/<file id>.<extension>`, nothing a path could escape from. */
export const objectKeyPattern = /^[a-z]+\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;

/** `Content-Disposition` for a download: inline for what browsers show safely, else attachment, with the name in RFC 8187 form. */
export function contentDisposition(fileName: string, contentType: string): string {
  const inline = /^(image\/(jpeg|png|gif|webp)|application\/pdf)$/.test(contentType);
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
