import { problemCodes, type ProblemCode } from '@domain/problem';
import { ApiError, NetworkError } from './api';

/** An i18n key with its values, ready for `t(key, values)`. */
export interface Message {
  key: string;
  values?: Record<string, unknown>;
}

const isProblemCode = (code: string): code is ProblemCode => (problemCodes as readonly string[]).includes(code);

/**
 * The SPEC §8 message for a failed call, in the user's language: `errors:<code>` for the
 * API's stable codes, the wait for a rate limit, and the generic apology for anything else.
 */
export function errorMessage(error: unknown): Message {
  if (error instanceof ApiError) {
    if (error.code === 'rate_limited') return { key: 'errors:rate_limited', values: { seconds: error.retryAfter ?? 60 } };
    if (isProblemCode(error.code)) return { key: `errors:${error.code}` };
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
