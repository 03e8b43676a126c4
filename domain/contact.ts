import { z } from 'zod';
import { languageSchema } from './account';
import { emailSchema } from './field-schemas';

/** Longest name, message the contact form accepts (long enough for any real message, short enough to keep abuse cheap). */
export const contactLimits = { nameMax: 100, messageMax: 5000 } as const;

/**
 * POST /api/v1/contact and the contact form (SPEC §5: name, valid email and message
 * required). Messages are i18n keys (namespace `validation`).
 */
export const contactMessageSchema = z.strictObject({
  name: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(contactLimits.nameMax, { error: 'validation.tooLong' }),
  email: emailSchema,
  message: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(contactLimits.messageMax, { error: 'validation.tooLong' }),
  /** The page's language: the team answers in it. */
  language: languageSchema,
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** The answer to a stored contact message. */
export const contactReceiptSchema = z.object({ id: z.uuid(), status: z.literal('received') });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
