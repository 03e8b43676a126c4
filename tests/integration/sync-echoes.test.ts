import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onCommittedRows } from '@sync/client/changed-keys';
import { syncCycle } from '@sync/client/cycle';
import { AppDB } from '@sync/client/db';
import { Replica } from '@sync/client/replica';
import type { SyncTransport } from '@sync/client/transport';
import type { PullResponse } from '@sync/protocol';
import { applyPull } from '@server/sync/pull';
import { applyPush } from '@server/sync/push';
import { insertTestCompany } from '@server/sync/test-fixtures';
import { createUser } from '@server/test/accounts';
import { createTestApp, type TestApp } from '@server/test/harness';

/**
 * A device's own changes come back in the pull after its push, as the server stored them: the
 * same rows, since the mutators are shared. Against the real server (push, pull, database), the
 * device writes none of them again, so the list hears of nothing, while another device's
 * change is written as usual.
 */

const at = '2026-11-21T10:00:00.000Z';
let t: TestApp;
let userId: string;
let companyId: string;

// Push and pull only: no file is stored, so the app needs no data directory of its own.
beforeAll(async () => {
  t = await createTestApp();
  userId = (await createUser(t)).id;
  companyId = await insertTestCompany(t.database.db, userId);
});
afterAll(() => t.close());

/** Every pull answer, to tell which ones left the device's own changes out (decision 091). */
const pulled: PullResponse[] = [];
const transport: SyncTransport = {
  push: async (request) => ({ ok: true, value: structuredClone(await applyPush(t.database.db, userId, structuredClone(request))) }),
  pull: async (request) => {
    const response = structuredClone(await applyPull(t.database.db, userId, request));
    pulled.push(response);
    return { ok: true, value: response };
  },
};

function device(name: string) {
  const db = new AppDB(`${userId}-${name}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const written: string[] = [];
  onCommittedRows(db.name, (_changes, rows) => written.push(...[...(rows.transactions?.keys() ?? [])].map(String)));
  return { db, replica: new Replica(db, userId), written };
}

const newTransaction = (id: string, description: string) => ({
  id,
  companyId,
  createdAt: at,
  transaction: { date: '2026-03-02', description, amountCents: -24_900, accountKind: null, accountId: null, category: null, merchant: null, note: '' },
});

/** Two devices of the user, both synced, and two transactions the first has created and not yet pushed. */
async function twoDevicesAndTwoRows(first: string, second: string) {
  const phone = device(first);
  const laptop = device(second);
  expect(await syncCycle(phone.replica, transport)).toBeNull();
  expect(await syncCycle(laptop.replica, transport)).toBeNull();
  const [chair, desk] = [crypto.randomUUID(), crypto.randomUUID()];
  await phone.replica.mutate('createTransaction', newTransaction(chair, 'Office chair'));
  await phone.replica.mutate('createTransaction', newTransaction(desk, 'Desk'));
  return { phone, laptop, chair, desk };
}

describe('a device pulling back its own changes', () => {
  it('writes none of them again, and writes what another device changed', async () => {
    const { phone, laptop, chair, desk } = await twoDevicesAndTwoRows('phone', 'laptop');
    await phone.replica.mutate('setTransactionNote', { id: chair, note: 'For the new hire', updatedAt: at });
    await phone.replica.mutate('setTransactionCategory', { id: desk, category: 'equipment', updatedAt: at });
    phone.written.length = 0;
    expect(await syncCycle(phone.replica, transport)).toBeNull();
    // The push and the pull that brought both rows back wrote nothing to the phone's transactions.
    expect(phone.written).toEqual([]);
    expect(await phone.db.outbox.count()).toBe(0);

    // The laptop did not have them: it writes both, exactly as the phone holds them.
    expect(await syncCycle(laptop.replica, transport)).toBeNull();
    expect(laptop.written.sort()).toEqual([chair, desk].sort());
    expect(await laptop.db.transactions.bulkGet([chair, desk])).toEqual(await phone.db.transactions.bulkGet([chair, desk]));

    // A change from the laptop is written on the phone.
    await laptop.replica.mutate('setTransactionNote', { id: desk, note: 'Standing desk', updatedAt: at });
    expect(await syncCycle(laptop.replica, transport)).toBeNull();
    expect(await syncCycle(phone.replica, transport)).toBeNull();
    expect(phone.written).toEqual([desk]);
    expect((await phone.db.transactions.get(desk))?.note).toBe('Standing desk');

    // The phone's change reaches the server, the laptop changes the same row, then the phone
    // pulls: what comes back is not what the phone wrote, and is written.
    await phone.replica.mutate('setTransactionNote', { id: chair, note: 'Mine', updatedAt: at });
    await applyPush(t.database.db, userId, (await phone.replica.nextPush(0))!);
    await laptop.replica.mutate('setTransactionNote', { id: chair, note: 'Theirs', updatedAt: at });
    expect(await syncCycle(laptop.replica, transport)).toBeNull();
    phone.written.length = 0;
    expect(await syncCycle(phone.replica, transport)).toBeNull();
    expect(phone.written).toEqual([chair]);
    expect((await phone.db.transactions.get(chair))?.note).toBe('Theirs');
    expect(await phone.db.outbox.count()).toBe(0);
  });

  it('keeps what its acknowledged changes wrote when the server sends none back, and replays what is still queued on top', async () => {
    const { phone, laptop, chair, desk } = await twoDevicesAndTwoRows('tablet', 'desktop');
    pulled.length = 0;
    phone.written.length = 0;
    expect(await syncCycle(phone.replica, transport)).toBeNull();
    expect(pulled).toEqual([expect.objectContaining({ ownChangesOnly: true, changes: {} })]);
    expect(phone.written).toEqual([]);
    expect(await phone.db.outbox.count()).toBe(0);

    // A note reaches the server; before the phone pulls, it changes the same row again (queued).
    await phone.replica.mutate('setTransactionNote', { id: chair, note: 'Sent', updatedAt: at });
    await applyPush(t.database.db, userId, (await phone.replica.nextPush(0))!);
    await phone.replica.mutate('setTransactionCategory', { id: chair, category: 'equipment', updatedAt: at });
    const request = await phone.replica.nextPull();
    const response = await applyPull(t.database.db, userId, request);
    expect(response).toMatchObject({ ownChangesOnly: true, changes: {}, lastMutationId: 3 });
    expect(await phone.replica.applyPull(request, response)).toBe('applied');
    // The acknowledged note stays, the queued category is still on top, and only it is left to send.
    expect(await phone.db.transactions.get(chair)).toMatchObject({ note: 'Sent', category: 'equipment' });
    expect((await phone.db.outbox.toArray()).map((entry) => entry.name)).toEqual(['setTransactionCategory']);
    expect(await syncCycle(phone.replica, transport)).toBeNull();

    // Every device ends with the server's rows.
    expect(await syncCycle(laptop.replica, transport)).toBeNull();
    expect(await laptop.db.transactions.bulkGet([chair, desk])).toEqual(await phone.db.transactions.bulkGet([chair, desk]));
    expect(await laptop.db.transactions.get(chair)).toMatchObject({ note: 'Sent', category: 'equipment' });
  });
});
