import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Env } from '../env';

/**
 * The caller's address for rate limits and the audit log. The socket address by default:
 * X-Forwarded-For is written by whoever sends the request, so it is only believed when
 * TRUST_PROXY says how many proxies of ours append to it, and then only their hop
 * (counted from the right; the left part is the client's to forge).
 */
export function clientIp(c: Context, env: Pick<Env, 'TRUST_PROXY'>): string | null {
  if (env.TRUST_PROXY > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    const hop = hops[hops.length - env.TRUST_PROXY];
    if (hop) return hop;
  }
  return socketAddress(c);
}

function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // app.request() in tests and the benchmark has no socket.
    return null;
  }
}
