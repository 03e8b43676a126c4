import { guestDraftKinds, type Draft, type DraftKind } from '@domain/draft';
import type { SyncEngine } from '@sync/client/engine';
import { GuestDB } from '@sync/client/db';
import { createLocalTx } from '@sync/client/local-tx';
import { runMutator } from '@sync/mutator';
import { mutators } from '@sync/mutators';
import { api } from '@src/lib/api';

/**
 * A guest's drafts (no account yet): kept in the `alta-guest` Dexie database, and the
 * company wizards' drafts uploaded to `PUT /api/v1/drafts/:id` with a per-draft secret kept
 * in localStorage, so registration can link the latest one to the new account
 * (`companyDraftId`, read by the register form from `alta.companyDraftId`). At the first
 * sign-in on this device the guest's drafts move into the user's database.
 */

/** The register form sends this draft id as `companyDraftId` (key shared with the auth feature). */
export const companyDraftKey = 'alta.companyDraftId';
const secretKey = (id: string) => `alta.draftSecret.${id}`;
/** A wizard saves on every change; uploads wait for a pause in the typing. */
const uploadDelayMs = 2000;

let guestDb: GuestDB | null = null;

/** The guest's database, opened on first use. */
export function guestDatabase(): GuestDB {
  guestDb ??= new GuestDB();
  return guestDb;
}

const isGuestKind = (kind: DraftKind) => (guestDraftKinds as readonly DraftKind[]).includes(kind);

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** The draft's upload secret, created on first use (32 random bytes, base64url). */
function secretOf(id: string): string {
  const store = storage();
  const existing = store?.getItem(secretKey(id));
  if (existing) return existing;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const secret = btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  store?.setItem(secretKey(id), secret);
  return secret;
}

const waiting = new Map<string, ReturnType<typeof setTimeout>>();
let retryOnOnline = false;

async function upload(id: string): Promise<void> {
  const draft = await guestDatabase().drafts.get(id);
  if (!draft || !isGuestKind(draft.kind)) return;
  try {
    await api.put(`drafts/${id}`, {
      json: { secret: secretOf(id), kind: draft.kind, step: draft.step, data: draft.data, updatedAt: draft.updatedAt },
      context: { public: true },
    });
  } catch {
    // Offline or refused: the draft is safe locally; try again when the browser is back online.
    if (!retryOnOnline && typeof window !== 'undefined') {
      retryOnOnline = true;
      window.addEventListener('online', () => void uploadAll(), { once: true });
    }
  }
}

async function uploadAll(): Promise<void> {
  retryOnOnline = false;
  for (const draft of await guestDatabase().drafts.toArray()) await upload(draft.id);
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
    await runMutator(mutators.saveDraft, createLocalTx(db, null, null), draft);
  });
  if (!isGuestKind(draft.kind)) return;
  storage()?.setItem(companyDraftKey, draft.id);
  scheduleUpload(draft.id);
}

/** Discards a guest's draft on this device (the server copy, never linked, expires with the retention window). */
export async function discardGuestDraft(id: string): Promise<void> {
  clearTimeout(waiting.get(id));
  await guestDatabase().drafts.delete(id);
  const store = storage();
  store?.removeItem(secretKey(id));
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
  const linked = storage()?.getItem(companyDraftKey);
  for (const draft of drafts) {
    await engine.mutate('saveDraft', draft.id === linked ? draft : { ...draft, id: crypto.randomUUID() });
    await discardGuestDraft(draft.id);
  }
}
