import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

/**
 * Every request gets an id, answered as `X-Request-Id`: a user quoting it to support finds the
 * error log line of their request (server/lib/problem.ts logs it with the error's code).
 */
export const withRequestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = randomUUID();
  c.set('requestId', id);
  c.header('X-Request-Id', id);
  await next();
};

/** One JSON line per request: id, method, path, status and duration. Never logs query strings, bodies or cookies. */
export const withRequestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  const ms = Math.round((performance.now() - started) * 10) / 10;
  console.log(JSON.stringify({ level: 'info', requestId: c.var.requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms }));
};
