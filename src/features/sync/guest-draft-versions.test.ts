// The guest database is the browser's default IndexedDB; fake-indexeddb stands in for it.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Draft, GuestDraft } from '@domain/draft';
import { refreshSharedGuestDraft, saveGuestDraft, shareGuestDraft } from './guest-drafts';
import { guestDatabase } from '@sync/client/db';
import { memoryStorage } from '@src/lib/test-storage';

// "The latest change wins" between two devices on one shared guest draft, read on the
// server's clock (the version the server stamps on each upload), so a device whose clock
// runs a day ahead does not override later real progress made on another device.

const calls = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('@src/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@src/lib/api')>()), api: calls }));

beforeEach(async () => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  calls.get.mockReset();
  calls.put.mockReset();
  await guestDatabase().drafts.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const realNow = '2026-11-21T10:00:00.000Z';
const aDayAhead = '2026-11-22T10:00:00.000Z';
const serverCopy = ({ id, kind, data }: Draft, step: number, updatedAt: string): GuestDraft => ({
  id,
  kind: kind as GuestDraft['kind'],
  step,
  data,
  updatedAt,
});

describe('a device whose clock runs 24 h ahead', () => {
  const skewedDraft = (): Draft => ({
    id: randomUUID(),
    kind: 'companyCreation',
    companyId: null,
    step: 3,
    data: { values: { owner: { firstName: 'Lucía' } } },
    // Stamped by this device's clock, a day in the future.
    updatedAt: aDayAhead,
  });

  it("takes the other device's later progress when it opens the draft again", async () => {
    const local = skewedDraft();
    await saveGuestDraft(local);
    // Sharing uploads now; the server answers its own time of that upload.
    calls.put.mockResolvedValueOnce({ updatedAt: realNow });
    await shareGuestDraft(local.id);

    // The laptop (correct clock) then went on to step 6: the server stamped it a minute later.
    const laterOnLaptop = serverCopy(local, 6, '2026-11-21T10:01:00.000Z');
    calls.get.mockResolvedValueOnce(laterOnLaptop);
    const opened = await refreshSharedGuestDraft(local.id);
    expect(opened).toMatchObject({ step: 6 });
    expect(await guestDatabase().drafts.get(local.id)).toMatchObject({ step: 6 });
  });

  it('keeps its own copy when nobody saved after its last upload', async () => {
    const local = skewedDraft();
    await saveGuestDraft(local);
    calls.put.mockResolvedValueOnce({ updatedAt: realNow });
    await shareGuestDraft(local.id);
    await saveGuestDraft({ ...local, step: 4, updatedAt: '2026-11-22T10:05:00.000Z' });

    // The server still holds this device's own upload: the step-4 change made since stands.
    calls.get.mockResolvedValueOnce(serverCopy(local, 3, realNow));
    expect(await refreshSharedGuestDraft(local.id)).toMatchObject({ step: 4 });
    expect(await guestDatabase().drafts.get(local.id)).toMatchObject({ step: 4 });
  });
});
