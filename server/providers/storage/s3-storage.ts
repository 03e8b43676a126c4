import { defaultUrlLifetimeSeconds, leadingBytesLength, contentDisposition, type StorageProvider, type StoredObject } from './storage';
import { presignUrl, type Credentials } from './sigv4';

export interface S3Config extends Credentials {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, …) addressed path-style; AWS virtual-hosted style when absent. */
  endpoint?: string;
}

/**
 * S3 (or any S3-compatible service) through SigV4 presigned URLs. The upload URL signs
 * `content-type` and `content-length`, so S3 itself refuses a different type or size; the
 * server then reads the first bytes back (`head`) to check the magic bytes before the key
 * may be attached to anything.
 */
export function createS3Storage(config: S3Config, now: () => Date, fetchImpl: typeof fetch = fetch): StorageProvider {
  const objectUrl = (key: string) => {
    const encodedKey = key.split('/').map(encodeURIComponent).join('/');
    if (config.endpoint) return new URL(`${config.endpoint.replace(/\/$/, '')}/${config.bucket}/${encodedKey}`);
    return new URL(`https://${config.bucket}.s3.${config.region}.amazonaws.com/${encodedKey}`);
  };
  const sign = (method: 'GET' | 'PUT' | 'DELETE', url: URL, expiresInSeconds: number, signedHeaders?: Record<string, string>) =>
    presignUrl(config, { method, url, expiresInSeconds, now: now(), signedHeaders });

  return {
    kind: 's3',
    async presignUpload({ key, contentType, size, expiresInSeconds = defaultUrlLifetimeSeconds }) {
      // `If-None-Match: *` (signed, so it cannot be dropped): S3 stores the object only if the key
      // is free, so the URL uploads once and never replaces a file /uploads/complete verified.
      const headers = { 'content-type': contentType, 'content-length': String(size), 'if-none-match': '*' };
      const url = sign('PUT', objectUrl(key), expiresInSeconds, headers);
      // Browsers set Content-Length themselves; the other signed headers must be sent explicitly.
      return {
        url: url.toString(),
        method: 'PUT',
        headers: { 'Content-Type': contentType, 'If-None-Match': '*' },
        expiresAt: new Date(now().getTime() + expiresInSeconds * 1000),
      };
    },
    async presignDownload({ key, fileName, contentType, expiresInSeconds = defaultUrlLifetimeSeconds }) {
      const base = objectUrl(key);
      base.searchParams.set('response-content-disposition', contentDisposition(fileName, contentType));
      base.searchParams.set('response-content-type', contentType);
      const url = sign('GET', base, expiresInSeconds);
      return { url: url.toString(), expiresAt: new Date(now().getTime() + expiresInSeconds * 1000) };
    },
    async head(key): Promise<StoredObject | null> {
      // A ranged GET answers size (Content-Range), type and the first bytes in one request.
      const response = await fetchImpl(sign('GET', objectUrl(key), 60), { headers: { range: `bytes=0-${leadingBytesLength - 1}` } });
      if (response.status === 404) return null;
      if (response.status === 416) return { size: 0, contentType: response.headers.get('content-type'), leadingBytes: new Uint8Array() };
      if (response.status !== 206 && response.status !== 200) throw new Error(`S3 GET ${key} answered ${response.status}`);
      const leadingBytes = new Uint8Array(await response.arrayBuffer()).slice(0, leadingBytesLength);
      const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
      const size = total !== undefined ? Number(total) : Number(response.headers.get('content-length') ?? leadingBytes.length);
      return { size, contentType: response.headers.get('content-type'), leadingBytes };
    },
    async put(key, bytes, contentType) {
      const headers = { 'content-type': contentType, 'content-length': String(bytes.length) };
      const response = await fetchImpl(sign('PUT', objectUrl(key), 60, headers), {
        method: 'PUT',
        headers: { 'Content-Type': contentType },
        body: bytes as Uint8Array<ArrayBuffer>,
      });
      if (!response.ok) throw new Error(`S3 PUT ${key} answered ${response.status}`);
    },
    async delete(key) {
      const response = await fetchImpl(sign('DELETE', objectUrl(key), 60), { method: 'DELETE' });
      if (response.status !== 204 && response.status !== 200 && response.status !== 404) throw new Error(`S3 DELETE ${key} answered ${response.status}`);
    },
  };
}
