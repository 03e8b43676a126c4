import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

let lines: string[] = [];

/**
 * The lines of one turn of the event loop go out in one write at its end. `console.log` wrote
 * each line at once, and a write to a file or a pipe is a synchronous system call: one more per
 * request, costing about what the rest of a small request's work costs. A process that exits
 * writes what is left; one killed loses at most its last turn's lines.
 */
function log(line: string) {
  if (lines.length === 0) setImmediate(flush);
  lines.push(line);
}

function flush() {
  if (lines.length === 0) return;
  const text = `${lines.join('\n')}\n`;
  lines = [];
  process.stdout.write(text);
}

process.on('exit', flush);

/** One JSON line per request: id, method, path, status and duration. Never logs query strings, bodies or cookies. */
export const withRequestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  const ms = Math.round((performance.now() - started) * 10) / 10;
  log(JSON.stringify({ level: 'info', requestId: c.var.requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms }));
};
