import ky, { HTTPError, TimeoutError } from 'ky';
import { retry } from '@domain/constants';
import type { Problem, ProblemCode } from '@domain/problem';
import { apiBaseUrl } from './api-base-url';
import { sessionEnded } from './session-ended';

/**
 * Alta's one HTTP client. Cookies carry the session (no token is ever readable here), every
 * error answer is problem+json and becomes an `ApiError` with its HTTP status and stable
 * `code`; a protected call answered 401 refreshes the session once and is retried before
 * giving up. A call lists the codes its screen answers with a message (`expected`: a wrong
 * password, a declined card), and such an answer is announced as expected
 * (docs/decisions/056).
 */

/** An error answer of the API, parsed from its problem+json body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** The answer's HTTP status. */
    readonly status: number,
    readonly code: string,
    /** Field path → i18n message keys (`validation.*`). */
    readonly errors: Record<string, string[]> = {},
    /** Seconds to wait before trying again (429). */
    readonly retryAfter: number | null = null,
    /** Payment answers: the decline reason, the support code to quote (SPEC §8), the server's total (price_mismatch). */
    readonly details: ProblemDetails = {},
  ) {
    super(`API answered ${status} ${code}`);
  }
}

export type ProblemDetails = Partial<Pick<Problem, 'declineCode' | 'supportCode' | 'amount' | 'attemptsRemaining'>>;

/** The API could not be reached (offline, DNS, server down, timeout). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export interface CallContext extends Record<string, unknown> {
  /**
   * Calls whose 401 means "wrong credentials" (login), not "session expired": no refresh,
   * no redirect.
   */
  public?: boolean;
  /** The caller handles a final 401 itself (the route guards), instead of the global redirect. */
  redirectOnUnauthorized?: boolean;
}

export interface CallOptions {
  json?: unknown;
  /** Per-call headers (the checkout's `Idempotency-Key` and `X-Checkout-Token`). */
  headers?: Record<string, string>;
  searchParams?: Record<string, string | number | boolean | undefined>;
  context?: CallContext;
  signal?: AbortSignal;
  /**
   * The problem codes this call's screen answers with a message: the "no" a person meets in
   * normal use (a wrong password, a declined card, a dead link, a rate limit), not a fault.
   */
  expected?: readonly ProblemCode[];
}

export interface ApiClientOptions {
  prefixUrl: string;
  fetch?: typeof fetch;
  /** Called when a protected call is still 401 after a refresh attempt. */
  onUnauthorized?: () => void;
  timeoutMs?: number;
}

export function createApiClient(options: ApiClientOptions) {
  const { onUnauthorized } = options;
  let refreshing: Promise<boolean> | null = null;

  // Concurrent 401s share one refresh: the server rotates the refresh token, so a second
  // parallel refresh with the old token would be treated as reuse and revoke the session.
  const refreshSession = () =>
    (refreshing ??= ky
      .post('auth/refresh', {
        prefixUrl: options.prefixUrl,
        credentials: 'include',
        fetch: options.fetch,
        retry: 0,
        throwHttpErrors: false,
      })
      .then(
        (response) => response.ok,
        () => false,
      )
      .finally(() => {
        refreshing = null;
      }));

  const http = ky.create({
    prefixUrl: options.prefixUrl,
    credentials: 'include',
    fetch: options.fetch,
    timeout: options.timeoutMs ?? 20_000,
    // Only the forced retry after a refresh; the SPEC's retry policy is explicit (`withRetry`).
    retry: { limit: 1, shouldRetry: () => false },
    hooks: {
      afterResponse: [
        async (_request, requestOptions, response, state) => {
          const context = requestOptions.context as CallContext;
          if (response.status !== 401 || context.public) return;
          if (state.retryCount === 0 && (await refreshSession())) {
            return ky.retry({ delay: 0, code: 'SESSION_REFRESHED' });
          }
          if (context.redirectOnUnauthorized !== false) onUnauthorized?.();
        },
      ],
    },
  });

  // The calls on their way, so a sign-out can let them be answered before it ends the session.
  const inFlight = new Set<Promise<unknown>>();
  // While a sign-out ends the session, protected calls stay on the device (see `endingSession`).
  let ending = false;
  function send<T>(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, call: CallOptions = {}): Promise<T> {
    if (ending && !call.context?.public) return Promise.reject(new ApiError(401, 'unauthorized'));
    const call$ = sendNow<T>(method, path, call);
    inFlight.add(call$);
    const done = () => inFlight.delete(call$);
    call$.then(done, done);
    return call$;
  }

  async function sendNow<T>(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, call: CallOptions): Promise<T> {
    let response: Response;
    try {
      response = await http(path, {
        method,
        json: call.json,
        headers: call.headers,
        searchParams: call.searchParams as Record<string, string | number | boolean> | undefined,
        context: call.context ?? {},
        signal: call.signal,
      });
    } catch (error) {
      const failure = await toApiError(error);
      if (error instanceof HTTPError && failure instanceof ApiError && failure.status < 500 && call.expected?.some((code) => code === failure.code)) {
        announceExpected(failure.status, error.request.url);
      }
      throw failure;
    }
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    get: <T>(path: string, call?: CallOptions) => send<T>('get', path, call),
    post: <T>(path: string, call?: CallOptions) => send<T>('post', path, call),
    put: <T>(path: string, call?: CallOptions) => send<T>('put', path, call),
    patch: <T>(path: string, call?: CallOptions) => send<T>('patch', path, call),
    delete: <T>(path: string, call?: CallOptions) => send<T>('delete', path, call),
    /**
     * Sign-out: the calls on their way are answered first (or `capMs` passes), then `end` runs.
     * Until it has, a protected call asked for meanwhile (a screen refreshing as the connection
     * comes back, or as its answers are forgotten) is refused here as 401, rather than reaching
     * the server after the logout.
     */
    endingSession: async <T>(capMs: number, end: () => Promise<T>): Promise<T> => {
      ending = true;
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, capMs))]);
      return end().finally(() => (ending = false));
    },
  };
}

/**
 * The shape of `problemSchema` (domain/problem.ts), checked by hand: this client is part of
 * every page, and zod would triple the public pages' JavaScript.
 */
function isProblem(value: unknown): value is Problem {
  if (typeof value !== 'object' || value === null) return false;
  const { status, code, errors, retryAfter } = value as Record<string, unknown>;
  const errorsOk =
    errors === undefined ||
    (typeof errors === 'object' &&
      errors !== null &&
      Object.values(errors).every((keys) => Array.isArray(keys) && keys.every((key) => typeof key === 'string')));
  return Number.isInteger(status) && typeof code === 'string' && errorsOk && (retryAfter === undefined || typeof retryAfter === 'number');
}

/**
 * Chromium logs every 4xx as "Failed to load resource", which no page can prevent. The answer
 * a screen expected is announced on `window` as `alta:expected-answer` with the status and
 * address the browser logged, so the browser tests' console check (tests/e2e/support/test.ts)
 * tells it from a fault. Nothing listens in production.
 */
function announceExpected(status: number, url: string) {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent('alta:expected-answer', { detail: { status, url } }));
}

/** The payment fields of a problem, kept only when they have the documented types. */
function problemDetails({
  declineCode,
  supportCode,
  amount,
  attemptsRemaining,
}: Pick<Problem, 'declineCode' | 'supportCode' | 'amount' | 'attemptsRemaining'>): ProblemDetails {
  return {
    ...(typeof declineCode === 'string' && { declineCode }),
    ...(typeof supportCode === 'string' && { supportCode }),
    ...(Number.isInteger(amount) && { amount }),
    ...(Number.isInteger(attemptsRemaining) && { attemptsRemaining }),
  };
}

/** Turns whatever ky threw into an `ApiError` (problem+json) or a `NetworkError`. */
export async function toApiError(error: unknown): Promise<unknown> {
  if (error instanceof HTTPError) {
    const { response } = error;
    const header = Number(response.headers.get('retry-after'));
    const fromHeader = Number.isFinite(header) && header > 0 ? header : null;
    try {
      const problem: unknown = await response.clone().json();
      if (isProblem(problem)) {
        const { status, code, errors, retryAfter } = problem;
        return new ApiError(status, code, errors ?? {}, retryAfter ?? fromHeader, problemDetails(problem));
      }
    } catch {
      // Not JSON (a proxy's HTML error page): fall through to the status alone.
    }
    return new ApiError(response.status, response.status >= 500 ? 'internal' : 'unknown', {}, fromHeader);
  }
  if (error instanceof TimeoutError) return new NetworkError('The API did not answer in time', { cause: error });
  // fetch rejects with a TypeError when the network is down or the host unreachable.
  if (error instanceof TypeError) return new NetworkError('The API is unreachable', { cause: error });
  return error;
}

/** True for failures another attempt might fix: no network, a timeout, or a 5xx answer. */
export const isTransient = (error: unknown) => error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);

export interface RetryPolicy {
  tries?: number;
  delayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The SPEC §7 policy for the "retried" calls: up to 3 tries 1 s apart, then null. Answers a
 * retry cannot change (4xx such as 401) are thrown at once, so the caller can tell "signed
 * out" from "unreachable".
 */
export async function withRetry<T>(task: () => Promise<T>, policy: RetryPolicy = {}): Promise<T | null> {
  const { tries = retry.tries, delayMs = retry.delayMs, sleep = wait } = policy;
  for (let attempt = 1; attempt <= tries; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (!isTransient(error)) throw error;
      if (attempt < tries) await sleep(delayMs);
    }
  }
  return null;
}

export { apiBaseUrl };

/** The app's client. What a final 401 does is set at start-up (main.tsx, `onSessionEnded`): go to login. */
export const api = createApiClient({ prefixUrl: apiBaseUrl, onUnauthorized: sessionEnded });
