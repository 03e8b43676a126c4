import { problemSchema } from '@domain/problem';

const descriptions: Record<400 | 401 | 403 | 404 | 409 | 429, string> = {
  400: 'Invalid input (`validation`, per-field `errors`) or a refused value (see `code`)',
  401: 'Not signed in, or the credentials were refused (see `code`)',
  403: 'Signed in but not allowed (see `code`)',
  404: 'Not found',
  409: 'Conflicts with existing data (see `code`)',
  429: 'Too many attempts: wait `retryAfter` seconds (also in the Retry-After header)',
};

/** One OpenAPI response entry answering problem+json, described for this route. */
export const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: problemSchema } } });

/** OpenAPI entries for the problem+json answers a route can give, to spread into `responses`. */
export function problemResponses<const S extends readonly (400 | 401 | 403 | 404 | 409 | 429)[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, problem(descriptions[status])])) as {
    [K in S[number]]: { description: string; content: { 'application/problem+json': { schema: typeof problemSchema } } };
  };
}
