import type { Context } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Env } from '../env';

/**
 * Security headers and a strict CSP: scripts only from Alta itself, plus Stripe, Google
 * sign-in and Plaid Link when they are configured. Inline style attributes are allowed because the
 * pre-rendered pages carry React's; inline scripts are not. Inline `<style>` elements are
 * allowed only by the hash of their exact text (`styleHashes`, the pre-rendered pages'
 * inlined stylesheets, see `inlineStyleHashes`), never with 'unsafe-inline'.
 */
export function withSecurityHeaders(env: Env, styleHashes: string[] = []) {
  const stripe = env.VITE_STRIPE_PUBLISHABLE_KEY ? ['https://js.stripe.com'] : [];
  const google = env.GOOGLE_CLIENT_ID ? ['https://accounts.google.com'] : [];
  // Plaid Link runs from Plaid's CDN in its own frame, only when Alta runs on Plaid.
  const plaid = env.PLAID_CLIENT_ID && env.PLAID_SECRET ? ['https://cdn.plaid.com'] : [];
  // The admin's chat widget (SPEC §7, Intercom) only when CHAT_APP_ID is configured.
  const chat = env.CHAT_APP_ID ? ['https://widget.intercom.io', 'https://js.intercomcdn.com'] : [];
  const chatConnect = env.CHAT_APP_ID ? ['https://*.intercom.io', 'wss://*.intercom.io', 'https://*.intercomcdn.com'] : [];
  const chatMedia = env.CHAT_APP_ID ? ['https://*.intercomcdn.com', 'https://static.intercomassets.com'] : [];
  // Only documents can carry inline styles: scripts, stylesheets, fonts and API answers go
  // without the hashes, which would add some 600 bytes to each of those responses.
  const selfAndPageStyles = (c: Context) =>
    (c.req.path.startsWith('/assets/') || c.req.path.startsWith('/api/') ? ["'self'"] : ["'self'", ...styleHashes]).join(' ');
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...stripe, ...google, ...plaid, ...chat],
      styleSrc: [selfAndPageStyles, ...google],
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...chatMedia],
      fontSrc: ["'self'", ...chatMedia],
      connectSrc: ["'self'", ...(stripe.length ? ['https://api.stripe.com'] : []), ...google, ...chatConnect],
      // blob: shows a mail scan in place (decision 029): the PDF bytes the app itself fetched or kept offline.
      frameSrc: [
        'blob:',
        ...stripe,
        ...(stripe.length ? ['https://hooks.stripe.com'] : []),
        ...google,
        ...plaid,
        ...(chat.length ? ['https://intercom-sheets.com'] : []),
      ],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(env.NODE_ENV === 'production' ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: env.NODE_ENV === 'production' ? 'max-age=31536000; includeSubDomains' : false,
    // The same answer as `frame-ancestors 'none'` for browsers that only know the older header.
    xFrameOptions: 'DENY',
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
