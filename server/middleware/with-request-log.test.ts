import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../context';
import { parseEnv } from '../env';
import { withRequestLog } from './with-request-log';
import { withResponseHeaders } from './with-response-headers';

describe('the request log', () => {
  it('writes the lines of one turn of the event loop in one write, one JSON line per request without its query string', async () => {
    const app = new Hono<AppEnv>()
      .use('*', withResponseHeaders(parseEnv({ NODE_ENV: 'development', DATA_DIR: '/tmp/alta-log', APP_URL: 'http://127.0.0.1' })), withRequestLog)
      .get('/api/v1/things/:id', (c) => c.json({ ok: true }));
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const answers = await Promise.all([1, 2, 3].map(async (n) => app.request(`/api/v1/things/${n}?secret=s3cr3t`)));
      const written = write.mock.calls.map(([text]) => String(text));
      await new Promise((resolve) => setImmediate(resolve));
      const flushed = write.mock.calls.slice(written.length).map(([text]) => String(text));
      expect(written).toEqual([]);
      expect(flushed).toHaveLength(1);
      const lines = flushed[0]!
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.map((line) => line.path).sort()).toEqual(['/api/v1/things/1', '/api/v1/things/2', '/api/v1/things/3']);
      expect(lines.map((line) => line.requestId).sort()).toEqual(answers.map((answer) => answer.headers.get('x-request-id')).sort());
      for (const line of lines) expect(line).toMatchObject({ level: 'info', method: 'GET', status: 200 });
      expect(flushed[0]).not.toContain('s3cr3t');
    } finally {
      write.mockRestore();
    }
  });
});
