import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactionHistorySchema } from '@domain/bookkeeping-history';
import { transactions, uploads } from '../db/schema/bookkeeping';
import { createUser, signIn } from '../test/accounts';
import { database, insertTestCompany, testDevice, testTimestamp as at, t, transactionForm as form, useSyncTestApp } from './test-fixtures';

/**
 * What the bookkeeping workspace relies on from the server: the merchant and bulk mutators,
 * company isolation between teammates of different companies (push, pull, receipts) and
 * the change history with who made each change.
 */

useSyncTestApp();

const stored = async (id: string) => (await database.db.select().from(transactions).where(eq(transactions.id, id)))[0];

/** Company A with its owner and a teammate, company B with its own owner. */
async function twoCompanies() {
  const ownerA = await createUser(t, { firstName: 'Olga' });
  const teammateA = await createUser(t, { firstName: 'Tomas' });
  const ownerB = await createUser(t, { firstName: 'Bruno' });
  const companyA = await insertTestCompany(database.db, ownerA.id, [teammateA.id]);
  const companyB = await insertTestCompany(database.db, ownerB.id);
  return { ownerA, teammateA, ownerB, companyA, companyB };
}

describe('bookkeeping workspace mutators', () => {
  it('sets and clears the merchant, and categorises, checks and deletes many transactions at once', async () => {
    const { ownerA, companyA } = await twoCompanies();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const phone = testDevice(ownerA.id);
    await phone.push(...ids.map((id) => ['createTransaction', { id, companyId: companyA, createdAt: at, transaction: form() }] as [string, unknown]));
    const result = await phone.push(
      ['setTransactionMerchant', { id: ids[0], merchant: '  Amazon Web Services ', updatedAt: at }],
      ['setTransactionsCategory', { ids, category: 'software', updatedAt: at }],
      ['setTransactionsChecked', { ids: ids.slice(0, 2), checked: true, updatedAt: at }],
      ['setTransactionMerchant', { id: ids[1], merchant: '', updatedAt: at }],
    );
    expect(result.rejections).toEqual([]);
    expect(await stored(ids[0]!)).toMatchObject({ merchant: 'Amazon Web Services', category: 'software', checked: true });
    expect(await stored(ids[1]!)).toMatchObject({ merchant: null, category: 'software', checked: true });
    expect(await stored(ids[2]!)).toMatchObject({ category: 'software', checked: false });
    expect((await phone.push(['deleteTransactions', { ids: ids.slice(1) }])).rejections).toEqual([]);
    expect(await stored(ids[1]!)).toBeUndefined();
    expect(await stored(ids[0]!)).toBeDefined();
  });

  it('refuses a bulk change whole when one transaction is blocked, and restores deleted ones without their receipt', async () => {
    const { ownerA, companyA } = await twoCompanies();
    const [open, blocked] = [randomUUID(), randomUUID()];
    const phone = testDevice(ownerA.id);
    await phone.push(
      ['createTransaction', { id: open, companyId: companyA, createdAt: at, transaction: form() }],
      ['createTransaction', { id: blocked, companyId: companyA, createdAt: at, transaction: form() }],
    );
    await database.db.update(transactions).set({ blocked: true }).where(eq(transactions.id, blocked));
    const refused = await phone.push(['setTransactionsCategory', { ids: [open, blocked], category: 'travel', updatedAt: at }]);
    expect(refused.rejections.map((rejection) => rejection.code)).toEqual(['blocked']);
    expect(await stored(open)).toMatchObject({ category: null });

    const before = (await phone.pull()).changes.transactions!.puts.find((row) => (row as { id: string }).id === open) as Record<string, unknown>;
    await phone.push(['deleteTransaction', { id: open }]);
    const receipt = { key: `receipts/${companyA}/${randomUUID()}.pdf`, name: 'x.pdf', size: 10, contentType: 'application/pdf' };
    const restored = await phone.push(['restoreTransactions', { transactions: [{ ...before, receipt, note: 'back' }] }]);
    expect(restored.rejections).toEqual([]);
    expect(await stored(open)).toMatchObject({ note: 'back', receipt: null });
    // Restoring over a row that exists is refused.
    expect((await phone.push(['restoreTransactions', { transactions: [before] }])).rejections.map((rejection) => rejection.code)).toEqual(['invalid']);
  });
});

describe('company isolation in bookkeeping', () => {
  it("keeps a teammate of company A out of company B's transactions and receipts: push refused, pull empty, download 404", async () => {
    const { ownerB, teammateA, companyA, companyB } = await twoCompanies();
    const idB = randomUUID();
    const deviceB = testDevice(ownerB.id);
    await deviceB.push(['createTransaction', { id: idB, companyId: companyB, createdAt: at, transaction: form({ description: 'B secret' }) }]);
    const keyB = `receipts/${companyB}/${randomUUID()}.pdf`;
    await database.db.insert(uploads).values({
      key: keyB,
      companyId: companyB,
      uploadType: 'transactionReceipt',
      fileName: 'b.pdf',
      size: 10,
      contentType: 'application/pdf',
      uploadedBy: ownerB.id,
      verifiedAt: new Date(),
    });

    const teammate = testDevice(teammateA.id);
    await teammate.push(['createTransaction', { id: randomUUID(), companyId: companyA, createdAt: at, transaction: form({ description: 'A line' }) }]);
    const result = await teammate.push(
      ['setTransactionCategory', { id: idB, category: 'travel', updatedAt: at }],
      ['setTransactionsChecked', { ids: [idB], checked: true, updatedAt: at }],
      ['setTransactionMerchant', { id: idB, merchant: 'x', updatedAt: at }],
      ['deleteTransactions', { ids: [idB] }],
      ['createTransaction', { id: randomUUID(), companyId: companyB, createdAt: at, transaction: form() }],
      [
        'restoreTransactions',
        {
          transactions: [
            { ...form(), id: randomUUID(), companyId: companyB, checked: false, receipt: null, blocked: false, importId: null, createdAt: at, updatedAt: at },
          ],
        },
      ],
      ['attachReceipt', { id: idB, receipt: { key: keyB, name: 'b.pdf', size: 10, contentType: 'application/pdf' }, updatedAt: at }],
    );
    expect(result.rejections.map((rejection) => rejection.code)).toEqual([
      'not_found',
      'not_found',
      'not_found',
      'not_found',
      'forbidden',
      'forbidden',
      'not_found',
    ]);
    expect(await stored(idB)).toMatchObject({ category: null, checked: false, merchant: null, receipt: null });

    const pulled = await teammate.pull();
    const descriptions = (pulled.changes.transactions?.puts ?? []).map((row) => (row as { description: string }).description);
    expect(descriptions).toEqual(['A line']);

    const cookies = await signIn(t, teammateA.email);
    expect((await t.request('/api/v1/uploads/download-url', { method: 'POST', cookies, json: { key: keyB } })).status).toBe(404);
    const history = await t.request(`/api/v1/bookkeeping/transactions/${idB}/history`, { cookies });
    expect(await history.json()).toEqual({ items: [] });
  });
});

describe('transaction history', () => {
  it('records who created and changed what, before and after, and keeps it after a delete', async () => {
    const { ownerA, teammateA, companyA } = await twoCompanies();
    const id = randomUUID();
    await testDevice(ownerA.id).push(['createTransaction', { id, companyId: companyA, createdAt: at, transaction: form() }]);
    await testDevice(teammateA.id).push(
      ['setTransactionCategory', { id, category: 'software', updatedAt: at }],
      ['setTransactionNote', { id, note: 'Hosting', updatedAt: at }],
      ['setTransactionNote', { id, note: 'Hosting', updatedAt: '2026-11-21T11:00:00.000Z' }],
      ['setTransactionsChecked', { ids: [id], checked: true, updatedAt: at }],
    );
    await testDevice(ownerA.id).push(['deleteTransaction', { id }]);
    const cookies = await signIn(t, ownerA.email);
    const response = await t.request(`/api/v1/bookkeeping/transactions/${id}/history`, { cookies });
    expect(response.status).toBe(200);
    const { items } = transactionHistorySchema.parse(await response.json());
    // Newest first; a change of only the timestamp records nothing.
    expect(items.map((item) => [item.action, item.user?.firstName, item.changes])).toEqual([
      ['deleted', ownerA.firstName, {}],
      ['updated', teammateA.firstName, { checked: [false, true] }],
      ['updated', teammateA.firstName, { note: ['', 'Hosting'] }],
      ['updated', teammateA.firstName, { category: [null, 'software'] }],
      ['created', ownerA.firstName, {}],
    ]);
    expect((await t.request(`/api/v1/bookkeeping/transactions/${id}/history`)).status).toBe(401);
    expect((await t.request('/api/v1/bookkeeping/transactions/not-a-uuid/history', { cookies })).status).toBe(400);
  });
});
