import type { Hook } from '@hono/zod-openapi';
import { unstorablePath } from '@domain/text';
import type { AppEnv } from '../context';
import { fieldErrors, problemResponse, ProblemError } from './problem';

/** The 400 for input that breaks the text rule of domain/text.ts (strings, keys, nesting), or null. */
export function unstorableInput(data: unknown): ProblemError | null {
  const path = unstorablePath(data);
  return path ? new ProblemError(400, 'validation', { [path.length > 0 ? path.join('.') : '_']: ['validation.invalid'] }) : null;
}

/**
 * Every operation's input, after its zod schema: the zod issues, else the text rule over
 * everything zod let through, so no NUL, lone surrogate or hostile nesting reaches a text or
 * jsonb column, whatever a schema forgot. A push is the exception: its mutations' arguments
 * are refused one by one (decision 004), so one poison mutation cannot block a device's queue.
 */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (!result.success) return problemResponse(c, 400, 'validation', fieldErrors(result.error));
  if (result.target === 'json' && c.req.path === '/api/v1/sync/push') return;
  const refusal = unstorableInput(result.data);
  if (refusal) throw refusal;
};
