import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { databaseAnswerMs } from './health';

describe('health and API basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health with the database dialect', async () => {
    const response = await t.request('/api/v1/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('asks the database once a second, once for all the checks waiting on it, and fails when it does not answer', async () => {
    const execute = vi.spyOn(t.database.db, 'execute');
    try {
      t.clock.advance(databaseAnswerMs);
      await Promise.all(Array.from({ length: 5 }, () => t.request('/api/v1/health')));
      expect(execute).toHaveBeenCalledTimes(1);
      t.clock.advance(databaseAnswerMs - 1);
      expect((await t.request('/api/v1/health')).status).toBe(200);
      expect(execute).toHaveBeenCalledTimes(1);
      t.clock.advance(1);
      execute.mockRejectedValueOnce(new Error('connection refused'));
      expect((await t.request('/api/v1/health')).status).toBe(500);
      expect((await t.request('/api/v1/health')).status).toBe(200);
      expect(execute).toHaveBeenCalledTimes(3);
    } finally {
      execute.mockRestore();
    }
  });

  it('sends a strict CSP and security headers', async () => {
    const response = await t.request('/api/v1/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    // The older header says the same: no one may frame Alta, not even Alta.
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers an unknown API path with problem+json 404', async () => {
    const response = await t.request('/api/v1/nope');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 404, code: 'not_found', title: 'Not Found' });
  });

  it('refuses an unsafe request from another origin', async () => {
    const response = await t.request('/api/v1/health', { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'origin_rejected' });
  });

  it('publishes an OpenAPI 3.1 document and readable docs', async () => {
    const doc = await (await t.request('/api/v1/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/v1/health']).toBeDefined();
    const docs = await t.request('/api/docs');
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('/api/docs/swagger-ui-bundle.js');
  });
});
