import { z } from 'zod';
import { languages } from './constants';
import { emailSchema } from './field-schemas';

/**
 * Account rules of SPEC §5. Every message is an i18n key (namespace `validation`),
 * so the same rule speaks es, en and pt in the form and in the server's problem+json.
 */

/** At least 8 characters with upper case, lower case, a digit and one of !@#*?$. */
export const passwordSchema = z
  .string({ error: 'validation.required' })
  // abort: an empty field says only "required", not also what a filled one would lack.
  .min(1, { error: 'validation.required', abort: true })
  .max(128, { error: 'validation.passwordTooLong' })
  .refine((value) => value.length >= 8 && /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value) && /[!@#*?$]/.test(value), {
    error: 'validation.password',
  });

export const securityCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^\d{6}$/, { error: 'validation.securityCode' });

export const languageSchema = z.enum(languages);

export const attributionSchema = z.strictObject({
  utmSource: z.string().max(200).optional(),
  utmCampaign: z.string().max(200).optional(),
  originPath: z.string().max(500).optional(),
  fbclid: z.string().max(500).optional(),
});
export type Attribution = z.infer<typeof attributionSchema>;

/** POST /api/v1/login: email and password, or a Google ID token. */
export const loginSchema = z
  .strictObject({
    email: emailSchema.optional(),
    password: z.string().max(128).optional(),
    googleId: z.string().max(200).optional(),
    token: z.string().max(4096).optional(),
    /** The code mailed when failed attempts locked the account (`login_code_required`). */
    code: securityCodeSchema.optional(),
  })
  .refine((body) => body.token !== undefined || (body.email !== undefined && !!body.password), {
    error: 'validation.required',
    path: ['password'],
  });
export type LoginInput = z.infer<typeof loginSchema>;

export const loginFormSchema = z.strictObject({
  email: emailSchema,
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
});

/** POST /api/v1/reset-password */
export const resetRequestSchema = z.strictObject({ email: emailSchema, language: languageSchema.optional() });

/** PUT /api/v1/reset-password/confirm */
export const resetConfirmSchema = z.strictObject({
  email: emailSchema,
  code: securityCodeSchema,
  newPassword: passwordSchema,
});

export const resetConfirmFormSchema = resetConfirmSchema
  .extend({ repeatPassword: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }) })
  .refine((form) => form.newPassword === form.repeatPassword, {
    error: 'validation.passwordsMismatch',
    path: ['repeatPassword'],
  });

/** PUT /api/v1/reset-password/temporary-confirm: `cognitoSession` is the challenge login returned. */
export const temporaryConfirmSchema = z.strictObject({
  email: emailSchema,
  newPassword: passwordSchema,
  cognitoSession: z.string().min(1, { error: 'validation.required' }).max(512),
});

/** The new-password form of a temporary-password account: the new password and its repetition. */
export const temporaryConfirmFormSchema = z
  .strictObject({
    newPassword: passwordSchema,
    repeatPassword: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  })
  .refine((form) => form.newPassword === form.repeatPassword, {
    error: 'validation.passwordsMismatch',
    path: ['repeatPassword'],
  });

export const userStatuses = ['active', 'blocked'] as const;
export const userRoles = ['user', 'admin'] as const;

/** The admin acting as a user ("log in as user"); the client shows a banner while it is set. */
export const impersonatorSchema = z.object({ id: z.uuid(), email: z.string() });

/** POST /api/v1/users/me/email-verification/confirm: the `<id>.<secret>` of the mailed link. */
export const emailVerificationConfirmSchema = z.strictObject({ link: z.string().min(1, { error: 'validation.required' }).max(300) });

/** The answer of a proven email: the companies of the paid orders that came with it. */
export const emailVerifiedSchema = z.object({ claimedCompanyIds: z.array(z.uuid()) });
export type EmailVerified = z.infer<typeof emailVerifiedSchema>;

/** The signed-in user as GET /api/v1/users/me returns it. */
export const userSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(userStatuses),
  role: z.enum(userRoles),
  language: languageSchema,
  companies: z.array(z.uuid()),
  /** Whether the account proved its email (decision 017): paid orders of that email follow it only then. */
  emailVerified: z.boolean(),
  createdAt: z.string(),
  intercomUserHash: z.string().nullable(),
  impersonatedBy: impersonatorSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

/** Register, login, temporary-confirm and login-as-user answer with the signed-in user. */
export const sessionResponseSchema = z.object({ status: z.literal('ok'), data: userSchema });

/** Login of a temporary-password account: no session yet, only a single-use challenge for temporary-confirm. */
export const newPasswordRequiredSchema = z.object({
  status: z.literal('NEW_PASSWORD_REQUIRED'),
  data: z.object({ cognitoSession: z.string() }),
});

export const loginResponseSchema = z.discriminatedUnion('status', [sessionResponseSchema, newPasswordRequiredSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/v1/reset-password always answers this, whether or not the account exists. */
export const resetRequestResponseSchema = z.object({ status: z.literal('ok') });

/** POST /api/v1/admin/login-as-user */
export const loginAsUserSchema = z.strictObject({ userId: z.uuid({ error: 'validation.invalid' }) });

/** The placeholder account name SPEC §5 mentions. */
export const isPlaceholderUser = (user: Pick<User, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim().toLowerCase() === 'generic user';

/** SPEC §5: "a helper checks a string is longer than 4 characters". */
export const isLongerThanFour = (value: string | null | undefined) => (value ?? '').trim().length > 4;
