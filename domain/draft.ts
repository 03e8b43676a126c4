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

export const draftDataSchema = z
  .record(z.string().max(200), z.json())
  .refine((data) => JSON.stringify(data).length <= draftDataMaxChars, { error: 'validation.tooLarge' });

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

/** PUT /api/v1/drafts/:id (guest upload): the draft without its id, plus the per-draft secret. */
export const guestDraftUploadSchema = z.strictObject({
  secret: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, { error: 'validation.invalid' }),
  kind: z.enum(guestDraftKinds, { error: 'validation.invalid' }),
  step: draftSchema.shape.step,
  data: draftDataSchema,
  updatedAt: draftSchema.shape.updatedAt,
});
export type GuestDraftUpload = z.infer<typeof guestDraftUploadSchema>;
