// The guest database is the browser's default IndexedDB; fake-indexeddb stands in for it.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepPending } from '@src/features/drafts/pending-draft';
import { markSignedIn } from '@src/features/session/signed-in-flag';
import { discardGuestDraft, saveGuestDraft } from '@src/features/sync/guest-drafts';
import { memoryStorage } from '@src/lib/test-storage';
import { currentUserKey } from '@sync/client/current-user';
import { guestDatabase } from '@sync/client/db';
import { pageFormFits } from './page-form';

let local: Storage;
let tab: Storage;
beforeEach(async () => {
  local = memoryStorage();
  tab = memoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', tab);
  // Uploads wait for a pause in the typing; these tests are about the device's keys.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  await guestDatabase().drafts.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const draft = () => ({ id: randomUUID(), kind: 'crossBorderCrypto' as const, companyId: null, step: 1, data: {}, updatedAt: '2026-11-27T10:00:00.000Z' });

describe("a wizard's pre-rendered first step", () => {
  it('fits a first visit, and a device whose guest draft was discarded', async () => {
    expect(pageFormFits()).toBe(true);
    const row = draft();
    await saveGuestDraft(row);
    expect(pageFormFits()).toBe(false);
    await discardGuestDraft(row.id);
    expect(pageFormFits()).toBe(true);
  });

  it('does not fit a device with a guest draft only in the tab, on its way to the database', () => {
    const row = draft();
    keepPending('guest', { draft: row, patch: { id: row.id, kind: row.kind, companyId: null, step: 1, changes: [], updatedAt: row.updatedAt } });
    expect(pageFormFits()).toBe(false);
  });

  it('does not fit anyone signed in on this device, or whose database it keeps', () => {
    markSignedIn({ role: 'user', firstName: 'Lucía', lastName: 'Fernández', email: 'lucia@example.com', impersonatedBy: null });
    expect(pageFormFits()).toBe(false);
    local.clear();
    local.setItem(currentUserKey, randomUUID());
    expect(pageFormFits()).toBe(false);
  });
});
