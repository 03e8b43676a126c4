import { ApiError, NetworkError } from './api';

/**
 * An i18n key (or keys, the first that exists wins) with its values, ready for
 * `t(key, values)`.
 */
export interface Message {
  key: string | string[];
  values?: Record<string, unknown>;
}

/**
 * The SPEC §8 message for a failed call, in the user's language: `errors:<code>` for the
 * API's stable codes, the wait for a rate limit, and the generic apology for anything else.
 * Codes are not checked against `problemCodes` here (that module brings zod onto every page
 * with an error message); the locale test guarantees each code has its message, and an
 * unknown one falls back to the apology.
 */
export function errorMessage(error: unknown): Message {
  if (error instanceof ApiError) {
    if (error.code === 'rate_limited') return { key: 'errors:rate_limited', values: { seconds: error.retryAfter ?? 60 } };
    if (/^[a-z][a-z0-9_]*$/.test(error.code)) return { key: [`errors:${error.code}`, 'errors:internal'] };
    return { key: 'errors:internal' };
  }
  if (error instanceof NetworkError) return { key: 'errors:network' };
  return { key: 'errors:internal' };
}

/**
 * Domain and server messages are written `validation.password` / `errors.rate_limited`: the
 * first segment is the i18next namespace.
 */
export function messageKey(key: string): string {
  const dot = key.indexOf('.');
  return dot > 0 ? `${key.slice(0, dot)}:${key.slice(dot + 1)}` : key;
}
