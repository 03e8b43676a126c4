import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { serveOverHttp } from '../test/harness';
import { withResponseHeaders } from './with-response-headers';

/**
 * Every answer carries the full set of security headers, whatever the handler did: JSON, a raw
 * Response, an error, a 404, a page and an asset. Documents alone may carry the pre-rendered
 * pages' inline-style hashes. Pinned header by header, so a change that drops or loosens one fails.
 * On Node's server (what Alta runs) they go into the head as it is written; answered by
 * `app.request` alone, onto the answer.
 */

const hashes = ["'sha256-AAAA'", "'sha256-BBBB'"];

function app(nodeEnv: 'development' | 'production') {
  const app = new Hono();
  app.onError((_error, c) => c.json({ code: 'internal' }, 500));
  // Only NODE_ENV changes the headers; the rest of a production environment is not needed here.
  const env = { ...parseEnv({ NODE_ENV: 'development', DATA_DIR: '/tmp/alta-headers', APP_URL: 'http://127.0.0.1' }), NODE_ENV: nodeEnv };
  app.use('*', withResponseHeaders(env, hashes));
  app.get('/api/v1/json', (c) => c.json({ ok: true }));
  app.get('/api/v1/raw', () => new Response('raw', { headers: { 'x-frame-options': 'SAMEORIGIN', 'x-powered-by': 'Nope' } }));
  app.get('/api/v1/boom', () => {
    throw new Error('boom');
  });
  app.get('/assets/app.js', (c) => c.body('js', 200, { 'content-type': 'text/javascript' }));
  app.get('/es/login', (c) => c.html('<p>page</p>'));
  return app;
}

const common = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const csp = (styleSrc: string, production: boolean) =>
  [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    `style-src ${styleSrc}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    'frame-src blob:',
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(production ? ['upgrade-insecure-requests'] : []),
  ].join('; ');

const securityHeaders = (response: Response) =>
  Object.fromEntries(
    [...response.headers].filter(
      ([name]) => name in common || name === 'content-security-policy' || name === 'strict-transport-security' || name === 'x-powered-by',
    ),
  );

type Ask = (path: string) => Promise<Response>;

/** Each app answered through `app.request`, and through Node's HTTP server as `serveApp` serves it. */
const ways: [string, (nodeEnv: 'development' | 'production') => Promise<Ask>][] = [
  [
    'app.request',
    async (nodeEnv) => {
      const answering = app(nodeEnv);
      return async (path) => answering.request(path);
    },
  ],
  [
    'Node’s HTTP server',
    async (nodeEnv) => {
      const served = await serveOverHttp(app(nodeEnv));
      servers.push(served);
      return (path) => fetch(`${served.base}${path}`);
    },
  ],
];
const servers: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(servers.map((served) => served.close())));

describe.each(ways)('withResponseHeaders, answered by %s', (_way, start) => {
  let development: Ask;
  let production: Ask;
  beforeAll(async () => {
    development = await start('development');
    production = await start('production');
  });

  it('sends every header on every answer, the same for API answers and assets, the style hashes only to documents', async () => {
    const withoutHashes = { ...common, 'content-security-policy': csp("'self'", false) };
    for (const path of ['/api/v1/json', '/api/v1/raw', '/api/v1/boom', '/api/v1/nowhere', '/assets/app.js']) {
      expect(securityHeaders(await development(path)), path).toEqual(withoutHashes);
    }
    expect(securityHeaders(await development('/es/login'))).toEqual({ ...common, 'content-security-policy': csp(`'self' ${hashes.join(' ')}`, false) });
  });

  it('answers every request with its own id and Vary: Accept-Encoding, a raw Response and an error included', async () => {
    const ids = new Set<string>();
    for (const path of ['/api/v1/json', '/api/v1/raw', '/api/v1/boom', '/api/v1/nowhere', '/assets/app.js', '/es/login']) {
      const response = await development(path);
      expect(response.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(response.headers.get('x-request-id')!);
      expect(response.headers.get('vary'), path).toBe('Accept-Encoding');
    }
    expect(ids.size).toBe(6);
  });

  it('adds HSTS and upgrade-insecure-requests in production', async () => {
    expect(securityHeaders(await production('/api/v1/json'))).toEqual({
      ...common,
      'content-security-policy': csp("'self'", true),
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
  });
});
