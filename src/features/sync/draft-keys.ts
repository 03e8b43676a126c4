/**
 * Where a guest's wizard drafts keep their secrets on this device (localStorage), apart from
 * `guest-drafts.ts` so the register form reads them without loading the guest database.
 */

/** The guest's latest company-wizard draft: registration offers it to the new account. */
export const companyDraftKey = 'alta.companyDraftId';
export const draftSecretKey = (id: string) => `alta.draftSecret.${id}`;
/** Set once a draft's link was made or opened: another device may save it too, so the wizard checks the server copy when it opens. */
export const sharedKey = (id: string) => `alta.draftShared.${id}`;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Marks a draft whose last change is not on the server yet (typed offline, or the upload failed). */
export const unsentPrefix = 'alta.draftUnsent.';

export function draftStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/**
 * What registration sends to take the guest's company draft along: its id (also ties the
 * orders placed from it) and its secret, the proof the server asks before it moves the draft.
 */
export function draftToLink(): { companyDraftId?: string; draftSecret?: string } {
  const store = draftStorage();
  const id = store?.getItem(companyDraftKey);
  if (!id || !uuidPattern.test(id)) return {};
  const secret = store?.getItem(draftSecretKey(id));
  return secret ? { companyDraftId: id, draftSecret: secret } : { companyDraftId: id };
}

/** The ids of drafts with a change not yet on the server (read from localStorage, so nothing opens IndexedDB when there are none). */
export function unsentDraftIds(): string[] {
  const store = draftStorage();
  if (!store) return [];
  const ids: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(unsentPrefix)) ids.push(key.slice(unsentPrefix.length));
  }
  return ids;
}

/** Whether the draft's link was made or opened on this device (another device may be saving it too). */
export const isSharedGuestDraft = (id: string) => draftStorage()?.getItem(sharedKey(id)) === '1';
