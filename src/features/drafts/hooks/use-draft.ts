import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Draft, DraftKind, DraftPatch } from '@domain/draft';
import { applyDraftChanges, draftChanges, storedDraftData, type JsonValue } from '@domain/draft-changes';
import { useCurrentUser } from '@src/features/session/session-store';
import { isSharedGuestDraft } from '@src/features/sync/draft-keys';
import type { FoundDrafts } from '../draft-store';
import { loadDraftStore, loadedDraftStore, type DraftStore } from '../load-draft-store';
import { forgetPending, keepPending, pendingDraft, settlePending, type PendingChange } from '../pending-draft';

export interface DraftChanges {
  step?: number;
  data?: Draft['data'];
}

export interface UseDraft {
  /** The wizard's saved draft (the latest of its kind and company); undefined when none. */
  draft: Draft | undefined;
  /**
   * False until the local database has answered and, signed in, holds every synced row (a
   * first pull or a resync finished) and has pulled since the wizard opened (unless it cannot):
   * a wizard opened before would start from no draft, or an older one, while the user's latest
   * is still on its way, and its first change would be made on top of it.
   */
  loaded: boolean;
  /**
   * Saves the wizard's step and data locally at once (and queues it for the server when signed
   * in). Only what changed since the wizard opened or last saved is sent, field by field, so a
   * field another device changed meanwhile keeps that device's value unless this wizard changed it too.
   */
  save(changes: DraftChanges): Promise<void>;
  /** Forgets the draft (the wizard was finished or abandoned). */
  discard(): Promise<void>;
}

const noMatch: Record<string, string | number> = {};
/** How long a signed-in wizard waits for a pull before opening this device's copy of its draft. */
const latestCopyWaitMs = 3000;

/**
 * The signed-in user's sync engine. Its module is imported when a signed-in wizard saves (the
 * dashboard has already loaded it), so a guest's wizard never downloads the sync runtime.
 */
const signedInEngine = async () => (await import('@src/features/sync/sync-runtime')).currentSyncEngine();
/** A guest's writes (the draft mutator, its schemas, the uploads): loaded at the first save or refresh, after the form has painted (decision 085). */
const guestWrites = () => import('@src/features/sync/guest-drafts');

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** The draft store once its module is loaded (at once when an earlier wizard loaded it). */
function useDraftStore(): DraftStore | null {
  const [store, setStore] = useState(loadedDraftStore);
  const [failure, setFailure] = useState<Error | null>(null);
  useEffect(() => {
    if (!store) void loadDraftStore().then(setStore, (error: unknown) => setFailure(asError(error)));
  }, [store]);
  // As a failed database read: the route's error boundary offers to try again.
  if (failure) throw failure;
  return store;
}

const latest = (drafts: Draft[]) => drafts.reduce<Draft | undefined>((best, draft) => (!best || draft.updatedAt > best.updatedAt ? draft : best), undefined);

/**
 * The draft of one wizard (company creation, migration, cross-border crypto, KYB, tax form),
 * read live from this device's database and saved on every change: a signed-in user's
 * through the sync engine (so it resumes on their other devices), a guest's in the guest
 * database (uploaded for registration to link). `companyId` names the company a KYB or tax
 * form draft is about; `match` narrows to drafts whose data holds those values (the tax form's
 * `taxYear`: one draft per company and year). A change is kept in the tab's sessionStorage
 * until the database has it, so a reload right after it does not lose it (`pending-draft.ts`).
 */
export function useDraft(kind: DraftKind, companyId: string | null = null, initialStep = 1, match: Record<string, string | number> = noMatch): UseDraft {
  const user = useCurrentUser();
  const store = useDraftStore();
  const userDb = useMemo(() => (store && user ? store.currentUserDatabase() : null), [store, user]);
  const signedIn = userDb !== null;
  const owner = user && signedIn ? user.id : 'guest';
  // The id a new draft will get, fixed for this wizard so quick successive saves land on one draft.
  const newId = useRef<string>(crypto.randomUUID());
  // The last draft this wizard saved: the next save builds on it even before the live query catches up.
  const lastSaved = useRef<Draft | undefined>(undefined);

  const matchKey = JSON.stringify(match);
  // The drafts read live, with the query they answer: an answer to an earlier query is none.
  const [answer, setAnswer] = useState<{ key: string; found: FoundDrafts } | null>(null);
  const [readFailure, setReadFailure] = useState<Error | null>(null);
  const queryKey = JSON.stringify([signedIn, owner, kind, companyId, matchKey]);
  useEffect(() => {
    if (!store) return;
    const query = { kind, companyId, match: JSON.parse(matchKey) as Record<string, unknown> };
    return store.watchDrafts(
      userDb,
      query,
      (found) => setAnswer({ key: queryKey, found }),
      (error) => setReadFailure(asError(error)),
    );
  }, [store, userDb, kind, companyId, matchKey, queryKey]);
  if (readFailure) throw readFailure;
  const found = useMemo(
    () => (answer?.key === queryKey ? { draft: latest(answer.found.drafts), complete: answer.found.complete, pulledAt: answer.found.pulledAt } : undefined),
    [answer, queryKey],
  );
  const live = found?.draft;

  // A guest draft continued on another device may have moved on there: its server copy is
  // checked once before the wizard opens, so this device resumes from the latest change.
  const [refreshed, setRefreshed] = useState<{ id: string; draft: Draft | undefined } | null>(null);
  const refreshing = !signedIn && store !== null && live !== undefined && refreshed?.id !== live.id && isSharedGuestDraft(live.id);
  const refreshId = refreshing ? live.id : null;
  useEffect(() => {
    if (!refreshId || !store) return;
    let current = true;
    void guestWrites()
      // Its module not downloadable (offline, never cached): the local copy stands, as when the server cannot answer.
      .then(
        (writes) => writes.refreshSharedGuestDraft(refreshId),
        () => undefined,
      )
      .then((fresh) => {
        if (current) setRefreshed({ id: refreshId, draft: fresh });
      });
    return () => {
      current = false;
    };
  }, [refreshId, store]);
  // The live query may answer the refreshed copy a moment after the refresh itself does.
  const fresher = refreshed?.draft;
  const stored = fresher && live && fresher.id === live.id && fresher.updatedAt > live.updatedAt ? fresher : live;
  // A change a reload interrupted before the database had it: newer than the stored draft, it wins.
  const recovered = useMemo(() => pendingDraft(owner, kind, companyId, JSON.parse(matchKey) as Record<string, unknown>), [owner, kind, companyId, matchKey]);
  const draft = recovered && found !== undefined && (!stored || recovered.draft.updatedAt > stored.updatedAt) ? recovered.draft : stored;

  // Signed in, another device may have changed the draft since this one last pulled (a phone
  // used while the laptop was closed, a change whose live notice had not arrived before a
  // reload): the wizard opens once this device has pulled since the hook mounted. Offline or
  // unreachable it opens at once, and after `latestCopyWaitMs` whatever the pull does.
  const [mountedAt] = useState(() => new Date().toISOString());
  const [stopWaiting, setStopWaiting] = useState(false);
  const pulledSinceMount = !signedIn || stopWaiting || (found?.pulledAt != null && found.pulledAt >= mountedAt);
  const awaitingPull = found !== undefined && found.complete && !pulledSinceMount;
  useEffect(() => {
    if (!awaitingPull) return;
    const timer = setTimeout(() => setStopWaiting(true), latestCopyWaitMs);
    void signedInEngine().then(
      (engine) => {
        if (!engine?.pullNow()) setStopWaiting(true);
      },
      () => setStopWaiting(true),
    );
    return () => clearTimeout(timer);
  }, [awaitingPull]);
  const loaded = found !== undefined && found.complete && pulledSinceMount && !refreshing;

  // What this wizard last saw of the draft's data and step: the draft as it was when the wizard
  // opened (its first `loaded` render, which the wizard starts from), then each of its own saves.
  // A save sends only what differs from it.
  const known = useRef<{ data: Record<string, JsonValue>; step: number | undefined } | null>(null);
  useEffect(() => {
    if (loaded && known.current === null) known.current = { data: draft?.data ?? {}, step: draft?.step };
  }, [loaded, draft]);

  /** Writes a change to this device's database (and the sync outbox when signed in), kept in the tab until it is there. */
  const write = useCallback(
    async (change: PendingChange) => {
      keepPending(owner, change);
      try {
        const engine = signedIn ? await signedInEngine() : null;
        if (engine) await engine.mutate('changeDraft', change.patch);
        else await (await guestWrites()).saveGuestDraft(change.draft);
      } finally {
        settlePending(owner, change.draft);
      }
    },
    [owner, signedIn],
  );

  // The recovered change is written again, once; when the database already has it, the copy goes.
  const replayed = useRef<string | null>(null);
  const liveStamp = live?.updatedAt;
  useEffect(() => {
    if (!recovered || found === undefined) return;
    if (liveStamp !== undefined && liveStamp >= recovered.draft.updatedAt) return settlePending(owner, recovered.draft);
    const stamp = `${recovered.draft.id}@${recovered.draft.updatedAt}`;
    if (replayed.current === stamp) return;
    replayed.current = stamp;
    lastSaved.current ??= recovered.draft;
    void write(recovered).catch(() => undefined);
  }, [recovered, found, liveStamp, owner, write]);

  const save = useCallback(
    async (changes: DraftChanges) => {
      const mine = lastSaved.current;
      const base = mine && (!draft || (mine.id === draft.id && mine.updatedAt >= draft.updatedAt)) ? mine : draft;
      const seen = known.current ?? { data: base?.data ?? {}, step: base?.step };
      const data = changes.data ? storedDraftData(changes.data) : seen.data;
      const fields = draftChanges(seen.data, data);
      const step = changes.step ?? seen.step ?? initialStep;
      // A new draft is created with its step; an existing one's step is sent only when it moved.
      const moved = base === undefined || step !== seen.step;
      if (fields.length === 0 && !moved) return;
      const id = base?.id ?? newId.current;
      const updatedAt = new Date().toISOString();
      const patch: DraftPatch = { id, kind, companyId, ...(moved ? { step } : {}), changes: fields, updatedAt };
      const next: Draft = { id, kind, companyId, step: moved ? step : (base?.step ?? step), data: applyDraftChanges(base?.data ?? {}, fields), updatedAt };
      known.current = { data, step };
      lastSaved.current = next;
      await write({ draft: next, patch });
    },
    [draft, kind, companyId, initialStep, write],
  );

  const discard = useCallback(async () => {
    if (!draft) return;
    forgetPending(owner, draft.id);
    const engine = signedIn ? await signedInEngine() : null;
    if (engine) await engine.mutate('deleteDraft', { id: draft.id });
    else await (await guestWrites()).discardGuestDraft(draft.id);
    newId.current = crypto.randomUUID();
    lastSaved.current = undefined;
    known.current = { data: {}, step: undefined };
  }, [draft, signedIn, owner]);

  return { draft, loaded, save, discard };
}
