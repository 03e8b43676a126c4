import { z } from 'zod';

/**
 * A tax-form draft as stored: apart from `tax-form.ts`, whose form schemas read the NAICS
 * list and the company rules, because the sync runtime checks every draft it writes and the
 * dashboard's first load should not carry the tax form's rules (decision 071).
 */

export const taxYearSchema = z.int({ error: 'validation.invalid' }).min(2000, { error: 'validation.invalid' }).max(2099, { error: 'validation.invalid' });

export const taxFormSubsteps = ['substep1', 'substep2'] as const;

/**
 * What a tax-form draft (`drafts` row of kind `taxForm`) keeps in `data`: the tax year,
 * the sub-step, the values typed so far (not yet valid) and whether it was sent. Only the
 * server sets `isCompleted` (PUT /accounting/drafts/{id} with `isCompleted: true`).
 */
export const taxFormDraftDataSchema = z.object({
  taxYear: taxYearSchema,
  substep: z.enum(taxFormSubsteps).optional(),
  taxFormData: z.record(z.string(), z.unknown()).optional(),
  isCompleted: z.boolean().optional(),
  /** The owner confirmed (or overrode) the profits computed from the books. */
  profitsConfirmed: z.boolean().optional(),
});
export type TaxFormDraftData = z.infer<typeof taxFormDraftDataSchema>;
