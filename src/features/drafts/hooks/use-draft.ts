import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { storedDraftData, type Draft, type DraftKind } from '@domain/draft';
import { currentUserDatabase } from '@sync/client/db';
import { useCurrentUser } from '@src/features/session/session-store';
import { currentSyncEngine } from '@src/features/sync/sync-runtime';
import { discardGuestDraft, guestDatabase, isSharedGuestDraft, refreshSharedGuestDraft, saveGuestDraft } from '../guest-drafts';
import { forgetPending, keepPending, pendingDraft, settlePending } from '../pending-draft';

export interface DraftChanges {
  step?: number;
  data?: Draft['data'];
}

export interface UseDraft {
  /** The wizard's saved draft (the latest of its kind and company); undefined when none. */
  draft: Draft | undefined;
  /** False until the local database has answered. */
  loaded: boolean;
  /** Saves the wizard's step and data locally at once (and queues it for the server when signed in). */
  save(changes: DraftChanges): Promise<void>;
  /** Forgets the draft (the wizard was finished or abandoned). */
  discard(): Promise<void>;
}

const noMatch: Record<string, string | number> = {};

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
  const db = useMemo(() => (user ? currentUserDatabase() : null) ?? guestDatabase(), [user]);
  const signedIn = user !== null && db !== guestDatabase();
  const owner = signedIn ? user.id : 'guest';
  // The id a new draft will get, fixed for this wizard so quick successive saves land on one draft.
  const newId = useRef<string>(crypto.randomUUID());
  // The last draft this wizard saved: the next save builds on it even before the live query catches up.
  const lastSaved = useRef<Draft | undefined>(undefined);

  const matchKey = JSON.stringify(match);
  const found = useLiveQuery(
    async () => {
      const wanted = Object.entries(JSON.parse(matchKey) as Record<string, unknown>);
      const mine = await db.drafts
        .where('kind')
        .equals(kind)
        .filter((draft) => draft.companyId === companyId && wanted.every(([key, value]) => draft.data[key] === value))
        .toArray();
      return { draft: latest(mine) };
    },
    [db, kind, companyId, matchKey],
  );
  const live = found?.draft;

  // A guest draft continued on another device may have moved on there: its server copy is
  // checked once before the wizard opens, so this device resumes from the latest change.
  const [refreshed, setRefreshed] = useState<{ id: string; draft: Draft | undefined } | null>(null);
  const refreshing = !signedIn && live !== undefined && refreshed?.id !== live.id && isSharedGuestDraft(live.id);
  const refreshId = refreshing ? live.id : null;
  useEffect(() => {
    if (!refreshId) return;
    let current = true;
    void refreshSharedGuestDraft(refreshId).then((fresh) => {
      if (current) setRefreshed({ id: refreshId, draft: fresh });
    });
    return () => {
      current = false;
    };
  }, [refreshId]);
  // The live query may answer the refreshed copy a moment after the refresh itself does.
  const fresher = refreshed?.draft;
  const stored = fresher && live && fresher.id === live.id && fresher.updatedAt > live.updatedAt ? fresher : live;
  // A change a reload interrupted before the database had it: newer than the stored draft, it wins.
  const recovered = useMemo(() => pendingDraft(owner, kind, companyId, JSON.parse(matchKey) as Record<string, unknown>), [owner, kind, companyId, matchKey]);
  const draft = recovered && found !== undefined && (!stored || recovered.updatedAt > stored.updatedAt) ? recovered : stored;

  /** Writes a draft to this device's database (and the sync outbox when signed in), kept in the tab until it is there. */
  const write = useCallback(
    async (next: Draft) => {
      keepPending(owner, next);
      try {
        const engine = signedIn ? currentSyncEngine() : null;
        if (engine) await engine.mutate('saveDraft', next);
        else await saveGuestDraft(next);
      } finally {
        settlePending(owner, next);
      }
    },
    [owner, signedIn],
  );

  // The recovered change is written again, once; when the database already has it, the copy goes.
  const replayed = useRef<string | null>(null);
  const liveStamp = live?.updatedAt;
  useEffect(() => {
    if (!recovered || found === undefined) return;
    if (liveStamp !== undefined && liveStamp >= recovered.updatedAt) return settlePending(owner, recovered);
    const stamp = `${recovered.id}@${recovered.updatedAt}`;
    if (replayed.current === stamp) return;
    replayed.current = stamp;
    lastSaved.current ??= recovered;
    void write(recovered).catch(() => undefined);
  }, [recovered, found, liveStamp, owner, write]);

  const save = useCallback(
    async (changes: DraftChanges) => {
      const mine = lastSaved.current;
      const base = mine && (!draft || (mine.id === draft.id && mine.updatedAt >= draft.updatedAt)) ? mine : draft;
      const next: Draft = {
        id: base?.id ?? newId.current,
        kind,
        companyId,
        step: changes.step ?? base?.step ?? initialStep,
        data: changes.data ? storedDraftData(changes.data) : (base?.data ?? {}),
        updatedAt: new Date().toISOString(),
      };
      lastSaved.current = next;
      await write(next);
    },
    [draft, kind, companyId, initialStep, write],
  );

  const discard = useCallback(async () => {
    if (!draft) return;
    forgetPending(owner, draft.id);
    const engine = signedIn ? currentSyncEngine() : null;
    if (engine) await engine.mutate('deleteDraft', { id: draft.id });
    else await discardGuestDraft(draft.id);
    newId.current = crypto.randomUUID();
    lastSaved.current = undefined;
  }, [draft, signedIn, owner]);

  return { draft, loaded: found !== undefined && !refreshing, save, discard };
}
