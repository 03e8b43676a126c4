import { z } from 'zod';

/**
 * A wizard draft: one store for every wizard (company creation and migration, cross-border
 * crypto, KYB, tax form). Saved locally on every change, synced when signed in, so a wizard
 * can be resumed on another device. A guest's company draft is linked to the new account
 * at registration through `companyDraftId`.
 */

export const draftKinds = ['companyCreation', 'companyMigration', 'crossBorderCrypto', 'kyb', 'taxForm'] as const;
export type DraftKind = (typeof draftKinds)[number];

/** Kinds a guest may start before having an account (the guest-only wizards of SPEC §2). */
export const guestDraftKinds = ['companyCreation', 'companyMigration', 'crossBorderCrypto'] as const satisfies readonly DraftKind[];

/** Serialized size limit of a draft's data: wizards hold form values, never files. */
export const draftDataMaxChars = 200_000;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Plain JSON data (no functions, no class instances, finite numbers), at most 64 levels deep. */
export function isJsonValue(value: unknown, depth = 0): value is JsonValue {
  if (depth > 64) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  if (typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every((item) => isJsonValue(item, depth + 1));
}

// Not z.json(): its recursive definition sends the OpenAPI generator into endless recursion.
const jsonValueSchema = z.unknown().refine(isJsonValue, { error: 'validation.invalid' }) as z.ZodType<JsonValue>;

/**
 * The size is measured only once every value passed `isJsonValue`: stringifying data nested
 * thousands of levels deep (which the depth rule refuses) would overflow the stack.
 */
export const draftDataSchema = z
  .record(z.string().max(200), jsonValueSchema)
  .refine((data) => JSON.stringify(data).length <= draftDataMaxChars, { error: 'validation.tooLarge', when: (payload) => payload.issues.length === 0 });

export const draftSchema = z.strictObject({
  id: z.uuid({ error: 'validation.invalid' }),
  kind: z.enum(draftKinds, { error: 'validation.invalid' }),
  /** The company the wizard is about (KYB, tax form); null for wizards that create one. */
  companyId: z.uuid({ error: 'validation.invalid' }).nullable(),
  /** The wizard's current step (create company counts from 1, KYB from 0). */
  step: z.int().min(0).max(100),
  data: draftDataSchema,
  /** When the user last changed it, as the device saw it: shown to the user, never used for ordering. */
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Draft = z.infer<typeof draftSchema>;

/** A guest draft's secret: random base64url made by the device, the only key to its server copy. */
export const draftSecretSchema = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, { error: 'validation.invalid' });

/** PUT /api/v1/drafts/:id (guest upload): the draft without its id, plus the per-draft secret. */
export const guestDraftUploadSchema = z.strictObject({
  secret: draftSecretSchema,
  kind: z.enum(guestDraftKinds, { error: 'validation.invalid' }),
  step: draftSchema.shape.step,
  data: draftDataSchema,
  updatedAt: draftSchema.shape.updatedAt,
});
export type GuestDraftUpload = z.infer<typeof guestDraftUploadSchema>;

/**
 * PUT /api/v1/drafts/:id's answer: the version the server stamped on the upload with its own
 * clock. Devices compare these, never their own clocks (docs/decisions/012).
 */
export const guestDraftSavedSchema = z.strictObject({ updatedAt: draftSchema.shape.updatedAt });

/** GET /api/v1/drafts/:id (continue on another device): a guest's draft as the server holds it. */
export const guestDraftSchema = z.strictObject({
  id: draftSchema.shape.id,
  kind: z.enum(guestDraftKinds, { error: 'validation.invalid' }),
  step: draftSchema.shape.step,
  data: draftDataSchema,
  updatedAt: draftSchema.shape.updatedAt,
});
export type GuestDraft = z.infer<typeof guestDraftSchema>;
