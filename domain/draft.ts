import { z } from 'zod';
import { storableTextSchema, unstorablePath } from './text';

/**
 * A wizard draft: one store for every wizard (company creation and migration, cross-border
 * crypto, KYB, tax form). Saved locally on every change, synced when signed in, so a wizard
 * can be resumed on another device. A guest's company draft is linked to the new account
 * at registration through `companyDraftId`.
 */

export const draftKinds = ['companyCreation', 'companyMigration', 'crossBorderCrypto', 'kyb', 'taxForm', 'boiReport'] as const;
export type DraftKind = (typeof draftKinds)[number];

/** Kinds a guest may start before having an account (the guest-only wizards of SPEC §2). */
export const guestDraftKinds = ['companyCreation', 'companyMigration', 'crossBorderCrypto'] as const satisfies readonly DraftKind[];

/** Serialized size limit of a draft's data: wizards hold form values, never files. */
export const draftDataMaxChars = 200_000;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

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
    const prototype = Object.getPrototypeOf(current);
    if (!Array.isArray(current) && prototype !== Object.prototype && prototype !== null) return false;
    // One by one: spreading a huge array into push() would overflow the argument limit.
    for (const item of Object.values(current)) stack.push(item);
  }
  return true;
}

/**
 * A wizard's values as stored data: what JSON keeps of them (a key holding `undefined` is left
 * out, a number that is not finite becomes null), so a field the user cleared or an amount
 * still being typed never makes the whole draft unstorable.
 */
export const storedDraftData = (data: Record<string, unknown>): Record<string, JsonValue> => JSON.parse(JSON.stringify(data)) as Record<string, JsonValue>;

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

/** A guest draft's secret: random base64url made by the device, the only key to its server copy. */
/** The header that carries a guest draft's secret (never the query string, which servers log). */
export const draftSecretHeader = 'X-Draft-Secret';

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
