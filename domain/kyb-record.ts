import { z } from 'zod';

/**
 * The KYB as the draft, the submission and the bank-account screen carry it: the answers as an
 * opaque record. Apart from `kyb.ts`, whose form schemas check phones (`phone.ts`), because the
 * sync runtime checks every KYB draft and must not load the phone metadata (decision 071).
 */

/** POST /banking/companies/{id}/kyb: the draft that holds the answers (frozen on success) and the answers. */
export const kybSubmissionSchema = z.strictObject({
  draftId: z.uuid({ error: 'validation.invalid' }),
  kind: z.enum(['business', 'crypto']),
  form: z.record(z.string(), z.unknown()),
});
export type KybSubmission = z.infer<typeof kybSubmissionSchema>;

/** What a KYB draft holds: the answers so far and whether they were submitted (then read-only). */
export const kybDraftDataSchema = z.looseObject({
  kind: z.enum(['business', 'crypto']),
  form: z.record(z.string(), z.unknown()),
  submitted: z.boolean().optional(),
});
export type KybDraftData = z.infer<typeof kybDraftDataSchema>;

/** The company's submitted KYB, as the bank-account screen shows it (read-only). */
export const kybSubmittedSchema = z.object({
  kind: z.enum(['business', 'crypto']),
  form: z.record(z.string(), z.unknown()),
  submittedAt: z.string(),
});
export type KybSubmitted = z.infer<typeof kybSubmittedSchema>;
