import { z } from 'zod';
import { draftSchema } from '@domain/draft';
import { defineMutator, reject } from '../mutator';

/** Creates or replaces a wizard draft (called on every change of a wizard). */
export const saveDraft = defineMutator(
  'saveDraft',
  draftSchema,
  async (tx, draft) => {
    const existing = await tx.get('drafts', draft.id);
    // A draft belongs to one wizard and one company for its whole life: resuming it elsewhere must land in the same wizard.
    if (existing && (existing.kind !== draft.kind || existing.companyId !== draft.companyId)) reject('invalid');
    if (draft.companyId !== null && tx.location === 'server') {
      // Only the server knows who belongs to which company; the device would only guess from a cache.
      if ((await tx.checks.companyRole(draft.companyId)) === null) reject('forbidden');
    }
    await tx.put('drafts', draft);
  },
  { reads: ({ id }) => [['drafts', id]] },
);

/** Discards a draft (the wizard was finished or abandoned); discarding it twice is the same as once. */
export const deleteDraft = defineMutator(
  'deleteDraft',
  z.strictObject({ id: z.uuid() }),
  async (tx, { id }) => {
    await tx.delete('drafts', id);
  },
  { reads: ({ id }) => [['drafts', id]] },
);
