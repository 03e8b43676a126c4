import type { Draft, DraftKind } from '@domain/draft';

/**
 * A wizard's change in flight to IndexedDB, kept in this tab's sessionStorage until the
 * database has it (decision 035). A save writes IndexedDB in a transaction that commits a
 * moment later; a reload (or leaving the page) in that moment aborts it and the change is
 * lost. sessionStorage is written synchronously and survives a reload of the tab, so each
 * save first writes the draft here and removes it once the transaction committed; a wizard
 * that opens and finds a copy newer than its stored draft shows it and saves it again.
 * Logout clears these with the other `alta.` keys of the tab.
 */

const prefix = 'alta.draftPending.';
const keyOf = (owner: string, id: string) => `${prefix}${owner}.${id}`;

function tabStorage(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps `draft` (of `owner`: a user id, or `guest`) until `settlePending` says it was stored. */
export function keepPending(owner: string, draft: Draft): void {
  try {
    tabStorage()?.setItem(keyOf(owner, draft.id), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the database write still goes on, only the reload safety is lost.
  }
}

/** The draft was stored (or refused for good): forgets the copy, unless a later change replaced it. */
export function settlePending(owner: string, draft: Pick<Draft, 'id' | 'updatedAt'>): void {
  const store = tabStorage();
  const key = keyOf(owner, draft.id);
  const kept = parse(store?.getItem(key) ?? null);
  if (kept && kept.updatedAt <= draft.updatedAt) store?.removeItem(key);
}

/** The draft was discarded: no copy of it may bring it back. */
export function forgetPending(owner: string, id: string): void {
  tabStorage()?.removeItem(keyOf(owner, id));
}

/** The newest kept draft of this wizard (kind, company and the `match` values in its data), if any. */
export function pendingDraft(owner: string, kind: DraftKind, companyId: string | null, match: Record<string, unknown>): Draft | undefined {
  const store = tabStorage();
  if (!store) return undefined;
  let newest: Draft | undefined;
  for (let index = 0; index < store.length; index++) {
    const key = store.key(index);
    if (!key?.startsWith(`${prefix}${owner}.`)) continue;
    const draft = parse(store.getItem(key));
    if (!draft || draft.kind !== kind || draft.companyId !== companyId) continue;
    if (!Object.entries(match).every(([field, value]) => draft.data[field] === value)) continue;
    if (!newest || draft.updatedAt > newest.updatedAt) newest = draft;
  }
  return newest;
}

function parse(text: string | null): Draft | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Draft;
    return typeof value?.id === 'string' && typeof value.updatedAt === 'string' && typeof value.data === 'object' && value.data !== null ? value : undefined;
  } catch {
    return undefined;
  }
}
