// The guest database is the browser's default IndexedDB; fake-indexeddb stands in for it.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Draft } from '@domain/draft';
import { adoptGuestDrafts, discardGuestDraft, saveGuestDraft } from './guest-drafts';
import { companyDraftKey } from './draft-keys';
import { guestDatabase } from '@sync/client/db';
import { memoryStorage } from '@src/lib/test-storage';

let storage: Storage;
beforeEach(async () => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  // Uploads wait for a pause in the typing; these tests are about the local side.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  await guestDatabase().drafts.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const draft = (overrides: Partial<Draft> = {}): Draft => ({
  id: randomUUID(),
  kind: 'companyCreation',
  companyId: null,
  step: 2,
  data: { companyName: 'Acme' },
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

describe('guest drafts', () => {
  it('saves a guest draft locally and remembers it for registration with a secret to upload it', async () => {
    const row = draft();
    await saveGuestDraft(row);
    expect(await guestDatabase().drafts.get(row.id)).toEqual(row);
    expect(storage.getItem(companyDraftKey)).toBe(row.id);
    await saveGuestDraft({ ...row, step: 3 });
    expect(await guestDatabase().drafts.get(row.id)).toMatchObject({ step: 3 });
  });

  it('refuses what the draft mutator refuses (another wizard under the same id)', async () => {
    const row = draft();
    await saveGuestDraft(row);
    await expect(saveGuestDraft({ ...row, kind: 'crossBorderCrypto' })).rejects.toMatchObject({ code: 'invalid' });
    expect(await guestDatabase().drafts.get(row.id)).toEqual(row);
  });

  it('forgets a discarded draft, its secret and the registration link', async () => {
    const row = draft();
    await saveGuestDraft(row);
    await discardGuestDraft(row.id);
    expect(await guestDatabase().drafts.count()).toBe(0);
    expect(storage.length).toBe(0);
  });

  it('moves the guest drafts into the signed-in user’s queue: the linked one keeps its id, the others get new ones', async () => {
    const older = draft({ kind: 'crossBorderCrypto' });
    const linked = draft();
    await saveGuestDraft(older);
    await saveGuestDraft(linked);
    const queued: { name: string; args: Draft }[] = [];
    await adoptGuestDrafts({ mutate: async (name, args) => void queued.push({ name, args: args as Draft }) });

    expect(queued.map((entry) => entry.name)).toEqual(['saveDraft', 'saveDraft']);
    const adoptedLinked = queued.find((entry) => entry.args.kind === 'companyCreation')!.args;
    const adoptedOther = queued.find((entry) => entry.args.kind === 'crossBorderCrypto')!.args;
    expect(adoptedLinked).toEqual(linked);
    expect(adoptedOther).toEqual({ ...older, id: expect.not.stringMatching(older.id) });
    expect(await guestDatabase().drafts.count()).toBe(0);
    expect(storage.getItem(companyDraftKey)).toBeNull();
  });
});
