import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError, ProblemError } from './problem';
import { answerRefusals } from './refusals';

/** A route that throws `error`, behind `answerRefusals('invalid_credentials', 'rate_limited')`. */
function appThrowing(error: Error) {
  const app = new Hono();
  app.onError(handleError);
  app.post('/login', answerRefusals('invalid_credentials', 'rate_limited'), () => {
    throw error;
  });
  app.post('/ok', answerRefusals('invalid_credentials'), (c) => c.json({ status: 'ok' }, 200));
  return app;
}

describe('answerRefusals', () => {
  it('answers a listed problem as 200 { status: "refused" } with its fields, keeping Retry-After', async () => {
    const response = await appThrowing(new ProblemError(429, 'rate_limited', undefined, { 'Retry-After': '30' })).request('/login', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('retry-after')).toBe('30');
    expect(await response.json()).toEqual({ status: 'refused', code: 'rate_limited', retryAfter: 30 });
  });

  it('keeps field errors on a refusal', async () => {
    const response = await appThrowing(new ProblemError(401, 'invalid_credentials', { email: ['validation.email'] })).request('/login', { method: 'POST' });
    expect(await response.json()).toEqual({ status: 'refused', code: 'invalid_credentials', errors: { email: ['validation.email'] } });
  });

  it('leaves other problems, server faults and successes as they are', async () => {
    const unlisted = await appThrowing(new ProblemError(400, 'validation')).request('/login', { method: 'POST' });
    expect(unlisted.status).toBe(400);
    expect(unlisted.headers.get('content-type')).toBe('application/problem+json');
    // A 5xx is never dressed as an answer, whatever its code.
    const fault = await appThrowing(new ProblemError(502, 'rate_limited')).request('/login', { method: 'POST' });
    expect(fault.status).toBe(502);
    const success = await appThrowing(new Error('unused')).request('/ok', { method: 'POST' });
    expect(await success.json()).toEqual({ status: 'ok' });
  });
});
