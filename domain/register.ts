import { z } from 'zod';
import { attributionSchema, languageSchema, passwordSchema } from './account';
import { phoneSchema } from './phone';
import { emailSchema, personNameSchema } from './field-schemas';

/** Creating an account (SPEC §5): apart from `account.ts` because it has a phone field (`phone.ts`). */

/** POST /api/v1/users. Either a password or a Google ID token. */
export const registerSchema = z
  .strictObject({
    firstName: personNameSchema,
    lastName: personNameSchema,
    email: emailSchema,
    phone: phoneSchema.optional(),
    password: passwordSchema.optional(),
    googleId: z.string().max(200).optional(),
    token: z.string().max(4096).optional(),
    companyDraftId: z.uuid({ error: 'validation.invalid' }).optional(),
    language: languageSchema.default('es'),
    acceptTerms: z.literal(true, { error: 'validation.acceptTerms' }),
    attribution: attributionSchema.optional(),
  })
  .refine((body) => body.password !== undefined || body.token !== undefined, {
    error: 'validation.required',
    path: ['password'],
  })
  // A Google account has no password: sending both is ambiguous, so it is refused rather than guessed.
  .refine((body) => body.password === undefined || body.token === undefined, {
    error: 'validation.invalid',
    path: ['token'],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

/** The create-account form: the API body plus a repeated password that must match. */
export const registerFormSchema = z
  .strictObject({
    firstName: personNameSchema,
    lastName: personNameSchema,
    email: emailSchema,
    phone: phoneSchema,
    password: passwordSchema,
    repeatPassword: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
    acceptTerms: z.literal(true, { error: 'validation.acceptTerms' }),
  })
  .refine((form) => form.password === form.repeatPassword, {
    error: 'validation.passwordsMismatch',
    path: ['repeatPassword'],
  });
