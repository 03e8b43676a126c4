import { liveQuery } from 'dexie';
import type { Draft, DraftKind } from '@domain/draft';
import { caughtUp, type AppDB } from '@sync/client/db';
import { guestDatabase } from '@src/features/sync/guest-drafts';

/**
 * Where `useDraft` reads and writes: this device's databases (Dexie). Loaded by the hook when a
 * wizard opens rather than with the page, so a guest's wizard paints its header before Dexie
 * and the draft mutator are downloaded (decision 076).
 */
export { currentUserDatabase } from '@sync/client/db';
export { discardGuestDraft, isSharedGuestDraft, refreshSharedGuestDraft, saveGuestDraft } from '@src/features/sync/guest-drafts';

export interface DraftQuery {
  kind: DraftKind;
  companyId: string | null;
  /** Values the draft's data must hold (the tax form's `taxYear`). */
  match: Record<string, unknown>;
}

export interface FoundDrafts {
  drafts: Draft[];
  /** The database holds every synced row (always so for a guest's, which is not synced). */
  complete: boolean;
}

/** The drafts `query` names, live from the user's database or, with none, the guest's; stops when the returned function is called. */
export function watchDrafts(userDb: AppDB | null, query: DraftQuery, next: (found: FoundDrafts) => void, fail: (error: unknown) => void): () => void {
  const db = userDb ?? guestDatabase();
  const wanted = Object.entries(query.match);
  const subscription = liveQuery(async () => {
    const drafts = await db.drafts
      .where('kind')
      .equals(query.kind)
      .filter((draft) => draft.companyId === query.companyId && wanted.every(([key, value]) => draft.data[key] === value))
      .toArray();
    const complete = userDb ? caughtUp(await userDb.syncMeta.get('state')) : true;
    return { drafts, complete };
  }).subscribe({ next, error: fail });
  return () => subscription.unsubscribe();
}
