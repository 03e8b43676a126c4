import { liveQuery } from 'dexie';
import type { Draft, DraftKind } from '@domain/draft';
import { caughtUp, guestDatabase, type AppDB } from '@sync/client/db';

/**
 * Where `useDraft` reads drafts: this device's databases (Dexie). Loaded with the wizard's
 * route rather than with the app, so a page without a wizard never downloads Dexie
 * (decision 076). It holds what reading a draft needs; a guest's writes (`guest-drafts.ts`: the
 * draft mutator, its schemas, the uploads) are not here (decision 085).
 */
export { currentUserDatabase } from '@sync/client/db';

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
  /** When this device last finished a pull (null for a guest's database). */
  pulledAt: string | null;
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
    const meta = userDb ? await userDb.syncMeta.get('state') : undefined;
    return { drafts, complete: userDb ? caughtUp(meta) : true, pulledAt: meta?.lastSyncedAt ?? null };
  }).subscribe({ next, error: fail });
  return () => subscription.unsubscribe();
}
