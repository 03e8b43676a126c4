import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for presigned (query-string) URLs, as documented in "Authenticating
 * Requests: Using Query Parameters". Hand-written because it is 60 lines and every request
 * Alta makes to S3 is a presigned URL (uploads, downloads, and the server's own HEAD-like
 * ranged GET and DELETE), so no SDK is needed.
 */

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface PresignInput {
  method: 'GET' | 'PUT' | 'DELETE' | 'HEAD';
  url: URL;
  /** Headers the request will carry and that the signature must cover (`host` is always signed). */
  signedHeaders?: Record<string, string>;
  expiresInSeconds: number;
  now: Date;
}

/** RFC 3986 encoding, as SigV4 requires (encodeURIComponent leaves !'()* alone). */
export const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
const hmac = (key: Buffer | string, value: string) => createHmac('sha256', key).update(value, 'utf8').digest();

/** `20130524T000000Z` */
export const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Returns `input.url` with the X-Amz-* query parameters of a SigV4 presigned request. */
export function presignUrl(credentials: Credentials, input: PresignInput): URL {
  const service = credentials.service ?? 's3';
  const timestamp = amzDate(input.now);
  const day = timestamp.slice(0, 8);
  const scope = `${day}/${credentials.region}/${service}/aws4_request`;
  const headers: Record<string, string> = { host: input.url.host };
  for (const [name, value] of Object.entries(input.signedHeaders ?? {})) headers[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ');
  const headerNames = Object.keys(headers).sort();

  const url = new URL(input.url);
  url.searchParams.set('X-Amz-Algorithm', 'AWS4-HMAC-SHA256');
  url.searchParams.set('X-Amz-Credential', `${credentials.accessKeyId}/${scope}`);
  url.searchParams.set('X-Amz-Date', timestamp);
  url.searchParams.set('X-Amz-Expires', String(input.expiresInSeconds));
  url.searchParams.set('X-Amz-SignedHeaders', headerNames.join(';'));

  const query = [...url.searchParams]
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  // S3 does not normalise paths: each segment is encoded once, slashes are kept.
  const path = url.pathname
    .split('/')
    .map((segment) => rfc3986(decodeURIComponent(segment)))
    .join('/');
  const canonicalRequest = [
    input.method,
    path,
    query,
    headerNames.map((name) => `${name}:${headers[name]}\n`).join(''),
    headerNames.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', timestamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = [day, credentials.region, service, 'aws4_request'].reduce<Buffer | string>(
    (key, part) => hmac(key, part),
    `AWS4${credentials.secretAccessKey}`,
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');

  url.search = `${query}&X-Amz-Signature=${signature}`;
  return url;
}
