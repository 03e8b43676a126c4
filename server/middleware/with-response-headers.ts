import { randomUUID } from 'node:crypto';
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
      'Content-Security-Policy',
      directives(styleSrc)
        .map(([name, sources]) => [name, ...sources].join(' '))
        .join('; '),
    ],
    ...(env.NODE_ENV === 'production' ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    // The same answer as `frame-ancestors 'none'` for browsers that only know the older header.
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ];
  // Only documents can carry inline styles: scripts, stylesheets, fonts and API answers go
  // without the hashes, which would add some 600 bytes to each of those responses.
  const forDocuments = headersWith(["'self'", ...styleHashes]);
  const forApiAndAssets = headersWith(["'self'"]);
  // Both sets are built once: a request only picks one (hono's secureHeaders rebuilt the CSP
  // string on every request, because the style sources depend on the path).
  // One layer rather than three (request id, Vary, security headers): each layer is an async
  // frame and a promise on every request, and setting a header before the answer exists makes
  // Hono build a Headers object that the answer then copies.
  return createMiddleware<AppEnv>(async (c, next) => {
    const id = randomUUID();
    c.set('requestId', id);
    await next();
    const path = c.req.path;
    const headers = c.res.headers;
    // Set on the finished answer, so no handler, error or raw Response can drop or loosen one.
    for (const [name, value] of path.startsWith('/assets/') || path.startsWith('/api/') ? forApiAndAssets : forDocuments) headers.set(name, value);
    headers.delete('X-Powered-By');
    headers.set('X-Request-Id', id);
    // Whether an answer is compressed depends on Accept-Encoding (server/http-server.ts), so every answer says so to caches.
    headers.set('Vary', 'Accept-Encoding');
  });
}
