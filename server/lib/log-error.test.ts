import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../context';
import { withResponseHeaders } from '../middleware/with-response-headers';
import { createTestApp, type TestApp } from '../test/harness';
import { handleError } from './problem';

/** Issue 9 §5: a database error is logged with its code and the request id, never the query's parameters. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('error logs', () => {
  it('carry the SQLSTATE and the request id, not the parameters of the failed query', async () => {
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$lucia@example.com';
    const app = new Hono<AppEnv>();
    app.use('*', withResponseHeaders(t.env));
    app.onError(handleError);
    app.get('/boom', async () => {
      await t.database.db.execute(sql`select ${secret}::int`);
      throw new Error('unreachable');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await app.request('/boom?email=lucia@example.com');
      expect(response.status).toBe(500);
      const requestId = response.headers.get('x-request-id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(logged).toHaveBeenCalledTimes(1);
      const line = String(logged.mock.calls[0]![0]);
      expect(JSON.parse(line)).toMatchObject({ level: 'error', msg: 'unhandled error', requestId, path: '/boom', code: '22P02' });
      expect(line).not.toContain('argon2id');
      expect(line).not.toContain('lucia@example.com');
      expect(line).not.toContain('select');
    } finally {
      logged.mockRestore();
    }
  });
});
