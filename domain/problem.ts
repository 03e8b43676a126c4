import { z } from 'zod';

/**
 * Stable error codes of Alta's API (RFC 9457 problem+json `code`). The client maps each
 * code to the SPEC §8 message in the user's language (`errors.<code>` in the locales).
 */
export const problemCodes = [
  'validation',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'invalid_credentials',
  'invalid_security_code',
  'user_blocked',
  'password_change_required',
  'email_taken',
  'admin_email_reserved',
  'google_auth_failed',
  'google_account_not_found',
  'origin_rejected',
  'payload_too_large',
  'sync_client_outdated',
  'sync_mutation_gap',
  'sync_unavailable',
  'internal',
] as const;
export type ProblemCode = (typeof problemCodes)[number];

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  detail: z.string().optional(),
  /** Field path → i18n message keys. */
  errors: z.record(z.string(), z.array(z.string())).optional(),
  retryAfter: z.number().optional(),
});
export type Problem = z.infer<typeof problemSchema>;
