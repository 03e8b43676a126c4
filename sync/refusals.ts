/**
 * How a mutator says no: for good (`reject`), or not yet (`defer`). Apart from the mutators and
 * their schemas (`mutator.ts`), so a screen can tell a refusal from a failure without zod.
 */
import type { RejectionCode } from './protocol';

/** A permanent refusal: the server will never apply the mutation, whatever the retries. */
export class MutationRejection extends Error {
  constructor(readonly code: RejectionCode) {
    super(`mutation rejected: ${code}`);
    this.name = 'MutationRejection';
  }
}

/** Refuses the mutation for good with a reason code the user sees translated. */
export function reject(code: RejectionCode): never {
  throw new MutationRejection(code);
}

/**
 * Not yet: the server takes this mutation later instead of refusing it (decision 054). For a
 * rule about time that is not about the data, such as the SPEC §9 import cooldown: the device
 * let the person act and showed the result, and a push arrives whenever the network lets it,
 * so refusing by the time of arrival would take back what the person saw succeed. The push
 * stops before the mutation (the ones before it are applied) and answers 429 with
 * Retry-After; the device waits and sends it again, with everything queued after it.
 */
export class MutationDeferral extends Error {
  constructor(readonly seconds: number) {
    super(`mutation deferred for ${seconds} s`);
    this.name = 'MutationDeferral';
  }
}

/** Asks the server to take the mutation again in `seconds` (server side only: the device never defers). */
export function defer(seconds: number): never {
  throw new MutationDeferral(Math.max(1, Math.ceil(seconds)));
}

export const isMutationDeferral = (error: unknown): error is MutationDeferral => error instanceof MutationDeferral;

/** True for a permanent rejection (as opposed to a failure worth retrying). */
export const isMutationRejection = (error: unknown): error is MutationRejection => error instanceof MutationRejection;
