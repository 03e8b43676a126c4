import { draftSecretHeader } from '@domain/constants';
import { guestDraftKinds, type Draft, type DraftKind, type GuestDraft } from '@domain/draft';
import type { SyncEngine } from '@sync/client/engine';
import { guestDatabase } from '@sync/client/db';
import { createLocalTx } from '@sync/client/local-tx';
import { runMutator } from '@sync/mutator';
import { saveDraft } from '@sync/mutators/drafts';
import { api, isTransient } from '@src/lib/api';
import { companyDraftKey, draftSecretKey, draftStorage, isSharedGuestDraft, sharedKey, unsentDraftIds, unsentPrefix } from './draft-keys';

/**
 * A guest's drafts (no account yet): kept in the `alta-guest` Dexie database, and the
 * company wizards' drafts uploaded to `PUT /api/v1/drafts/:id` with a per-draft secret kept
 * in localStorage, so registration can link the latest one to the new account
 * (`companyDraftId`, read by the register form from `alta.companyDraftId`). At the first
 * sign-in on this device the guest's drafts move into the user's database.
 */

/** The server's stamp of the copy this device last uploaded or took: what "changed later" is measured against. */
const versionKey = (id: string) => `alta.draftVersion.${id}`;
/**
 * The local `updatedAt` of a change not yet on the server: set by every save, cleared once that
 * very version was uploaded. It survives a reload, so what was typed offline is sent on the
 * next start or `online` (`resumeGuestUploads`) instead of waiting for the next keystroke.
 */
const unsentKey = (id: string) => `${unsentPrefix}${id}`;
/** A wizard saves on every change; uploads wait for a pause in the typing. */
const uploadDelayMs = 2000;
/** Online but the server did not answer: the next try, like the sync engine's probe while Alta is unreachable. */
const unreachableRetryMs = 5000;

const isGuestKind = (kind: DraftKind) => (guestDraftKinds as readonly DraftKind[]).includes(kind);

/** The draft's upload secret, created on first use (32 random bytes, base64url). */
function secretOf(id: string): string {
  const store = draftStorage();
  const existing = store?.getItem(draftSecretKey(id));
  if (existing) return existing;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const secret = btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
  store?.setItem(draftSecretKey(id), secret);
  return secret;
}

const waiting = new Map<string, ReturnType<typeof setTimeout>>();
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Sends the draft's current local copy to the server; throws when that fails. */
async function send(draft: Draft): Promise<void> {
  const saved = await api.put<{ updatedAt: string } | undefined>(`drafts/${draft.id}`, {
    json: { secret: secretOf(draft.id), kind: draft.kind, step: draft.step, data: draft.data, updatedAt: draft.updatedAt },
    context: { public: true },
  });
  const store = draftStorage();
  if (saved?.updatedAt) store?.setItem(versionKey(draft.id), saved.updatedAt);
  if (store?.getItem(unsentKey(draft.id)) === draft.updatedAt) store.removeItem(unsentKey(draft.id));
}

async function upload(id: string): Promise<void> {
  const draft = await guestDatabase().drafts.get(id);
  if (!draft || !isGuestKind(draft.kind)) return;
  try {
    await send(draft);
  } catch (error) {
    if (!isTransient(error)) {
      // Refused for good (the id is no longer a guest draft of this secret): retrying cannot help.
      draftStorage()?.removeItem(unsentKey(id));
    } else if (typeof navigator !== 'undefined' && navigator.onLine) {
      // Online but unanswered (Alta down, a captive portal): try again in a few seconds.
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void uploadUnsent(), unreachableRetryMs);
    }
    // Offline: the draft is safe locally and marked unsent; `online` sends it (resumeGuestUploads).
  }
}

/** Uploads every guest draft with a change not yet on the server. */
async function uploadUnsent(): Promise<void> {
  for (const id of unsentDraftIds()) await upload(id);
}

let resuming = false;

/**
 * On app start: sends what was saved but not uploaded before (typed offline, then reloaded),
 * and from then on again whenever the browser comes back online.
 */
export function resumeGuestUploads(): void {
  if (!resuming && typeof window !== 'undefined') {
    resuming = true;
    window.addEventListener('online', () => void uploadUnsent());
  }
  void uploadUnsent();
}

function scheduleUpload(id: string) {
  clearTimeout(waiting.get(id));
  waiting.set(
    id,
    setTimeout(() => {
      waiting.delete(id);
      void upload(id);
    }, uploadDelayMs),
  );
}

/** Saves a guest's draft locally with the same mutator as a signed-in user, then uploads it after a pause. */
export async function saveGuestDraft(draft: Draft): Promise<void> {
  const db = guestDatabase();
  // An async callback: Dexie keeps its transaction zone across the mutator's native awaits only for those.
  await db.transaction('rw', db.drafts, async () => {
    await runMutator(saveDraft, createLocalTx(db, null, null), draft);
  });
  if (!isGuestKind(draft.kind)) return;
  const store = draftStorage();
  store?.setItem(companyDraftKey, draft.id);
  store?.setItem(unsentKey(draft.id), draft.updatedAt);
  scheduleUpload(draft.id);
}

/** Discards a guest's draft on this device (the server copy, never linked, expires with the retention window). */
export async function discardGuestDraft(id: string): Promise<void> {
  clearTimeout(waiting.get(id));
  await guestDatabase().drafts.delete(id);
  const store = draftStorage();
  store?.removeItem(draftSecretKey(id));
  store?.removeItem(sharedKey(id));
  store?.removeItem(versionKey(id));
  store?.removeItem(unsentKey(id));
  if (store?.getItem(companyDraftKey) === id) store.removeItem(companyDraftKey);
}

/**
 * After sign-in: moves the guest's drafts into the user's database through the sync engine
 * (so they reach the user's other devices) and empties the guest database. The draft linked
 * at registration keeps its id — the server already holds it under the account; the others
 * get new ids, since their uploaded guest copies belong to no account and cannot be claimed.
 */
export async function adoptGuestDrafts(engine: Pick<SyncEngine, 'mutate'>): Promise<void> {
  const db = guestDatabase();
  const drafts = await db.drafts.toArray();
  if (drafts.length === 0) return;
  const linked = draftStorage()?.getItem(companyDraftKey);
  for (const draft of drafts) {
    await engine.mutate('saveDraft', draft.id === linked ? draft : { ...draft, id: crypto.randomUUID() });
    await discardGuestDraft(draft.id);
  }
}

/**
 * "Continue on another device": uploads the draft now (not after the typing pause), so the
 * link opens exactly what is on screen, and returns its id and secret for the link. Throws
 * `NetworkError` offline and `ApiError` when the server refuses.
 */
export async function shareGuestDraft(id: string): Promise<{ id: string; secret: string }> {
  const draft = await guestDatabase().drafts.get(id);
  if (!draft || !isGuestKind(draft.kind)) throw new Error(`No guest wizard draft ${id} on this device`);
  clearTimeout(waiting.get(id));
  waiting.delete(id);
  await send(draft);
  draftStorage()?.setItem(sharedKey(id), '1');
  return { id, secret: secretOf(id) };
}

/** Reads a guest's draft from the server with its secret (a link from another device). 404 `not_found` when the link no longer opens one. */
export const fetchSharedDraft = (id: string, secret: string, signal?: AbortSignal): Promise<GuestDraft> =>
  api.get<GuestDraft>(`drafts/${id}`, {
    headers: { [draftSecretHeader]: secret },
    context: { public: true },
    expected: ['not_found'],
    ...(signal && { signal }),
  });

/**
 * Stores the server copy `incoming` unless this device holds the same draft changed later (the
 * latest change wins); returns the one kept. "Later" is read on the server's clock: the copy is
 * newer when the server stamped it after the version this device last uploaded or took, i.e.
 * another device saved since. Device clocks are compared only when this device never reached
 * the server (no version yet), since a clock set a day ahead would otherwise always win.
 */
async function keepLatest(incoming: Draft): Promise<Draft> {
  const db = guestDatabase();
  const store = draftStorage();
  const known = store?.getItem(versionKey(incoming.id));
  const kept = await db.transaction('rw', db.drafts, async () => {
    const local = await db.drafts.get(incoming.id);
    const localIsLatest = known ? Date.parse(incoming.updatedAt) <= Date.parse(known) : local !== undefined && local.updatedAt >= incoming.updatedAt;
    if (local && localIsLatest) return local;
    await runMutator(saveDraft, createLocalTx(db, null, null), incoming);
    return incoming;
  });
  if (kept === incoming) store?.setItem(versionKey(incoming.id), incoming.updatedAt);
  return kept;
}

/** How long a wizard waits for the server copy of a shared draft before opening the local one. */
const refreshTimeoutMs = 6000;
/** A draft this page exchanged with the server this recently is not asked for again (the wizard opening right after the continue page). */
const recentSyncMs = 30_000;
const syncedAt = new Map<string, number>();
const syncedRecently = (id: string) => Date.now() - (syncedAt.get(id) ?? -Infinity) < recentSyncMs;

/**
 * Before a wizard opens a shared draft: takes the server copy when another device changed it
 * later, so this device continues from there instead of overwriting it with older answers.
 * Offline, slow or refused, the local copy stands. Returns the draft to open (undefined when
 * the local one stands).
 */
export async function refreshSharedGuestDraft(id: string): Promise<Draft | undefined> {
  const secret = draftStorage()?.getItem(draftSecretKey(id));
  if (!secret || !isSharedGuestDraft(id) || syncedRecently(id)) return undefined;
  try {
    const shared = await fetchSharedDraft(id, secret, AbortSignal.timeout(refreshTimeoutMs));
    syncedAt.set(id, Date.now());
    return await keepLatest({ id: shared.id, kind: shared.kind, companyId: null, step: shared.step, data: shared.data, updatedAt: shared.updatedAt });
  } catch {
    // Offline, timed out, or no longer a guest draft (registered on the other device, expired): keep working locally.
    return undefined;
  }
}

/** This device's other guest drafts of the same wizard: the wizard opens only one, so taking `draft` replaces them. */
export async function draftsInTheWayOf(draft: Pick<Draft, 'id' | 'kind'>): Promise<Draft[]> {
  return guestDatabase()
    .drafts.where('kind')
    .equals(draft.kind)
    .filter((local) => local.id !== draft.id && local.companyId === null)
    .toArray();
}

/**
 * Makes a draft opened from another device this device's draft of its wizard: same id and
 * same secret, so both devices keep saving to one server copy, and registration here links
 * it. The latest change wins: a local copy of the same draft changed later than the server's
 * is kept (it uploads with its next change). Other local drafts of the wizard are discarded,
 * since the wizard resumes one draft only (callers confirm that first: `draftsInTheWayOf`).
 */
export async function adoptSharedDraft(shared: GuestDraft, secret: string): Promise<Draft> {
  const incoming: Draft = { id: shared.id, kind: shared.kind, companyId: null, step: shared.step, data: shared.data, updatedAt: shared.updatedAt };
  for (const other of await draftsInTheWayOf(incoming)) await discardGuestDraft(other.id);
  const store = draftStorage();
  store?.setItem(draftSecretKey(incoming.id), secret);
  store?.setItem(sharedKey(incoming.id), '1');
  store?.setItem(companyDraftKey, incoming.id);
  syncedAt.set(incoming.id, Date.now());
  return keepLatest(incoming);
}
