import { z } from 'zod';
import { languages } from './constants';
import { emailSchema } from './field-schemas';

/**
 * "Continue on another device" for a guest's wizard draft: the link carries the draft's id
 * and secret in the URL fragment (`/{lang}/continue#<id>.<secret>`), which browsers never
 * send to a server, so neither request logs nor referrers ever hold the secret.
 */

/** POST /api/v1/drafts/:id/email-link: where to send the link, and in which language. */
export const draftLinkMailSchema = z.strictObject({
  email: emailSchema,
  lang: z.enum(languages, { error: 'validation.invalid' }),
});
