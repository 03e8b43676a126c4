import { describe, expect, it } from 'vitest';
import { presignUrl, rfc3986 } from './sigv4';

// The example of AWS's "Authenticating Requests: Using Query Parameters (AWS Signature
// Version 4)" page: GET test.txt from examplebucket, valid 86400 s from 2013-05-24.
const example = {
  credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' },
  url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
  now: new Date('2013-05-24T00:00:00Z'),
};

describe('SigV4 presigned URLs', () => {
  it("matches AWS's documented example signature", () => {
    const url = presignUrl(example.credentials, { method: 'GET', url: example.url, expiresInSeconds: 86_400, now: example.now });
    expect(url.searchParams.get('X-Amz-Signature')).toBe('aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404');
    expect(url.toString()).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('changes the signature when the method, a signed header, the key or the time changes', () => {
    const base = presignUrl(example.credentials, {
      method: 'PUT',
      url: example.url,
      expiresInSeconds: 900,
      now: example.now,
      signedHeaders: { 'content-length': '10' },
    });
    const signature = (url: URL) => url.searchParams.get('X-Amz-Signature');
    expect(base.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    const variants = [
      presignUrl(example.credentials, { method: 'GET', url: example.url, expiresInSeconds: 900, now: example.now, signedHeaders: { 'content-length': '10' } }),
      presignUrl(example.credentials, { method: 'PUT', url: example.url, expiresInSeconds: 900, now: example.now, signedHeaders: { 'content-length': '11' } }),
      presignUrl(example.credentials, {
        method: 'PUT',
        url: new URL('https://examplebucket.s3.amazonaws.com/other.txt'),
        expiresInSeconds: 900,
        now: example.now,
        signedHeaders: { 'content-length': '10' },
      }),
      presignUrl(example.credentials, {
        method: 'PUT',
        url: example.url,
        expiresInSeconds: 900,
        now: new Date('2013-05-24T00:00:01Z'),
        signedHeaders: { 'content-length': '10' },
      }),
    ];
    for (const variant of variants) expect(signature(variant)).not.toBe(signature(base));
  });

  it('encodes like RFC 3986', () => {
    expect(rfc3986("a b!'()*/~")).toBe('a%20b%21%27%28%29%2A%2F~');
  });
});
