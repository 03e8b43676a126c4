import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { createStorage } from './create-storage';
import { createS3Storage } from './s3-storage';

const config = { bucket: 'alta-files', region: 'us-east-1', accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
const now = () => new Date('2026-11-21T10:00:00Z');
const key = 'receipts/7d7a6c56-0d7f-4c1b-9a34-6a9f7f0b3f11/0b8e3a57-22a4-4c57-9d0f-8f6a7f5c1a01.pdf';

describe('S3 storage', () => {
  it('presigns an upload bound to the declared type and size', async () => {
    const upload = await createS3Storage(config, now).presignUpload({ key, uploadType: 'transactionReceipt', contentType: 'application/pdf', size: 1234 });
    const url = new URL(upload.url);
    expect(url.host).toBe('alta-files.s3.us-east-1.amazonaws.com');
    expect(url.pathname).toBe(`/${key}`);
    // Write-once: S3 refuses the PUT when the key already holds an object (issue 9 §5).
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;if-none-match');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Credential')).toBe('AKIAIOSFODNN7EXAMPLE/20261121/us-east-1/s3/aws4_request');
    expect(upload.headers).toEqual({ 'Content-Type': 'application/pdf', 'If-None-Match': '*' });
    expect(upload.expiresAt.toISOString()).toBe('2026-11-21T10:15:00.000Z');
  });

  it('addresses an S3-compatible endpoint path-style and names downloads', async () => {
    const download = await createS3Storage({ ...config, endpoint: 'http://127.0.0.1:9000/' }, now).presignDownload({
      key,
      fileName: 'ticket ñ.pdf',
      contentType: 'application/pdf',
    });
    const url = new URL(download.url);
    expect(`${url.origin}${url.pathname}`).toBe(`http://127.0.0.1:9000/alta-files/${key}`);
    expect(url.searchParams.get('response-content-disposition')).toBe(`inline; filename="ticket _.pdf"; filename*=UTF-8''ticket%20%C3%B1.pdf`);
  });

  it('reads size and first bytes with one ranged GET, and null for a missing object', async () => {
    const requests: Request[] = [];
    const fetchFake = (async (input: URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(request);
      if (request.url.includes('missing')) return new Response('<Error><Code>NoSuchKey</Code></Error>', { status: 404 });
      return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {
        status: 206,
        headers: { 'content-range': 'bytes 0-15/48213', 'content-type': 'application/pdf' },
      });
    }) as typeof fetch;
    const storage = createS3Storage(config, now, fetchFake);
    expect(await storage.head(key)).toEqual({ size: 48_213, contentType: 'application/pdf', leadingBytes: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]) });
    expect(requests[0]!.headers.get('range')).toBe('bytes=0-15');
    expect(new URL(requests[0]!.url).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(await storage.head(key.replace('receipts', 'missing'))).toBeNull();
  });

  it('deletes with one signed DELETE, treats a missing object as deleted, and throws on a failure so the sweeper retries', async () => {
    const requests: Request[] = [];
    let status = 204;
    const fetchFake = (async (input: URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(request);
      return new Response(null, { status });
    }) as typeof fetch;
    const storage = createS3Storage(config, now, fetchFake);
    await storage.delete(key);
    expect(requests[0]!.method).toBe('DELETE');
    expect(new URL(requests[0]!.url).pathname).toBe(`/${key}`);
    expect(new URL(requests[0]!.url).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    status = 404;
    await expect(storage.delete(key)).resolves.toBeUndefined();
    status = 503;
    await expect(storage.delete(key)).rejects.toThrow(/503/);
  });
});

describe('storage selection', () => {
  it('uses S3 when S3_BUCKET is set and the local simulator otherwise', () => {
    const s3 = parseEnv({ NODE_ENV: 'test', S3_BUCKET: 'b', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's' });
    expect(createStorage(s3, now).kind).toBe('s3');
    expect(createStorage(parseEnv({ NODE_ENV: 'test' }), now).kind).toBe('local');
  });

  it('never runs production on the local simulator', () => {
    const env = { ...parseEnv({ NODE_ENV: 'test' }), NODE_ENV: 'production' as const };
    expect(() => createStorage(env, now)).toThrow(/S3/);
  });
});
