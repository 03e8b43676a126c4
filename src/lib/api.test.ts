import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, createApiClient, withRetry } from './api';
import { errorMessage, messageKey } from './error-message';

const problem = (status: number, code: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ type: 'about:blank', title: code, status, code, ...extra }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake server: each call to `fetch` gets the next answer; requests are recorded. */
function fakeServer(...answers: (Response | Error | ((request: Request) => Response))[]) {
  const requests: { method: string; url: string; credentials: RequestCredentials; body: string }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push({ method: request.method, url: request.url, credentials: request.credentials, body: await request.clone().text() });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected request ${request.method} ${request.url}`);
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer(request) : answer;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

const client = (server: ReturnType<typeof fakeServer>, onUnauthorized = vi.fn()) => ({
  api: createApiClient({ prefixUrl: 'http://alta.test/api/v1', fetch: server.fetch, onUnauthorized }),
  onUnauthorized,
});

describe('api client', () => {
  it('sends JSON with the session cookies and returns the parsed answer', async () => {
    const server = fakeServer(json({ ok: true }));
    const { api } = client(server);
    await expect(api.post('login', { json: { email: 'a@b.co' } })).resolves.toEqual({ ok: true });
    const [request] = server.requests;
    expect(request!.url).toBe('http://alta.test/api/v1/login');
    expect(request!.credentials).toBe('include');
    expect(JSON.parse(request!.body)).toEqual({ email: 'a@b.co' });
  });

  it('while a sign-out ends the session, answers the calls on their way and keeps new protected calls on the device', async () => {
    let answerList!: () => void;
    const listAnswered = new Promise<void>((resolve) => (answerList = resolve));
    const server = fakeServer(
      () => json({ list: true }),
      () => json(null, 200),
      () => json({ me: true }),
    );
    let first = true;
    const api = createApiClient({
      prefixUrl: 'http://alta.test/api/v1',
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        if (first) {
          first = false;
          await listAnswered;
        }
        return server.fetch(input, init);
      },
    });
    const list = api.get('companies');
    const ended: string[] = [];
    const signOut = api.endingSession(3_000, async () => {
      ended.push('logout');
      await api.post('logout', { context: { public: true } });
      // A screen refreshing meanwhile: refused here, never sent.
      await expect(api.get('renewals/summary')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    });
    await Promise.resolve();
    expect(ended).toEqual([]);
    answerList();
    await expect(list).resolves.toEqual({ list: true });
    await signOut;
    expect(server.requests.map((request) => request.url)).toEqual(['http://alta.test/api/v1/companies', 'http://alta.test/api/v1/logout']);
    // Signed in again later: calls leave as before.
    await expect(api.get('users/me')).resolves.toEqual({ me: true });
  });

  it('turns problem+json into an ApiError with code, field errors and retryAfter', async () => {
    const server = fakeServer(problem(400, 'validation', { errors: { email: ['validation.email'] } }), problem(429, 'rate_limited', { retryAfter: 42 }));
    const { api } = client(server);
    const validation = await api.post('users', { json: {} }).catch((error: unknown) => error);
    expect(validation).toBeInstanceOf(ApiError);
    expect(validation).toMatchObject({ status: 400, code: 'validation', errors: { email: ['validation.email'] } });
    await expect(api.post('login')).rejects.toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 42 });
  });

  it('announces a 4xx whose code the call expects, with the status and address the browser logs, and nothing else', async () => {
    const announced: unknown[] = [];
    const target = new EventTarget();
    target.addEventListener('alta:expected-answer', (event) => announced.push((event as CustomEvent).detail));
    vi.stubGlobal('window', target);
    try {
      const server = fakeServer(
        problem(401, 'invalid_credentials'),
        problem(400, 'validation'),
        problem(402, 'card_declined', { declineCode: 'generic_decline' }),
        problem(502, 'payment_failed'),
        problem(429, 'rate_limited', { retryAfter: 42 }),
      );
      const { api } = client(server);
      const expected = ['invalid_credentials', 'card_declined', 'payment_failed', 'rate_limited'] as const;
      await expect(api.post('login', { context: { public: true }, expected })).rejects.toMatchObject({ status: 401, code: 'invalid_credentials' });
      await expect(api.post('login', { context: { public: true }, expected })).rejects.toMatchObject({ status: 400, code: 'validation' });
      await expect(api.post('checkout/x/pay', { expected })).rejects.toMatchObject({
        status: 402,
        code: 'card_declined',
        details: { declineCode: 'generic_decline' },
      });
      // A 5xx is a fault even with an expected code; a call that expects nothing announces nothing.
      await expect(api.post('checkout/x/pay', { expected })).rejects.toMatchObject({ status: 502 });
      await expect(api.post('orders')).rejects.toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 42 });
      expect(announced).toEqual([
        { status: 401, url: 'http://alta.test/api/v1/login' },
        { status: 402, url: 'http://alta.test/api/v1/checkout/x/pay' },
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('answers a 200 as it is, whatever its body says (no answer is an error in disguise)', async () => {
    const server = fakeServer(json({ status: 'refused', code: 'card_declined' }));
    const { api } = client(server);
    await expect(api.post('checkout/x/pay')).resolves.toEqual({ status: 'refused', code: 'card_declined' });
  });

  it('keeps the payment details of a problem (decline code, support code, server amount) and drops ill-typed ones', async () => {
    const server = fakeServer(
      problem(402, 'card_declined', { declineCode: 'generic_decline', supportCode: 'PAY-1A2B3C4D' }),
      problem(409, 'price_mismatch', { amount: 49_900 }),
      problem(402, 'payment_failed', { declineCode: 7, supportCode: { x: 1 }, amount: '1' }),
    );
    const { api } = client(server);
    await expect(api.post('checkout/x/pay')).rejects.toMatchObject({ details: { declineCode: 'generic_decline', supportCode: 'PAY-1A2B3C4D' } });
    await expect(api.post('checkout/x/pay')).rejects.toMatchObject({ details: { amount: 49_900 } });
    await expect(api.post('checkout/x/pay')).rejects.toMatchObject({ code: 'payment_failed', details: {} });
  });

  it('sends per-call headers (Idempotency-Key, X-Checkout-Token)', async () => {
    const seen: Record<string, string | null> = {};
    const server = fakeServer((request) => {
      seen.key = request.headers.get('idempotency-key');
      seen.token = request.headers.get('x-checkout-token');
      return json({ status: 'succeeded' });
    });
    await client(server).api.post('checkout/x/pay', { json: {}, headers: { 'Idempotency-Key': 'k-12345678', 'X-Checkout-Token': 't' } });
    expect(seen).toEqual({ key: 'k-12345678', token: 't' });
  });

  it('reads the wait from Retry-After when the body has none', async () => {
    const server = fakeServer(problem(429, 'rate_limited', {}, { 'retry-after': '17' }));
    await expect(client(server).api.post('reset-password')).rejects.toMatchObject({ code: 'rate_limited', retryAfter: 17 });
  });

  it('keeps the status of an answer that is not problem+json', async () => {
    const server = fakeServer(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client(server).api.get('users/me')).rejects.toMatchObject({ status: 502, code: 'internal' });
  });

  it('reports an unreachable API as a NetworkError', async () => {
    const server = fakeServer(new TypeError('Failed to fetch'));
    await expect(client(server).api.get('users/me')).rejects.toBeInstanceOf(NetworkError);
  });

  it('refreshes the session once on a 401 and retries the call', async () => {
    const server = fakeServer(problem(401, 'unauthorized'), new Response(null, { status: 204 }), json({ id: 'me' }));
    const { api, onUnauthorized } = client(server);
    await expect(api.put('teammates', { json: { email: 'x@y.co' } })).resolves.toEqual({ id: 'me' });
    expect(server.requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'PUT /api/v1/teammates',
      'POST /api/v1/auth/refresh',
      'PUT /api/v1/teammates',
    ]);
    expect(JSON.parse(server.requests[2]!.body)).toEqual({ email: 'x@y.co' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends the browser to login when the refresh fails', async () => {
    const server = fakeServer(problem(401, 'unauthorized'), problem(401, 'unauthorized'));
    const { api, onUnauthorized } = client(server);
    await expect(api.get('renewals/summary')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(server.requests).toHaveLength(2);
  });

  it('sends the browser to login when the retried call is still 401', async () => {
    const server = fakeServer(problem(401, 'unauthorized'), new Response(null, { status: 204 }), problem(401, 'unauthorized'));
    const { api, onUnauthorized } = client(server);
    await expect(api.get('renewals/summary')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('lets a guard handle the final 401 itself', async () => {
    const server = fakeServer(problem(401, 'unauthorized'), problem(401, 'unauthorized'));
    const { api, onUnauthorized } = client(server);
    await expect(api.get('users/me', { context: { redirectOnUnauthorized: false } })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('never refreshes or redirects on a public call such as login (401 means wrong credentials)', async () => {
    const server = fakeServer(problem(401, 'invalid_credentials'));
    const { api, onUnauthorized } = client(server);
    await expect(api.post('login', { json: {}, context: { public: true } })).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(server.requests).toHaveLength(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s (the refresh token rotates)', async () => {
    let refreshes = 0;
    const answer = (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/auth/refresh')) {
        refreshes += 1;
        return new Response(null, { status: 204 });
      }
      return refreshes === 0 ? problem(401, 'unauthorized') : json({ path });
    };
    const server = fakeServer(answer, answer, answer, answer, answer);
    const { api } = client(server);
    const [a, b] = await Promise.all([api.get('a'), api.get('b')]);
    expect([a, b]).toEqual([{ path: '/api/v1/a' }, { path: '/api/v1/b' }]);
    expect(refreshes).toBe(1);
  });
});

describe('withRetry (SPEC §7)', () => {
  it('tries 3 times 1 s apart, then gives null', async () => {
    const sleep = vi.fn(async () => {});
    const task = vi.fn(async () => {
      throw new NetworkError('offline');
    });
    await expect(withRetry(task, { sleep })).resolves.toBeNull();
    expect(task).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[1000], [1000]]);
  });

  it('returns as soon as a try succeeds', async () => {
    const sleep = vi.fn(async () => {});
    const task = vi.fn().mockRejectedValueOnce(new ApiError(503, 'internal')).mockResolvedValueOnce('me');
    await expect(withRetry(task, { sleep })).resolves.toBe('me');
    expect(task).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it('does not retry an answer a retry cannot change (401), it throws it', async () => {
    const sleep = vi.fn(async () => {});
    const task = vi.fn().mockRejectedValue(new ApiError(401, 'unauthorized'));
    await expect(withRetry(task, { sleep })).rejects.toMatchObject({ status: 401 });
    expect(task).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('waits for real between tries by default', async () => {
    vi.useFakeTimers();
    try {
      const task = vi.fn().mockRejectedValueOnce(new NetworkError('offline')).mockResolvedValueOnce(1);
      const result = withRetry(task);
      await vi.advanceTimersByTimeAsync(999);
      expect(task).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('error messages (SPEC §8)', () => {
  it('maps each API code to its errors.<code> key', () => {
    expect(errorMessage(new ApiError(401, 'invalid_credentials'))).toEqual({ key: ['errors:invalid_credentials', 'errors:internal'] });
    expect(errorMessage(new ApiError(400, 'invalid_security_code'))).toEqual({ key: ['errors:invalid_security_code', 'errors:internal'] });
  });

  it('carries the wait of a rate limit', () => {
    expect(errorMessage(new ApiError(429, 'rate_limited', {}, 30))).toEqual({ key: 'errors:rate_limited', values: { seconds: 30 } });
  });

  it('falls back to the generic apology for unknown codes and unexpected failures', () => {
    expect(errorMessage(new ApiError(418, 'teapot'))).toEqual({ key: ['errors:teapot', 'errors:internal'] });
    expect(errorMessage(new ApiError(500, '../../__proto__'))).toEqual({ key: 'errors:internal' });
    expect(errorMessage(new Error('boom'))).toEqual({ key: 'errors:internal' });
    expect(errorMessage(new NetworkError('offline'))).toEqual({ key: 'errors:network' });
  });

  it('shows the apology when a code has no message of its own', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { errors: { internal: 'Sorry', card_declined: 'Declined' } } } });
    expect(i18n.t(errorMessage(new ApiError(402, 'card_declined')).key)).toBe('Declined');
    expect(i18n.t(errorMessage(new ApiError(418, 'teapot')).key)).toBe('Sorry');
  });

  it('reads `validation.x` as namespace validation, key x', () => {
    expect(messageKey('validation.passwordsMismatch')).toBe('validation:passwordsMismatch');
    expect(messageKey('errors.email_taken')).toBe('errors:email_taken');
    expect(messageKey('plain')).toBe('plain');
  });
});
