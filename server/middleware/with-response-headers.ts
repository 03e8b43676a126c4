import { randomUUID } from 'node:crypto';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import type { Env } from '../env';

/**
 * The headers every answer carries, set in one layer on the finished answer: the request id,
 * `Vary: Accept-Encoding`, and the security headers.
 *
 * Every request gets an id, answered as `X-Request-Id`: a user quoting it to support finds the
 * error log line of their request (server/lib/problem.ts logs it with the error's code).
 *
 * The security headers and a strict CSP: scripts only from Alta itself, plus Stripe, Google
 * sign-in and Plaid Link when they are configured. Inline style attributes are allowed because the
 * pre-rendered pages carry React's; inline scripts are not. Inline `<style>` elements are
 * allowed only by the hash of their exact text (`styleHashes`, the pre-rendered pages'
 * inlined stylesheets, see `inlineStyleHashes`), never with 'unsafe-inline'.
 */
export function withResponseHeaders(env: Env, styleHashes: string[] = []) {
  const stripe = env.VITE_STRIPE_PUBLISHABLE_KEY ? ['https://js.stripe.com'] : [];
  const google = env.GOOGLE_CLIENT_ID ? ['https://accounts.google.com'] : [];
  // Plaid Link runs from Plaid's CDN in its own frame, only when Alta runs on Plaid.
  const plaid = env.PLAID_CLIENT_ID && env.PLAID_SECRET ? ['https://cdn.plaid.com'] : [];
  // The admin's chat widget (SPEC §7, Intercom) only when CHAT_APP_ID is configured.
  const chat = env.CHAT_APP_ID ? ['https://widget.intercom.io', 'https://js.intercomcdn.com'] : [];
  const chatConnect = env.CHAT_APP_ID ? ['https://*.intercom.io', 'wss://*.intercom.io', 'https://*.intercomcdn.com'] : [];
  const chatMedia = env.CHAT_APP_ID ? ['https://*.intercomcdn.com', 'https://static.intercomassets.com'] : [];
  const directives = (styleSrc: string[]): [string, string[]][] => [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...stripe, ...google, ...plaid, ...chat]],
    ['style-src', [...styleSrc, ...google]],
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...chatMedia]],
    ['font-src', ["'self'", ...chatMedia]],
    ['connect-src', ["'self'", ...(stripe.length ? ['https://api.stripe.com'] : []), ...google, ...chatConnect]],
    // blob: shows a mail scan in place (decision 029): the PDF bytes the app itself fetched or kept offline.
    [
      'frame-src',
      [
        'blob:',
        ...stripe,
        ...(stripe.length ? ['https://hooks.stripe.com'] : []),
        ...google,
        ...plaid,
        ...(chat.length ? ['https://intercom-sheets.com'] : []),
      ],
    ],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ...(env.NODE_ENV === 'production' ? [['upgrade-insecure-requests', []] as [string, string[]]] : []),
  ];
  const headersWith = (styleSrc: string[]): [string, string][] => [
    [
      'content-security-policy',
      directives(styleSrc)
        .map(([name, sources]) => [name, ...sources].join(' '))
        .join('; '),
    ],
    ...(env.NODE_ENV === 'production' ? [['strict-transport-security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
    ['cross-origin-resource-policy', 'same-origin'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    // The same answer as `frame-ancestors 'none'` for browsers that only know the older header.
    ['x-frame-options', 'DENY'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=()'],
    // Whether an answer is compressed depends on Accept-Encoding (server/http-server.ts), so every answer says so to caches.
    ['vary', 'Accept-Encoding'],
  ];
  // Only documents can carry inline styles: scripts, stylesheets, fonts and API answers go
  // without the hashes, which would add some 600 bytes to each of those responses.
  const forDocuments = headersWith(["'self'", ...styleHashes]);
  const forApiAndAssets = headersWith(["'self'"]);
  // What an answer may not set itself: the layer's own names, and one it removes.
  const replaced = new Set([...forDocuments.map(([name]) => name), 'x-request-id', 'x-powered-by']);
  // Both sets are built once: a request only picks one (hono's secureHeaders rebuilt the CSP
  // string on every request, because the style sources depend on the path).
  // One layer rather than three (request id, Vary, security headers): each layer is an async
  // frame and a promise on every request.
  return createMiddleware<AppEnv>(async (c, next) => {
    const id = randomUUID();
    c.set('requestId', id);
    await next();
    const path = c.req.path;
    const fixed = path.startsWith('/assets/') || path.startsWith('/api/') ? forApiAndAssets : forDocuments;
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    if (outgoing) return addOnWrite(outgoing, fixed, replaced, id);
    // Served without Node's server (`app.request`): set on the answer itself.
    const headers = c.res.headers;
    for (const [name, value] of fixed) headers.set(name, value);
    headers.delete('x-powered-by');
    headers.set('x-request-id', id);
  });
}

/**
 * On Node's server the headers go into the head as it is written, after every handler,
 * error or raw Response has made its answer, so none can drop or loosen one. Setting them on
 * the answer instead made every answer build a WHATWG Headers object (a validated, sorted
 * copy of each header) that node-server then copied again into Node's head: about a third of
 * `GET /health`'s CPU.
 */
function addOnWrite(outgoing: ServerResponse, fixed: readonly [string, string][], replaced: ReadonlySet<string>, id: string): void {
  const writeHead = outgoing.writeHead;
  outgoing.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    outgoing.writeHead = writeHead;
    // The head as node-server gives it (an object), or as Node also takes it (a flat list of names and values).
    const given = rest.find((part) => typeof part === 'object' && part !== null) as OutgoingHttpHeaders | string[] | undefined;
    const head: OutgoingHttpHeaders = {};
    const keep = (name: string, value: OutgoingHttpHeaders[string]) => {
      if (!replaced.has(name.toLowerCase())) head[name] = value;
    };
    if (Array.isArray(given)) for (let n = 0; n + 1 < given.length; n += 2) keep(given[n]!, given[n + 1]);
    else for (const name in given) keep(name, given[name]);
    for (const [name, value] of fixed) head[name] = value;
    head['x-request-id'] = id;
    return Reflect.apply(writeHead, this, typeof rest[0] === 'string' ? [status, rest[0], head] : [status, head]) as ServerResponse;
  };
}
