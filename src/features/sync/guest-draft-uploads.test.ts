// The guest database is the browser's default IndexedDB; fake-indexeddb stands in for it.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Draft } from '@domain/draft';
import { ApiError, NetworkError } from '@src/lib/api';
import { memoryStorage } from '@src/lib/test-storage';

// Issue 8 §4: a guest's change saved offline is sent on the next start and on `online`, not at the next keystroke.

const calls = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('@src/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@src/lib/api')>()), api: calls }));

/** A browser window: `online` listeners, and `navigator.onLine`. */
const browser = { online: true, listeners: [] as (() => void)[] };
let storage: Storage;
beforeEach(async () => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  browser.online = true;
  browser.listeners = [];
  vi.stubGlobal('navigator', {
    get onLine() {
      return browser.online;
    },
  });
  vi.stubGlobal('window', { addEventListener: (type: string, listener: () => void) => type === 'online' && browser.listeners.push(listener) });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  calls.put.mockReset();
  // Each test is a fresh page load of the same browser (same storage and IndexedDB).
  vi.resetModules();
  await (await import('@sync/client/db')).guestDatabase().drafts.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const load = () => import('./guest-drafts');
const draft = (step: number, updatedAt: string, id = randomUUID()): Draft => ({
  id,
  kind: 'companyCreation',
  companyId: null,
  step,
  data: { companyName: 'Acme' },
  updatedAt,
});
const uploadedSteps = () => calls.put.mock.calls.map(([, options]) => (options as { json: { step: number } }).json.step);
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('guest draft uploads', () => {
  it('sends a change saved offline on the next start after a reload, and only once', async () => {
    const first = await load();
    browser.online = false;
    calls.put.mockRejectedValue(new NetworkError('offline'));
    const row = draft(3, '2026-11-22T10:00:00.000Z');
    await first.saveGuestDraft(row);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.put).toHaveBeenCalledTimes(1);

    // Reloaded while still offline: the page that held the retry is gone.
    vi.resetModules();
    const reloaded = await load();
    reloaded.resumeGuestUploads();
    await settle();
    expect(calls.put).toHaveBeenCalledTimes(2);

    // Back online: the `online` event of the new page sends it.
    browser.online = true;
    calls.put.mockResolvedValue({ updatedAt: '2026-11-22T10:05:00.000Z' });
    for (const listener of browser.listeners) listener();
    await settle();
    expect(uploadedSteps().at(-1)).toBe(3);

    // Sent: the next start has nothing to send.
    const count = calls.put.mock.calls.length;
    vi.resetModules();
    (await load()).resumeGuestUploads();
    await settle();
    expect(calls.put).toHaveBeenCalledTimes(count);
  });

  it('keeps a later change unsent while an earlier version is being uploaded', async () => {
    const guest = await load();
    const row = draft(2, '2026-11-22T10:00:00.000Z');
    let answer!: (value: unknown) => void;
    calls.put.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await guest.saveGuestDraft(row);
    await vi.advanceTimersByTimeAsync(2000);
    // Step 3 is saved while step 2 is on its way.
    await guest.saveGuestDraft({ ...row, step: 3, updatedAt: '2026-11-22T10:00:05.000Z' });
    answer({ updatedAt: '2026-11-22T10:00:06.000Z' });
    await settle();
    calls.put.mockResolvedValue({ updatedAt: '2026-11-22T10:00:07.000Z' });
    vi.resetModules();
    (await load()).resumeGuestUploads();
    await settle();
    expect(uploadedSteps().at(-1)).toBe(3);
  });

  it('tries again within seconds when online but Alta does not answer, and gives up on a refusal', async () => {
    const guest = await load();
    calls.put.mockRejectedValueOnce(new NetworkError('unreachable'));
    const row = draft(4, '2026-11-22T10:00:00.000Z');
    await guest.saveGuestDraft(row);
    await vi.advanceTimersByTimeAsync(2000);
    calls.put.mockResolvedValueOnce({ updatedAt: '2026-11-22T10:00:09.000Z' });
    await vi.advanceTimersByTimeAsync(5000);
    await settle();
    expect(uploadedSteps()).toEqual([4, 4]);

    const refused = draft(1, '2026-11-22T11:00:00.000Z');
    calls.put.mockRejectedValueOnce(new ApiError(404, 'not_found'));
    await guest.saveGuestDraft(refused);
    await vi.advanceTimersByTimeAsync(2000);
    await settle();
    const count = calls.put.mock.calls.length;
    vi.resetModules();
    (await load()).resumeGuestUploads();
    await settle();
    expect(calls.put).toHaveBeenCalledTimes(count);
  });
});
