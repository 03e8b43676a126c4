import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Env, Hono } from 'hono';
import { isLanguage } from '@domain/constants';
import { isStorableText } from '@domain/text';
import { problemResponse } from './lib/problem';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** A CSP hash source as the build writes it: `'sha256-<base64 of 32 bytes>'`. */
const hashSource = /^'sha256-[A-Za-z0-9+/]{43}='$/;

/**
 * The CSP `style-src` hashes of the inline styles in the pre-rendered pages, which the build
 * writes to `csp-hashes.json` (scripts/prerender.ts); read once at start. None when there is
 * no build (API-only tests, `npm run dev`). A file that is there but malformed stops the
 * start: serving the pages with styles the CSP refuses would show them unstyled.
 */
export function inlineStyleHashes(root: string): string[] {
  const file = path.join(root, 'csp-hashes.json');
  if (!existsSync(file)) return [];
  const { styleSrc } = JSON.parse(readFileSync(file, 'utf8')) as { styleSrc?: unknown };
  if (!Array.isArray(styleSrc) || !styleSrc.every((source) => typeof source === 'string' && hashSource.test(source))) {
    throw new Error(`${file}: styleSrc must be a list of 'sha256-…' sources`);
  }
  return styleSrc as string[];
}

/** The decoded path of a page address, or null when its percent-encoding is malformed or decodes to unstorable text. */
function decodedPath(pathname: string): string | null {
  try {
    const decoded = decodeURIComponent(pathname);
    return isStorableText(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

/** Whether an Accept-Encoding header takes brotli (`br`, not refused with `q=0`). */
export function acceptsBrotli(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (coding !== 'br') return false;
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/**
 * Serves the built client from `root`: hashed files under /assets/ and /ocr/ cached as immutable,
 * everything else revalidated; pre-rendered pages (`<path>/index.html`) where they exist;
 * otherwise the SPA shell for `/{lang}/...` and `/`. Source maps and the build's dot-folders
 * (`.vite/manifest.json`, which maps every source file) hold the client's whole source: they
 * are served only with `options.sourceMaps` (SERVE_SOURCE_MAPS=1), never by default. A file the
 * build compressed (`<file>.br`, decision 101) goes as that copy to a browser that takes brotli,
 * rather than being compressed again on every request.
 */
export function mountClient<E extends Env>(app: Hono<E>, root: string, options: { sourceMaps: boolean }) {
  if (!existsSync(path.join(root, 'index.html'))) return false;
  const resolved = path.resolve(root);
  // The files with a brotli copy: the build does not change while the server runs.
  const withBrotliCopy = new Set(
    readdirSync(resolved, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.br'))
      .map((entry) => path.join(entry.parentPath, entry.name.slice(0, -'.br'.length))),
  );

  const send = async (c: Context, file: string, status: 200 | 404 = 200) => {
    const ext = path.extname(file);
    // Hashed names (/assets/) and the receipt reader's folder named by its files' hash (/ocr/<hash>/, decision 067) never change.
    const immutable = ['assets', 'ocr'].some((folder) => file.startsWith(path.join(resolved, folder) + path.sep));
    const headers: Record<string, string> = {
      'Content-Type': types[ext] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (!withBrotliCopy.has(file)) return c.body(await readFile(file), status, headers);
    headers.Vary = 'Accept-Encoding';
    if (!acceptsBrotli(c.req.header('accept-encoding'))) return c.body(await readFile(file), status, headers);
    return c.body(await readFile(`${file}.br`), status, { ...headers, 'Content-Encoding': 'br' });
  };

  const isFile = async (file: string) => {
    try {
      return (await stat(file)).isFile();
    } catch {
      return false;
    }
  };

  app.get('*', async (c, next) => {
    const raw = new URL(c.req.url).pathname;
    if (raw.startsWith('/api/')) return next();
    const pathname = decodedPath(raw);
    if (pathname === null) return problemResponse(c, 400, 'validation');
    if (!options.sourceMaps && (pathname.endsWith('.map') || pathname.split('/').some((segment) => segment.startsWith('.')))) return next();
    const candidate = path.resolve(resolved, '.' + pathname);
    // Never serve outside the build folder, whatever the path says.
    if (candidate !== resolved && !candidate.startsWith(resolved + path.sep)) return next();
    if (await isFile(candidate)) return send(c, candidate);
    const page = path.join(candidate, 'index.html');
    if (await isFile(page)) return send(c, page);
    const first = pathname.split('/')[1] ?? '';
    if (pathname === '/' || isLanguage(first) || !path.extname(pathname)) {
      return send(c, path.join(resolved, 'index.html'));
    }
    return next();
  });
  return true;
}
