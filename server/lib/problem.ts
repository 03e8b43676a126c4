import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import type { Problem, ProblemCode } from '@domain/problem';
import { logError } from './log-error';

/** An error that becomes an RFC 9457 problem+json response with a stable `code`. */
export class ProblemError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ProblemCode,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    detail?: string,
  ) {
    super(detail ?? code);
  }
}

const titles: Partial<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export function problemBody(status: number, code: string, errors?: Record<string, string[]>, detail?: string): Problem {
  return {
    type: `https://alta.app/problems/${code}`,
    title: titles[status] ?? 'Error',
    status,
    code,
    ...(detail ? { detail } : {}),
    ...(errors ? { errors } : {}),
  };
}

export function problemResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  errors?: Record<string, string[]>,
  headers?: Record<string, string>,
  detail?: string,
) {
  for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value);
  const body = problemBody(status, code, errors, detail);
  // The body repeats Retry-After so a client reading only JSON can still show the wait.
  if (headers?.['Retry-After']) body.retryAfter = Number(headers['Retry-After']);
  if (headers?.['X-Attempts-Remaining']) body.attemptsRemaining = Number(headers['X-Attempts-Remaining']);
  return c.body(JSON.stringify(body), status, {
    'Content-Type': 'application/problem+json',
  });
}

/** A stale price: the answer tells the client the server's total (`amount`), so it can show the right price. */
export function priceMismatch(c: Context, amount: number): never {
  return c.body(JSON.stringify({ ...problemBody(409, 'price_mismatch'), amount }), 409, { 'Content-Type': 'application/problem+json' }) as never;
}

/** Field path → message keys, from a zod error; `_` holds errors about the whole object. */
export function fieldErrors(error: ZodError): Record<string, string[]> {
  // No prototype: a hostile field named "__proto__" must become an entry, not reach Object.prototype.
  const errors = Object.create(null) as Record<string, string[]>;
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    // Unknown keys are reported on each key, so a client sees exactly which field it must not send.
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...issue.path, k].join('.')) : [key];
    const message = issue.code === 'unrecognized_keys' ? 'validation.unknownField' : issue.message;
    // Message keys of a catalog (`validation.*`, or a feature's own `banking.validation.*`, `kyb.validation.*`) pass; any other text does not.
    const normalised =
      message.startsWith('validation.') || message.startsWith('banking.validation.') || message.startsWith('kyb.validation.') ? message : 'validation.invalid';
    for (const k of keys) (errors[k] ??= []).push(normalised);
  }
  return errors;
}

/** The app's onError: ProblemError and HTTPException keep their status; anything else is a logged 500. */
export function handleError(error: Error, c: Context) {
  if (error instanceof ProblemError) {
    return problemResponse(c, error.status, error.code, error.errors, error.headers);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const code =
      status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : status === 404 ? 'not_found' : status === 413 ? 'payload_too_large' : 'validation';
    return problemResponse(c, status, code);
  }
  logError('unhandled error', { requestId: c.get('requestId'), path: c.req.path }, error);
  return problemResponse(c, 500, 'internal');
}
