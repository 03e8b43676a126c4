import { z } from 'zod';
import { storableTextSchema, unstorablePath } from './text';
import type { JsonValue } from './draft-changes';

/**
 * A wizard draft: one store for every wizard (company creation and migration, cross-border
 * crypto, KYB, tax form). Saved locally on every change, synced when signed in, so a wizard
 * can be resumed on another device. A guest's company draft is linked to the new account
 * at registration through `companyDraftId`.
 */

export { applyDraftChanges, draftChanges, storedDraftData, type JsonValue } from './draft-changes';

export const draftKinds = ['companyCreation', 'companyMigration', 'crossBorderCrypto', 'kyb', 'taxForm', 'boiReport'] as const;
export type DraftKind = (typeof draftKinds)[number];

/** Kinds a guest may start before having an account (the guest-only wizards of SPEC §2). */
export const guestDraftKinds = ['companyCreation', 'companyMigration', 'crossBorderCrypto'] as const satisfies readonly DraftKind[];

/** Serialized size limit of a draft's data: wizards hold form values, never files. */
export const draftDataMaxChars = 200_000;

/**
 * Plain JSON data (no functions, no class instances, finite numbers), at most `maxInputDepth`
 * levels deep, every string and key storable (domain/text.ts). Walks with an explicit stack:
 * hostile nesting is refused without using the call stack.
 */
export function isJsonValue(value: unknown): value is JsonValue {
  if (unstorablePath(value) !== null) return false;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current === 'string' || typeof current === 'boolean') continue;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return false;
      continue;
    }
    if (typeof current !== 'object') return false;
    const prototype: unknown = Object.getPrototypeOf(current);
    if (!Array.isArray(current) && prototype !== Object.prototype && prototype !== null) return false;
    // One by one: spreading a huge array into push() would overflow the argument limit.
    for (const item of Object.values(current)) stack.push(item);
  }
  return true;
}

// Not z.json(): its recursive definition sends the OpenAPI generator into endless recursion.
const jsonValueSchema = z.unknown().refine(isJsonValue, { error: 'validation.invalid' }) as z.ZodType<JsonValue>;

/**
 * The size is measured only once every value passed `isJsonValue`: stringifying data nested
 * thousands of levels deep (which the depth rule refuses) would overflow the stack.
 */
export const draftDataSchema = z
  .record(storableTextSchema().max(200), jsonValueSchema)
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

/**
 * One field of a draft's data set or removed: `path` walks nested objects from the top (an
 * array is one field, replaced whole); without `value` the field is removed. Drafts change by
 * fields so that two devices editing different fields of one draft both keep their edits.
 */
export const draftFieldChangeSchema = z.strictObject({
  // `__proto__` would reach the object's prototype instead of a field when applied.
  path: z
    .array(
      storableTextSchema()
        .max(200)
        .refine((key) => key !== '__proto__', { error: 'validation.invalid' }),
    )
    .min(1)
    .max(16),
  value: jsonValueSchema.optional(),
});
export type DraftFieldChange = z.infer<typeof draftFieldChangeSchema>;

/**
 * What one change of a wizard sends (the `changeDraft` mutation): the fields it changed, and the
 * step when it moved. Applied on top of the draft as it is where it runs (the server's, or the
 * device's after a pull), so each field keeps the last change that reached the server.
 */
export const draftPatchSchema = z.strictObject({
  id: draftSchema.shape.id,
  kind: draftSchema.shape.kind,
  companyId: draftSchema.shape.companyId,
  /** The step, when this change moved it (or created the draft). */
  step: draftSchema.shape.step.optional(),
  changes: z.array(draftFieldChangeSchema).max(1000),
  updatedAt: draftSchema.shape.updatedAt,
});
export type DraftPatch = z.infer<typeof draftPatchSchema>;

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
