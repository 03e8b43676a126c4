import type { Draft, DraftKind, DraftPatch } from '@domain/draft';

/**
 * A wizard's change in flight to IndexedDB, kept in this tab's sessionStorage until the
 * database has it (decision 035). A save writes IndexedDB in a transaction that commits a
 * moment later; a reload (or leaving the page) in that moment aborts it and the change is
 * lost. sessionStorage is written synchronously and survives a reload of the tab, so each
 * save first writes the change here (the fields it changed, and the draft as the wizard then
 * showed it) and removes it once the transaction committed; a wizard that opens and finds a
 * copy newer than its stored draft shows it and applies its fields again.
 * Logout clears these with the other `alta.` keys of the tab.
 */

/** A change on its way: the draft as the wizard showed it after it, and the fields it changed. */
export interface PendingChange {
  draft: Draft;
  patch: DraftPatch;
}

const prefix = 'alta.draftPending.';
const keyOf = (owner: string, id: string) => `${prefix}${owner}.${id}`;

function tabStorage(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps `change` (of `owner`: a user id, or `guest`) until `settlePending` says it was stored.
 * A copy still kept for the same draft is a change not stored either: its fields go along.
 */
export function keepPending(owner: string, change: PendingChange): void {
  const store = tabStorage();
  const key = keyOf(owner, change.draft.id);
  const earlier = parse(store?.getItem(key) ?? null)?.patch;
  const patch = earlier ? { ...change.patch, step: change.patch.step ?? earlier.step, changes: [...earlier.changes, ...change.patch.changes] } : change.patch;
  try {
    store?.setItem(key, JSON.stringify({ draft: change.draft, patch }));
  } catch {
    // Storage full or disabled: the database write still goes on, only the reload safety is lost.
  }
}

/** The draft was stored (or refused for good): forgets the copy, unless a later change replaced it. */
export function settlePending(owner: string, draft: Pick<Draft, 'id' | 'updatedAt'>): void {
  const store = tabStorage();
  const key = keyOf(owner, draft.id);
  const kept = parse(store?.getItem(key) ?? null);
  if (kept && kept.draft.updatedAt <= draft.updatedAt) store?.removeItem(key);
}

/** The draft was discarded: no copy of it may bring it back. */
export function forgetPending(owner: string, id: string): void {
  tabStorage()?.removeItem(keyOf(owner, id));
}

/** The newest kept change of this wizard (kind, company and the `match` values in its draft's data), if any. */
export function pendingDraft(owner: string, kind: DraftKind, companyId: string | null, match: Record<string, unknown>): PendingChange | undefined {
  const store = tabStorage();
  if (!store) return undefined;
  let newest: PendingChange | undefined;
  for (let index = 0; index < store.length; index++) {
    const key = store.key(index);
    if (!key?.startsWith(`${prefix}${owner}.`)) continue;
    const change = parse(store.getItem(key));
    if (!change || change.draft.kind !== kind || change.draft.companyId !== companyId) continue;
    if (!Object.entries(match).every(([field, value]) => change.draft.data[field] === value)) continue;
    if (!newest || change.draft.updatedAt > newest.draft.updatedAt) newest = change;
  }
  return newest;
}

function parse(text: string | null): PendingChange | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as PendingChange;
    const { draft, patch } = value ?? {};
    const readable =
      typeof draft?.id === 'string' &&
      typeof draft.updatedAt === 'string' &&
      typeof draft.data === 'object' &&
      draft.data !== null &&
      Array.isArray(patch?.changes);
    return readable ? value : undefined;
  } catch {
    return undefined;
  }
}
