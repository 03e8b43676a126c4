import type { MiddlewareHandler } from 'hono';
import type { Env } from '../env';
import { ProblemError } from '../lib/problem';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence in depth next to SameSite=Lax cookies: an unsafe request that a browser
 * marks as coming from another origin is refused. Requests without Origin (server-to-server,
 * curl) carry no ambient browser cookies of a victim, so they pass.
 */
export function withOriginCheck(env: Env): MiddlewareHandler {
  const allowed = new URL(env.APP_URL).origin;
  return (c, next) => {
    if (unsafeMethods.has(c.req.method)) {
      const origin = c.req.header('origin');
      const sameHost = origin !== undefined && safeOrigin(origin) === new URL(c.req.url).origin;
      if (origin !== undefined && origin !== allowed && !sameHost) throw new ProblemError(403, 'origin_rejected');
      if (origin === undefined && c.req.header('sec-fetch-site') === 'cross-site') throw new ProblemError(403, 'origin_rejected');
    }
    return next();
  };
}

function safeOrigin(value: string) {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}
