import { request } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './context';
import { parseEnv } from './env';
import { compressionThreshold } from './http-server';
import { withResponseHeaders } from './middleware/with-response-headers';
import { createTestApp, serveOverHttp, type TestApp } from './test/harness';

/**
 * Answers of 1 KiB or more are compressed for a client that accepts it (brotli for a browser,
 * gzip for a client that takes only gzip); smaller ones go as they are with their length; an
 * event stream's events arrive as they are sent.
 */

const large = { rows: Array.from({ length: 200 }, (_, n) => ({ id: n, note: `row ${n}` })) };

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Raw HTTP, so the test sees the bytes on the wire (fetch would decompress them). */
function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('compression on Alta’s HTTP server', () => {
  let served: { base: string; close(): Promise<void> };
  beforeAll(async () => {
    const env = parseEnv({ NODE_ENV: 'development', DATA_DIR: '/tmp/alta-compression', APP_URL: 'http://127.0.0.1' });
    const app = new Hono<AppEnv>()
      .use('*', withResponseHeaders(env))
      .get('/small', (c) => c.json({ ok: true }))
      .get('/large', (c) => c.json(large))
      .get('/image', () => new Response(new Uint8Array(4096), { headers: { 'content-type': 'image/png' } }))
      // A built file's brotli copy (server/static.ts): already compressed.
      .get('/precompressed', (c) =>
        c.body(brotliCompressSync(JSON.stringify(large)), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Content-Encoding': 'br' }),
      )
      .get('/events', (c) =>
        streamSSE(c, async (stream) => {
          await stream.writeSSE({ data: 'first' });
          await stream.sleep(10_000);
        }),
      );
    served = await serveOverHttp(app);
  });
  afterAll(() => served.close());

  it('sends a small answer as it is, with its length', async () => {
    const answer = await get(served.base, '/small', browser);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-length']).toBe(String('{"ok":true}'.length));
    expect(JSON.parse(answer.body.toString())).toEqual({ ok: true });
  });

  it('compresses an answer of 1 KiB or more: brotli for a browser, gzip for a client that takes only gzip', async () => {
    expect(JSON.stringify(large).length).toBeGreaterThanOrEqual(compressionThreshold);
    const brotli = await get(served.base, '/large', browser);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body.byteLength).toBeLessThan(JSON.stringify(large).length / 3);
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual(large);
    const gzip = await get(served.base, '/large', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(large);
  });

  it('leaves alone a client without Accept-Encoding, one that refuses gzip, HEAD and images', async () => {
    const plain = await get(served.base, '/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(large);
    expect((await get(served.base, '/large', { 'accept-encoding': 'gzip;q=0, identity' })).headers['content-encoding']).toBeUndefined();
    expect((await get(served.base, '/large', browser, 'HEAD')).headers['content-encoding']).toBeUndefined();
    expect((await get(served.base, '/image', browser)).headers['content-encoding']).toBeUndefined();
  });

  it('sends an answer already compressed as it is, never compressed twice', async () => {
    const answer = await get(served.base, '/precompressed', browser);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(answer.body).toString())).toEqual(large);
  });

  it('delivers an event stream’s event at once, uncompressed', async () => {
    const event = await new Promise<{ encoding: string | undefined; text: string }>((resolve, reject) => {
      const sent = request(`${served.base}/events`, { headers: browser }, (response) => {
        response.once('data', (chunk: Buffer) => {
          resolve({ encoding: response.headers['content-encoding'], text: chunk.toString() });
          sent.destroy();
        });
      });
      sent.on('error', reject);
      sent.end();
    });
    expect(event.encoding).toBeUndefined();
    expect(event.text).toContain('data: first');
  });
});

describe('compression of the app’s answers', () => {
  let t: TestApp;
  let served: { base: string; close(): Promise<void> };
  beforeAll(async () => {
    t = await createTestApp();
    served = await serveOverHttp(t.app);
  });
  afterAll(async () => {
    await served.close();
    await t.close();
  });

  it('answers a small API answer uncompressed and the OpenAPI document compressed, both with every security header', async () => {
    const health = await get(served.base, '/api/v1/health', browser);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toMatchObject({ status: 'ok' });
    const openapi = await get(served.base, '/api/v1/openapi.json', browser);
    expect(openapi.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(openapi.body).toString())).toMatchObject({ openapi: '3.1.0' });
    for (const answer of [health, openapi]) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.headers.vary).toBe('Accept-Encoding');
    }
  });
});
