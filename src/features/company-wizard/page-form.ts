import { readActingAs, readSignedIn } from '@src/features/session/signed-in-flag';
import { companyDraftKey, draftStorage } from '@src/features/sync/draft-keys';
import type { PageHandle } from '@src/lib/page-handle';
import { currentUserId } from '@sync/client/current-user';

/**
 * Whether this device may hold a guest's draft: a key of one here (the company draft registration
 * offers, set by every save; an upload's secret, version or link; a change not sent) or, in the
 * tab, a change on its way to IndexedDB (`pending-draft.ts`). Read from storage alone, so it is
 * known before the guest database is opened.
 */
function mayHoldGuestDraft(): boolean {
  const holds = (store: Storage | null) => {
    for (let i = 0; store && i < store.length; i++) {
      const key = store.key(i);
      if (key === companyDraftKey || key?.startsWith('alta.draft')) return true;
    }
    return false;
  };
  let tab: Storage | null = null;
  try {
    tab = sessionStorage;
  } catch {
    // Storage refused: nothing is kept there either.
  }
  return holds(draftStorage()) || holds(tab);
}

/**
 * Whether a wizard's pre-rendered page (its first step, empty) is what the wizard shows this
 * visitor, so the app may hydrate it (issue 35 §4): nobody signed in on this device (an owner's
 * "your info" starts from their profile) and no guest draft here to resume. Otherwise the app
 * renders the wizard over the page instead.
 */
export const pageFormFits = (): boolean => readSignedIn() === null && readActingAs() === null && currentUserId() === null && !mayHoldGuestDraft();

/** The wizards' routes' handle: their page is hydrated only where it fits. */
export const wizardPageHandle: PageHandle = { hydrates: pageFormFits };
