import { z } from 'zod';
import { applyDraftChanges, draftPatchSchema, draftSchema, type Draft } from '@domain/draft';
import { kybDraftDataSchema } from '@domain/kyb-record';
import { taxFormDraftDataSchema } from '@domain/tax-form-draft';
import { defineMutator, reject, type MutatorTx } from '../mutator';

/**
 * A tax-form draft is the declaration being prepared (SPEC §4: it cannot change once sent).
 * Sending happens only through PUT /accounting/drafts/{id}, which checks the whole form and
 * the year's books; a synced change may never mark it sent, nor touch one that is.
 */
async function checkTaxFormDraft(tx: MutatorTx, draft: Draft, existing: Draft | undefined) {
  if (existing?.kind === 'taxForm' && existing.data.isCompleted === true) reject('declaration_sent');
  if (draft.kind !== 'taxForm') return;
  const data = taxFormDraftDataSchema.safeParse(draft.data);
  if (!data.success || data.data.isCompleted === true || draft.companyId === null) reject('invalid');
  if (tx.location === 'server') {
    // Only the server knows which declarations are sent (another device may have sent this year's).
    if (await tx.checks.declarationSent(draft.companyId, data.data.taxYear)) reject('declaration_sent');
  }
}

/**
 * A KYB draft becomes read-only once the company's KYB is submitted (SPEC §4). Only
 * POST /banking/companies/{id}/kyb, which validates the whole form, marks it submitted.
 */
function checkKybDraft(draft: Draft, existing: Draft | undefined) {
  if (existing?.kind === 'kyb' && existing.data.submitted === true) reject('kyb_submitted');
  if (draft.kind !== 'kyb') return;
  const data = kybDraftDataSchema.safeParse(draft.data);
  if (!data.success || data.data.submitted === true || draft.companyId === null) reject('invalid');
}

/** Creates or replaces a wizard draft (called on every change of a wizard). */
export const saveDraft = defineMutator(
  'saveDraft',
  draftSchema,
  async (tx, draft) => {
    const existing = await tx.get('drafts', draft.id);
    // A draft belongs to one wizard and one company for its whole life: resuming it elsewhere must land in the same wizard.
    if (existing && (existing.kind !== draft.kind || existing.companyId !== draft.companyId)) reject('invalid');
    await checkTaxFormDraft(tx, draft, existing);
    checkKybDraft(draft, existing);
    if (draft.companyId !== null && tx.location === 'server') {
      // Only the server knows who belongs to which company; the device would only guess from a cache.
      if ((await tx.checks.companyRole(draft.companyId)) === null) reject('forbidden');
    }
    await tx.put('drafts', draft);
  },
  { reads: ({ id }) => [['drafts', id]] },
);

/**
 * Changes the fields of a draft a wizard changed (and its step when it moved), on top of the
 * draft as it is here: on the server, what every device sent before; on a device, the pulled
 * draft with its own queued changes replayed. A field thus keeps the last change that reached
 * the server, whichever device made it, and a change never carries fields its device did not
 * touch, so it cannot put back what another device replaced. Creates the draft when there is
 * none. The merged draft passes every rule of `saveDraft`.
 */
export const changeDraft = defineMutator(
  'changeDraft',
  draftPatchSchema,
  async (tx, patch) => {
    const existing = await tx.get('drafts', patch.id);
    if (existing && (existing.kind !== patch.kind || existing.companyId !== patch.companyId)) reject('invalid');
    const merged = draftSchema.safeParse({
      id: patch.id,
      kind: patch.kind,
      companyId: patch.companyId,
      step: patch.step ?? existing?.step ?? 0,
      data: applyDraftChanges(existing?.data ?? {}, patch.changes),
      updatedAt: patch.updatedAt,
    });
    // The fields alone are checked as they arrive; the merged data must still be a draft (size, depth).
    if (!merged.success) reject('invalid');
    await checkTaxFormDraft(tx, merged.data, existing);
    checkKybDraft(merged.data, existing);
    if (patch.companyId !== null && tx.location === 'server') {
      // Only the server knows who belongs to which company; the device would only guess from a cache.
      if ((await tx.checks.companyRole(patch.companyId)) === null) reject('forbidden');
    }
    await tx.put('drafts', merged.data);
  },
  { reads: ({ id }) => [['drafts', id]] },
);

/** Discards a draft (the wizard was finished or abandoned); discarding it twice is the same as once. */
export const deleteDraft = defineMutator(
  'deleteDraft',
  z.strictObject({ id: z.uuid() }),
  async (tx, { id }) => {
    const existing = await tx.get('drafts', id);
    // A sent declaration's draft is its record on every device: it stays.
    if (existing?.kind === 'taxForm' && existing.data.isCompleted === true) reject('declaration_sent');
    if (existing?.kind === 'kyb' && existing.data.submitted === true) reject('kyb_submitted');
    await tx.delete('drafts', id);
  },
  { reads: ({ id }) => [['drafts', id]] },
);
