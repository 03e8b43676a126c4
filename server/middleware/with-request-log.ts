import type { MiddlewareHandler } from 'hono';

/** One JSON line per request: method, path, status and duration. Never logs bodies or cookies. */
export const withRequestLog: MiddlewareHandler = async (c, next) => {
  const started = performance.now();
  await next();
  const ms = Math.round((performance.now() - started) * 10) / 10;
  console.log(JSON.stringify({ level: 'info', method: c.req.method, path: c.req.path, status: c.res.status, ms }));
};
