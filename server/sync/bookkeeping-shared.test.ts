import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { declarations, inboxReceipts, transactions, uploads } from '../db/schema/bookkeeping';
import { storageOrphans } from '../db/schema/storage';
import { database, insertTestCompany, insertTestTeam, testDevice, testTimestamp as at, transactionForm as form, useSyncTestApp } from './test-fixtures';

/**
 * What a company shares across devices besides its transactions (decision 024): the years a
 * sent declaration locks, the categoriser's rules and the receipt inbox, all through the
 * ordinary push and pull, scoped to the company.
 */

useSyncTestApp();

const setup = () => insertTestTeam(database.db);

describe('company data shared across devices', () => {
  it('tells every device of the company which years a sent declaration locked, and forgets a withdrawn one', async () => {
    const { owner, stranger, companyId } = await setup();
    await database.db.insert(declarations).values({ companyId, year: 2024 });
    expect((await testDevice(owner).pull()).changes.lockedYears).toBeUndefined();
    const sentAt = new Date('2026-03-01T12:00:00.000Z');
    await database.db.update(declarations).set({ sentAt }).where(eq(declarations.companyId, companyId));
    const phone = testDevice(owner);
    const first = await phone.pull();
    expect(first.changes.lockedYears?.puts).toEqual([{ id: expect.any(String), companyId, year: 2024, lockedAt: '2026-03-01T12:00:00.000Z' }]);
    expect((await testDevice(stranger).pull()).changes.lockedYears).toBeUndefined();

    await database.db.delete(declarations).where(eq(declarations.companyId, companyId));
    const next = await phone.pull(first.cursor);
    expect(next.changes.lockedYears).toEqual({ puts: [], deletes: [first.changes.lockedYears!.puts[0]!.id] });
  });

  it('brings a categoriser rule made on one device to the teammate, and to no one else', async () => {
    const { owner, teammate, stranger, companyId } = await setup();
    const rule = { id: randomUUID(), companyId, contains: 'amazon web services', category: 'software', createdAt: at };
    expect(await testDevice(owner).push(['createCategoriserRule', rule])).toEqual({ lastMutationId: 1, rejections: [] });
    expect((await testDevice(teammate).pull()).changes.categoriserRules?.puts).toEqual([rule]);
    expect((await testDevice(stranger).pull()).changes.categoriserRules).toBeUndefined();
    const refused = await testDevice(stranger).push(
      ['createCategoriserRule', { ...rule, id: randomUUID() }],
      ['createCategoriserRule', { ...rule, id: randomUUID(), companyId: await insertTestCompany(database.db, stranger), contains: ' ' }],
    );
    expect(refused.rejections).toEqual([
      { mutationId: 1, code: 'forbidden' },
      { mutationId: 2, code: 'invalid' },
    ]);
  });

  it('keeps verified receipts in the company inbox until a device matches one to a transaction or throws it away', async () => {
    const { owner, teammate, stranger, companyId } = await setup();
    const receipt = () => ({ key: `receipts/${companyId}/${randomUUID()}.pdf`, name: 'ticket.pdf', size: 2048, contentType: 'application/pdf' });
    const [matched, discarded, unverified] = [receipt(), receipt(), receipt()];
    await database.db.insert(uploads).values([
      ...[matched, discarded].map((file) => ({
        key: file.key,
        companyId,
        uploadType: 'transactionReceipt' as const,
        fileName: file.name,
        size: file.size,
        contentType: file.contentType,
        uploadedBy: owner,
        verifiedAt: new Date(),
      })),
      {
        key: unverified.key,
        companyId,
        uploadType: 'transactionReceipt',
        fileName: unverified.name,
        size: unverified.size,
        contentType: unverified.contentType,
        uploadedBy: owner,
      },
    ]);
    const inbox = { matched: randomUUID(), discarded: randomUUID() };
    const phone = testDevice(owner);
    const added = await phone.push(
      ['addInboxReceipt', { id: inbox.matched, companyId, receipt: matched, createdAt: at }],
      ['addInboxReceipt', { id: inbox.discarded, companyId, receipt: discarded, createdAt: at }],
      ['addInboxReceipt', { id: randomUUID(), companyId, receipt: unverified, createdAt: at }],
    );
    expect(added.rejections).toEqual([{ mutationId: 3, code: 'invalid' }]);

    // The teammate's laptop sees the inbox and matches one; a stranger can neither see nor use it.
    const laptop = testDevice(teammate);
    expect((await laptop.pull()).changes.inboxReceipts?.puts.map((row) => row.id).sort()).toEqual([inbox.matched, inbox.discarded].sort());
    expect((await testDevice(stranger).pull()).changes.inboxReceipts).toBeUndefined();
    const transactionId = randomUUID();
    const done = await laptop.push(
      ['createTransaction', { id: transactionId, companyId, createdAt: at, transaction: form() }],
      ['attachInboxReceipt', { inboxId: inbox.matched, transactionId, updatedAt: at }],
      ['deleteInboxReceipt', { id: inbox.discarded }],
    );
    expect(done.rejections).toEqual([]);
    expect(await testDevice(stranger).push(['deleteInboxReceipt', { id: inbox.matched }])).toMatchObject({
      rejections: [{ mutationId: 1, code: 'not_found' }],
    });
    const [row] = await database.db.select().from(transactions).where(eq(transactions.id, transactionId));
    expect(row?.receipt).toEqual(matched);
    expect(await database.db.select().from(inboxReceipts).where(eq(inboxReceipts.companyId, companyId))).toEqual([]);
    // Both keys left the inbox; the sweeper will keep the one a transaction now holds.
    const orphans = (await database.db.select().from(storageOrphans)).map((orphan) => orphan.key);
    expect(orphans).toEqual(expect.arrayContaining([matched.key, discarded.key]));
  });
});
