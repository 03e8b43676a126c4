// The guest database is the browser's default IndexedDB; fake-indexeddb stands in for it.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Draft, GuestDraft } from '@domain/draft';
import { parseContinueFragment } from './continue-link';
import {
  adoptSharedDraft,
  discardGuestDraft,
  draftsInTheWayOf,
  fetchSharedDraft,
  refreshSharedGuestDraft,
  saveGuestDraft,
  shareGuestDraft,
} from '@src/features/sync/guest-drafts';
import { guestDatabase } from '@sync/client/db';
import { companyDraftKey, draftToLink, isSharedGuestDraft } from '@src/features/sync/draft-keys';
import { memoryStorage } from '@src/lib/test-storage';

// The API client, replaced: these tests are about what the device stores and sends.
const calls = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('@src/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@src/lib/api')>()), api: calls }));

let storage: Storage;
beforeEach(async () => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  calls.get.mockReset();
  calls.put.mockReset().mockResolvedValue(undefined);
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
  step: 3,
  data: { values: { owner: { firstName: 'Lucía', email: 'lucia@example.com' } } },
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});
const shared = ({ id, kind, step, data, updatedAt }: Draft): GuestDraft => ({ id, kind: kind as GuestDraft['kind'], step, data, updatedAt });
const secret = 'S'.repeat(43);

describe('sharing a guest draft', () => {
  it('uploads it at once, without waiting for the typing pause, and returns the key of its link', async () => {
    const row = draft();
    await saveGuestDraft(row);
    const key = await shareGuestDraft(row.id);
    expect(key.id).toBe(row.id);
    expect(key.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(calls.put).toHaveBeenCalledTimes(1);
    expect(calls.put.mock.calls[0]).toEqual([
      `drafts/${row.id}`,
      { json: { secret: key.secret, kind: row.kind, step: 3, data: row.data, updatedAt: row.updatedAt }, context: { public: true } },
    ]);
    // The pending delayed upload was replaced by this one.
    await vi.runAllTimersAsync();
    expect(calls.put).toHaveBeenCalledTimes(1);
  });

  it('hands registration the draft with the secret its uploads used, the proof the server asks to link it', async () => {
    expect(draftToLink()).toEqual({});
    const row = draft();
    await saveGuestDraft(row);
    expect(draftToLink()).toEqual({ companyDraftId: row.id });
    await vi.runAllTimersAsync();
    expect(calls.put).toHaveBeenCalledTimes(1);
    expect(draftToLink()).toEqual({ companyDraftId: row.id, draftSecret: calls.put.mock.calls[0]![1].json.secret });
  });

  it('fails when the upload fails (offline), so no dead link is shown', async () => {
    const row = draft();
    await saveGuestDraft(row);
    calls.put.mockRejectedValueOnce(new TypeError('offline'));
    await expect(shareGuestDraft(row.id)).rejects.toThrow('offline');
  });

  it('sends the secret in a header, never in the address', async () => {
    const row = draft();
    calls.get.mockResolvedValue(shared(row));
    expect(await fetchSharedDraft(row.id, secret)).toEqual(shared(row));
    expect(calls.get).toHaveBeenCalledWith(`drafts/${row.id}`, { headers: { 'X-Draft-Secret': secret }, context: { public: true }, expected: ['not_found'] });
  });
});

describe('importing a draft from a link', () => {
  it('stores it under the same id with the same secret, so later saves upload to the same server copy', async () => {
    const original = draft();
    const key = parseContinueFragment(`#${original.id}.${secret}`)!;
    const stored = await adoptSharedDraft(shared(original), key.secret);
    expect(stored).toEqual(original);
    expect(await guestDatabase().drafts.get(original.id)).toEqual(original);
    expect(storage.getItem(companyDraftKey)).toBe(original.id);

    await saveGuestDraft({ ...original, step: 4, updatedAt: '2026-11-21T11:00:00.000Z' });
    await vi.runAllTimersAsync();
    expect(calls.put).toHaveBeenCalledWith(`drafts/${original.id}`, expect.objectContaining({ json: expect.objectContaining({ secret, step: 4 }) }));
  });

  it('keeps a local copy of the same draft changed later than the server copy (the latest change wins)', async () => {
    const local = draft({ step: 5, updatedAt: '2026-11-21T12:00:00.000Z' });
    await saveGuestDraft(local);
    const older = { ...shared(local), step: 2, updatedAt: '2026-11-21T09:00:00.000Z' };
    expect(await adoptSharedDraft(older, secret)).toEqual(local);
    expect(await guestDatabase().drafts.get(local.id)).toEqual(local);

    const newer = { ...shared(local), step: 6, updatedAt: '2026-11-21T13:00:00.000Z' };
    expect(await adoptSharedDraft(newer, secret)).toMatchObject({ step: 6 });
    expect(await guestDatabase().drafts.get(local.id)).toMatchObject({ step: 6, updatedAt: newer.updatedAt });
  });

  it('names the other local drafts of the same wizard, and replaces them once adopted', async () => {
    const otherWizard = draft({ kind: 'crossBorderCrypto' });
    const sameWizard = draft();
    await saveGuestDraft(otherWizard);
    await saveGuestDraft(sameWizard);
    const incoming = draft();
    expect((await draftsInTheWayOf(incoming)).map((row) => row.id)).toEqual([sameWizard.id]);
    await adoptSharedDraft(shared(incoming), secret);
    expect((await guestDatabase().drafts.toArray()).map((row) => row.id).sort()).toEqual([otherWizard.id, incoming.id].sort());
    expect(await draftsInTheWayOf(incoming)).toEqual([]);
  });
});

describe('opening a shared draft again', () => {
  it('takes the server copy another device changed later, and only for shared drafts', async () => {
    const row = draft();
    await saveGuestDraft(row);
    expect(await refreshSharedGuestDraft(row.id)).toBeUndefined();
    expect(calls.get).not.toHaveBeenCalled();

    const key = await shareGuestDraft(row.id);
    expect(isSharedGuestDraft(row.id)).toBe(true);
    const fromLaptop = { ...shared(row), step: 6, data: { values: { owner: { firstName: 'Lucía' } }, laptop: true }, updatedAt: '2026-11-21T15:00:00.000Z' };
    calls.get.mockResolvedValueOnce(fromLaptop);
    expect(await refreshSharedGuestDraft(row.id)).toMatchObject({ step: 6, updatedAt: fromLaptop.updatedAt });
    expect(calls.get).toHaveBeenCalledWith(`drafts/${row.id}`, expect.objectContaining({ headers: { 'X-Draft-Secret': key.secret } }));
    expect(await guestDatabase().drafts.get(row.id)).toMatchObject({ step: 6, data: fromLaptop.data });
  });

  it('keeps the local copy when it is the latest, or when the server cannot be asked', async () => {
    const row = draft({ updatedAt: '2026-11-21T16:00:00.000Z' });
    await saveGuestDraft(row);
    await shareGuestDraft(row.id);
    calls.get.mockResolvedValueOnce({ ...shared(row), step: 1, updatedAt: '2026-11-21T08:00:00.000Z' });
    expect(await refreshSharedGuestDraft(row.id)).toEqual(row);

    const offline = draft();
    await saveGuestDraft(offline);
    await shareGuestDraft(offline.id);
    calls.get.mockRejectedValueOnce(new TypeError('offline'));
    expect(await refreshSharedGuestDraft(offline.id)).toBeUndefined();
    expect(calls.get).toHaveBeenCalledTimes(2);
    expect(await guestDatabase().drafts.get(offline.id)).toEqual(offline);
  });

  it('does not ask the server again right after taking the draft from it', async () => {
    const row = draft();
    await adoptSharedDraft(shared(row), secret);
    expect(await refreshSharedGuestDraft(row.id)).toBeUndefined();
    expect(calls.get).not.toHaveBeenCalled();
  });

  it('forgets that a discarded draft was shared', async () => {
    const row = draft();
    await adoptSharedDraft(shared(row), secret);
    expect(isSharedGuestDraft(row.id)).toBe(true);
    await discardGuestDraft(row.id);
    expect(isSharedGuestDraft(row.id)).toBe(false);
  });
});
