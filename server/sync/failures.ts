import { isMutationRejection } from '@sync/mutator';
import type { RejectionCode } from '@sync/protocol';

/**
 * SQLSTATE classes of failures that another attempt may not meet: lost connection (08),
 * serialization failure or deadlock (40), insufficient resources (53), operator intervention
 * such as a cancelled statement or a shutdown (57), lock not available (55P03).
 */
const transientStates = /^(08|40|53|57)|^55P03$/;
/** Node socket errors of a lost database connection. */
const transientErrnos = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

function databaseCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * What a failure while running a mutation means. `transient`: stop the batch, the client
 * retries with backoff. Anything else is permanent, so the mutation is skipped with a reason
 * code instead of wedging the queue behind it: integrity or data errors (23, 22) mean the
 * arguments do not fit the stored data (`invalid`); an unexpected error is `internal` (logged).
 */
export function classifyFailure(error: unknown): 'transient' | RejectionCode {
  if (isMutationRejection(error)) return error.code;
  const code = databaseCode(error);
  if (code && (transientStates.test(code) || transientErrnos.has(code))) return 'transient';
  if (code && /^(22|23)/.test(code)) return 'invalid';
  return 'internal';
}
