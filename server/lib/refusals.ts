import type { MiddlewareHandler } from 'hono';
import { z } from '@hono/zod-openapi';
import { refusalSchema, type Problem, type ProblemCode, type Refusal } from '@domain/problem';

/**
 * Route middleware (docs/decisions/021): the route's problem answers with one of `codes` (the
 * "no" a user meets in normal use: a wrong password, a declined card, a dead link, a rate
 * limit) go out as 200 `{ status: 'refused', code, … }` with the problem's other fields, so
 * the browser logs no failed request. Whatever refused the request (the handler, a rate
 * limit before it) stays as it was: this only changes how the answer is written. Malformed
 * input, missing sessions and server faults keep their 4xx and 5xx. List it before the
 * middleware whose refusals it rewrites.
 */
export function answerRefusals(...codes: ProblemCode[]): MiddlewareHandler {
  const refused = new Set<string>(codes);
  return async (c, next) => {
    await next();
    const answer = c.res;
    if (answer.status < 400 || answer.status >= 500 || !answer.headers.get('content-type')?.startsWith('application/problem+json')) return;
    const { type: _type, title: _title, status: _status, ...problem } = (await answer.clone().json()) as Problem;
    if (!refused.has(problem.code)) return;
    const refusal: Refusal = { ...problem, status: 'refused' };
    c.res = new Response(JSON.stringify(refusal), { status: 200, headers: { 'Content-Type': 'application/json' } });
    c.res.headers.delete('content-length');
  };
}

const codeList = (codes: readonly string[]) => codes.map((code) => `\`${code}\``).join(', ');

/** The OpenAPI 200 entry of a route whose success is another status: only its refusals answer 200. */
export const refusalResponse = (codes: readonly ProblemCode[]) => ({
  description: `Refused (decision 021): \`{ status: "refused", code }\` with ${codeList(codes)}`,
  content: { 'application/json': { schema: refusalSchema } },
});

/** The OpenAPI 200 entry of a route that answers 200 on success: its answer, or one of its refusals. */
export const answerOrRefusal = <T extends z.ZodType>(description: string, schema: T, codes: readonly ProblemCode[]) => ({
  description: `${description}; or refused (decision 021): \`{ status: "refused", code }\` with ${codeList(codes)}`,
  content: { 'application/json': { schema: z.union([schema, refusalSchema]) } },
});
