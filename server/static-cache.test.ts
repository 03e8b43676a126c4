import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { acceptsBrotli } from './static';
import { createTestApp, type TestApp } from './test/harness';

/** Caching and the SPA fallback of the built client (server/static.ts), on a small fixture build. */
const shell = '<!doctype html><html><head></head><body><div id="root">shell</div></body></html>';
const faqPage = '<!doctype html><html lang="es"><body><h1>FAQ pre-rendered</h1></body></html>';

let t: TestApp;
let root: string;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp();
  root = mkdtempSync(path.join(tmpdir(), 'alta-static-'));
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'es', 'faq'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), shell);
  writeFileSync(path.join(root, 'assets', 'index-B4x9.js'), 'export const x = 1;');
  writeFileSync(path.join(root, 'assets', 'index-C7d2.css'), 'body{margin:0}');
  mkdirSync(path.join(root, 'ocr', '3f9a01c2d4e5'), { recursive: true });
  writeFileSync(path.join(root, 'ocr', '3f9a01c2d4e5', 'pdf.min.mjs'), 'export const pdf = 1;');
  writeFileSync(path.join(root, 'ocr', '3f9a01c2d4e5', 'spa.traineddata.gz'), Buffer.from([0x1f, 0x8b, 8, 0]));
  writeFileSync(path.join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(root, 'manifest.webmanifest'), '{"name":"Alta"}');
  writeFileSync(path.join(root, 'es', 'faq', 'index.html'), faqPage);
  // The build's brotli copies (scripts/precompress-plugin.ts): a chunk and a pre-rendered page.
  writeFileSync(path.join(root, 'assets', 'index-B4x9.js.br'), brotliCompressSync('export const x = 1;'));
  writeFileSync(path.join(root, 'es', 'faq', 'index.html.br'), brotliCompressSync(faqPage));
  writeFileSync(path.join(root, 'assets', 'index-B4x9.js.map'), '{"sources":["../src/main.tsx"]}');
  mkdirSync(path.join(root, '.vite'), { recursive: true });
  writeFileSync(path.join(root, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/index-B4x9.js"}}');
  writeFileSync(path.join(tmpdir(), 'alta-static-outside.txt'), 'secret');
  app = createApp({ env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now }, { clientRoot: root });
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  rmSync(path.join(tmpdir(), 'alta-static-outside.txt'), { force: true });
  await t.close();
});

describe('built client caching', () => {
  it('caches hashed assets for a year as immutable, with their content type', async () => {
    const script = await app.request('/assets/index-B4x9.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('export const x = 1;');
    const style = await app.request('/assets/index-C7d2.css');
    expect(style.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it("caches the receipt reader's folder, named by its files' hash, as immutable; its language data as plain bytes", async () => {
    const module = await app.request('/ocr/3f9a01c2d4e5/pdf.min.mjs');
    expect(module.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(module.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const data = await app.request('/ocr/3f9a01c2d4e5/spa.traineddata.gz');
    expect(data.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // tesseract.js unzips the data itself: a Content-Encoding would have the browser do it first.
    expect(data.headers.get('content-encoding')).toBeNull();
    expect(new Uint8Array(await data.arrayBuffer())).toEqual(new Uint8Array([0x1f, 0x8b, 8, 0]));
  });

  it('revalidates everything whose name does not change with its content', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest', '/es/dashboard', '/es/faq', '/']) {
      const response = await app.request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
    }
    expect((await app.request('/manifest.webmanifest')).headers.get('content-type')).toBe('application/manifest+json');
  });
});

describe("the build's brotli copies (decision 101)", () => {
  const asking = (encodings: string) => ({ headers: { 'accept-encoding': encodings } });

  it('sends the copy to a browser that takes brotli, with the file’s own type and caching', async () => {
    const script = await app.request('/assets/index-B4x9.js', asking('gzip, deflate, br, zstd'));
    expect(script.headers.get('content-encoding')).toBe('br');
    expect(script.headers.get('vary')).toBe('Accept-Encoding');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await script.arrayBuffer())).toString()).toBe('export const x = 1;');

    const page = await app.request('/es/faq', asking('br'));
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(Buffer.from(await page.arrayBuffer())).toString()).toBe(faqPage);
  });

  it('sends the file itself to a client that does not take brotli, or refuses it', async () => {
    for (const encodings of ['gzip', 'br;q=0, gzip', '']) {
      const script = await app.request('/assets/index-B4x9.js', asking(encodings));
      expect(script.headers.get('content-encoding')).toBeNull();
      expect(script.headers.get('vary')).toBe('Accept-Encoding');
      expect(await script.text()).toBe('export const x = 1;');
    }
  });

  it('reads which encodings a header takes', () => {
    expect(acceptsBrotli('gzip, deflate, br')).toBe(true);
    expect(acceptsBrotli('BR;q=0.5')).toBe(true);
    expect(acceptsBrotli('br;q=0')).toBe(false);
    expect(acceptsBrotli('gzip, brotli')).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
});

describe('SPA fallback', () => {
  it('answers every /{lang}/... path with the app shell', async () => {
    for (const url of ['/es/dashboard', '/en/reset-password/confirm', '/pt/dashboard/company/42', '/en/no-such-page', '/']) {
      const response = await app.request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toBe('text/html; charset=utf-8');
      expect(await response.text(), url).toBe(shell);
    }
  });

  it('serves a pre-rendered page where one exists', async () => {
    expect(await (await app.request('/es/faq')).text()).toBe(faqPage);
  });

  it('does not answer missing assets or API paths with the shell', async () => {
    const asset = await app.request('/assets/index-gone.js');
    expect(asset.status).toBe(404);
    expect(await asset.text()).not.toBe(shell);
    const api = await app.request('/api/v1/no-such-route');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/problem+json');
  });

  it('never serves a file outside the build folder', async () => {
    const response = await app.request('/..%2Falta-static-outside.txt');
    expect(await response.text()).not.toBe('secret');
  });
});

describe('what the built client does not give away (issue 9 §5)', () => {
  it('serves no source map and no build manifest, unless SERVE_SOURCE_MAPS asks for them', async () => {
    for (const url of ['/assets/index-B4x9.js.map', '/.vite/manifest.json', '/.vite/']) expect((await app.request(url)).status, url).toBe(404);
    const debugging = createApp(
      { env: { ...t.env, SERVE_SOURCE_MAPS: '1' }, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now },
      { clientRoot: root },
    );
    expect((await debugging.request('/assets/index-B4x9.js.map')).status).toBe(200);
    expect((await debugging.request('/.vite/manifest.json')).status).toBe(200);
  });

  it('answers a malformed or unstorable percent-encoding with a 400 problem, not a 500', async () => {
    for (const url of ['/es/%E0%A4%A', '/%', '/es/%00', '/es/%ED%A0%80']) {
      const response = await app.request(url);
      expect(response.status, url).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    }
  });
});
