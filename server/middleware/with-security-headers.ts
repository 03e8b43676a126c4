import { secureHeaders } from 'hono/secure-headers';
import type { Env } from '../env';

/**
 * Security headers and a strict CSP: scripts only from Alta itself, plus Stripe and Google
 * sign-in when they are configured. Inline style attributes are allowed because the
 * pre-rendered pages carry React's; inline scripts are not.
 */
export function withSecurityHeaders(env: Env) {
  const stripe = env.VITE_STRIPE_PUBLISHABLE_KEY ? ['https://js.stripe.com'] : [];
  const google = env.GOOGLE_CLIENT_ID ? ['https://accounts.google.com'] : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...stripe, ...google],
      styleSrc: ["'self'", ...google],
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...(stripe.length ? ['https://api.stripe.com'] : []), ...google],
      frameSrc: stripe.length + google.length ? [...stripe, ...(stripe.length ? ['https://hooks.stripe.com'] : []), ...google] : ["'none'"],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(env.NODE_ENV === 'production' ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: env.NODE_ENV === 'production' ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
