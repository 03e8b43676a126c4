import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importCooldownSeconds } from '@domain/bookkeeping';
import { protocolVersion } from '@sync/protocol';
import { batchImports, declarations, manualAccounts, transactions, uploads } from '../db/schema/bookkeeping';
import { createUser, signIn } from '../test/accounts';
import { database, insertTestCompany, insertTestTeam, testDevice, testTimestamp as at, t, transactionForm as form, useSyncTestApp } from './test-fixtures';

/**
 * The bookkeeping mutators on the real server (PGlite, or PostgreSQL in CI): what they
 * store, and the refusals only the server can make — not your company, blocked
 * transactions, years whose declaration is sent, receipts that were never verified.
 */

useSyncTestApp();

const setup = () => insertTestTeam(database.db);

/** Moves the company's import stamps past the SPEC §9 cooldown (triggers off for this one update: they keep the stamp). */
async function cooledDown(companyId: string) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update batch_imports set received_at = now() - make_interval(secs => ${importCooldownSeconds + 1}) where company_id = ${companyId}`);
  });
}

async function storedTransaction(id: string) {
  const [row] = await database.db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

describe('bookkeeping mutators on the server', () => {
  it('creates, categorises, notes, checks and deletes a transaction, and pulls it to the company', async () => {
    const { owner, teammate, companyId } = await setup();
    const id = randomUUID();
    const ownerDevice = testDevice(owner);
    expect(await ownerDevice.push(['createTransaction', { id, companyId, createdAt: at, transaction: form() }])).toEqual({ lastMutationId: 1, rejections: [] });
    const teammateDevice = testDevice(teammate);
    expect(
      await teammateDevice.push(
        ['setTransactionCategory', { id, category: 'software', updatedAt: at }],
        ['setTransactionNote', { id, note: 'Hosting for March', updatedAt: at }],
        ['setTransactionChecked', { id, checked: true, updatedAt: at }],
      ),
    ).toEqual({ lastMutationId: 3, rejections: [] });
    expect(await storedTransaction(id)).toMatchObject({
      companyId,
      amountCents: -12_345,
      category: 'software',
      note: 'Hosting for March',
      checked: true,
      blocked: false,
    });
    const pulled = await teammateDevice.pull();
    expect(pulled.changes.transactions?.puts).toEqual([
      expect.objectContaining({ id, date: '2026-03-02', category: 'software', checked: true, receipt: null, importId: null }),
    ]);
    expect(await ownerDevice.push(['deleteTransaction', { id }])).toEqual({ lastMutationId: 2, rejections: [] });
    expect(await storedTransaction(id)).toBeUndefined();
  });

  it("refuses changes to a company that is not the caller's", async () => {
    const { owner, stranger, companyId } = await setup();
    const id = randomUUID();
    await testDevice(owner).push(['createTransaction', { id, companyId, createdAt: at, transaction: form() }]);
    const result = await testDevice(stranger).push(
      ['createTransaction', { id: randomUUID(), companyId, createdAt: at, transaction: form() }],
      ['createManualAccount', { id: randomUUID(), companyId, name: 'Mine now', createdAt: at }],
      ['setTransactionCategory', { id, category: 'travel', updatedAt: at }],
      ['deleteTransaction', { id }],
    );
    // Rows of other companies are invisible: changing one is refused as if it did not exist.
    expect(result.rejections).toEqual([
      { mutationId: 1, code: 'forbidden' },
      { mutationId: 2, code: 'forbidden' },
      { mutationId: 3, code: 'not_found' },
      { mutationId: 4, code: 'not_found' },
    ]);
    expect(await storedTransaction(id)).toMatchObject({ category: null });
  });

  it('refuses every change to a blocked transaction', async () => {
    const { owner, companyId } = await setup();
    const id = randomUUID();
    const phone = testDevice(owner);
    await phone.push(['createTransaction', { id, companyId, createdAt: at, transaction: form() }]);
    await database.db.update(transactions).set({ blocked: true }).where(eq(transactions.id, id));
    const result = await phone.push(
      ['setTransactionCategory', { id, category: 'travel', updatedAt: at }],
      ['setTransactionNote', { id, note: 'x', updatedAt: at }],
      ['setTransactionChecked', { id, checked: true, updatedAt: at }],
      ['removeReceipt', { id, updatedAt: at }],
      ['deleteTransaction', { id }],
    );
    expect(result.rejections.map((rejection) => rejection.code)).toEqual(['blocked', 'blocked', 'blocked', 'blocked', 'blocked']);
    expect(await storedTransaction(id)).toMatchObject({ category: null, checked: false, note: '' });
  });

  it("locks a year's transactions once its declaration is sent, and only that year", async () => {
    const { owner, companyId } = await setup();
    const lastYear = randomUUID();
    const thisYear = randomUUID();
    const phone = testDevice(owner);
    await phone.push(
      ['createTransaction', { id: lastYear, companyId, createdAt: at, transaction: form({ date: '2025-12-30' }) }],
      ['createTransaction', { id: thisYear, companyId, createdAt: at, transaction: form({ date: '2026-01-02' }) }],
    );
    // A declaration in progress locks nothing.
    await database.db.insert(declarations).values({ companyId, year: 2025 });
    expect((await phone.push(['setTransactionChecked', { id: lastYear, checked: true, updatedAt: at }])).rejections).toEqual([]);

    await database.db.update(declarations).set({ sentAt: new Date() }).where(eq(declarations.companyId, companyId));
    const result = await phone.push(
      ['setTransactionCategory', { id: lastYear, category: 'software', updatedAt: at }],
      ['deleteTransaction', { id: lastYear }],
      ['createTransaction', { id: randomUUID(), companyId, createdAt: at, transaction: form({ date: '2025-06-01' }) }],
      ['setTransactionCategory', { id: thisYear, category: 'software', updatedAt: at }],
    );
    expect(result.rejections).toEqual([
      { mutationId: 4, code: 'declaration_sent' },
      { mutationId: 5, code: 'declaration_sent' },
      { mutationId: 6, code: 'declaration_sent' },
    ]);
    expect(await storedTransaction(lastYear)).toMatchObject({ category: null, checked: true });
    expect(await storedTransaction(thisYear)).toMatchObject({ category: 'software' });
  });

  it('imports chunks into a batch, skipping lines already stored instead of overwriting them', async () => {
    const { owner, teammate, companyId } = await setup();
    const accountId = randomUUID();
    const importId = randomUUID();
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    const line = (id: string, description: string) => ({ id, date: '2026-03-02', description, amountCents: -1500, category: 'bankFees', merchant: null });
    const laptop = testDevice(owner);
    const result = await laptop.push(
      ['createManualAccount', { id: accountId, companyId, name: 'Chase checking', createdAt: at }],
      ['createBatchImport', { id: importId, companyId, accountKind: 'manual', accountId, fileName: 'chase.csv', fileSize: 819, createdAt: at }],
      ['importTransactions', { importId, processedCount: 2, updatedAt: at, rows: [line(first, 'FEE 1'), line(second, 'FEE 2')] }],
    );
    expect(result.rejections).toEqual([]);
    // The teammate checks a line; the same file imported on another device sends the same ids.
    await testDevice(teammate).push(['setTransactionCategory', { id: first, category: 'software', updatedAt: at }]);
    const otherImport = randomUUID();
    await cooledDown(companyId);
    const again = await testDevice(teammate).push(
      ['createBatchImport', { id: otherImport, companyId, accountKind: 'manual', accountId, fileName: 'chase.csv', fileSize: 819, createdAt: at }],
      ['importTransactions', { importId: otherImport, processedCount: 3, updatedAt: at, rows: [line(first, 'FEE 1'), line(third, 'FEE 3')] }],
      [
        'finishBatchImport',
        {
          id: otherImport,
          status: 'completed',
          processedCount: 3,
          result: null,
          rowErrors: [{ line: 4, field: 'date', code: 'validation.invalidDate' }],
          updatedAt: at,
        },
      ],
    );
    expect(again.rejections).toEqual([]);
    expect(await storedTransaction(first)).toMatchObject({ category: 'software', importId, accountId, accountKind: 'manual' });
    expect(await storedTransaction(third)).toMatchObject({ importId: otherImport, note: '', checked: false });
    const [batch] = await database.db.select().from(batchImports).where(eq(batchImports.id, otherImport));
    expect(batch).toMatchObject({ status: 'completed', processedCount: 3, rowErrors: [{ line: 4, field: 'date', code: 'validation.invalidDate' }] });
  });

  it('delays an import within the SPEC §9 cooldown by the server clock instead of refusing it, whatever times the devices send', async () => {
    const { owner, teammate, companyId } = await setup();
    const accountId = randomUUID();
    const batch = (createdAt: string): [string, unknown] => [
      'createBatchImport',
      { id: randomUUID(), companyId, accountKind: 'manual', accountId, fileName: 'chase.csv', fileSize: 819, createdAt },
    ];
    const stored = () => database.db.select().from(batchImports).where(eq(batchImports.companyId, companyId));
    const laptop = testDevice(owner);
    await laptop.push(['createManualAccount', { id: accountId, companyId, name: 'Chase checking', createdAt: at }], batch(at));
    // A device whose clock says an hour later is still within the cooldown: its push waits
    // (429 with Retry-After), nothing of it is stored, and nothing is refused.
    const anHourLater = new Date(Date.parse(at) + 3_600_000).toISOString();
    const phone = testDevice(teammate);
    const waited = await phone.push(batch(anHourLater)).catch((error: unknown) => error);
    expect(waited).toMatchObject({ status: 429, code: 'sync_deferred', headers: { 'Retry-After': expect.stringMatching(/^[1-9]\d*$/) } });
    expect(Number((waited as { headers: Record<string, string> }).headers['Retry-After'])).toBeLessThanOrEqual(importCooldownSeconds);
    expect(await stored()).toHaveLength(1);
    // Two imports queued offline and pushed together: the first is applied, the push stops before the second.
    await cooledDown(companyId);
    expect(await laptop.push(batch(at), batch(anHourLater))).toEqual({ lastMutationId: 3, rejections: [] });
    expect(await stored()).toHaveLength(2);
    // Sent again once the server's clock passed the cooldown, each is taken, none refused.
    await cooledDown(companyId);
    expect(await phone.replay(0)).toEqual({ lastMutationId: 1, rejections: [] });
    await cooledDown(companyId);
    expect(await laptop.replay(1)).toEqual({ lastMutationId: 4, rejections: [] });
    expect(await stored()).toHaveLength(4);
    // The stamp is the server's: a later write of the batch does not move it.
    const [stamped] = await stored();
    await database.db
      .update(batchImports)
      .set({ receivedAt: new Date(0), updatedAt: at })
      .where(eq(batchImports.id, stamped!.id));
    const [kept] = await database.db.select().from(batchImports).where(eq(batchImports.id, stamped!.id));
    expect(kept!.receivedAt).toEqual(stamped!.receivedAt);
  });

  it('takes an import back whole with discardBatchImport, twice is once, and a retry under the same id does not double a line', async () => {
    const { owner, companyId } = await setup();
    const accountId = randomUUID();
    const importId = randomUUID();
    const lines = [randomUUID(), randomUUID()];
    const create: [string, unknown] = [
      'createBatchImport',
      { id: importId, companyId, accountKind: 'manual', accountId, fileName: 'chase.csv', fileSize: 819, createdAt: at },
    ];
    const chunk: [string, unknown] = [
      'importTransactions',
      {
        importId,
        processedCount: 2,
        updatedAt: at,
        rows: lines.map((id, index) => ({
          id,
          date: '2026-03-0' + (index + 1),
          description: `FEE ${index}`,
          amountCents: -100,
          category: null,
          merchant: null,
        })),
      },
    ];
    const device = testDevice(owner);
    await device.push(['createManualAccount', { id: accountId, companyId, name: 'Chase checking', createdAt: at }], create, chunk);
    const ofImport = () => database.db.select().from(transactions).where(eq(transactions.importId, importId));
    expect(await ofImport()).toHaveLength(2);
    expect(await device.push(['discardBatchImport', { id: importId }], ['discardBatchImport', { id: importId }])).toEqual({
      lastMutationId: 5,
      rejections: [],
    });
    expect(await ofImport()).toEqual([]);
    expect(await database.db.select().from(batchImports).where(eq(batchImports.id, importId))).toEqual([]);
    // The retry: the same batch and lines again, then once more: each line stored once.
    await cooledDown(companyId);
    expect(await device.push(create, chunk, chunk)).toEqual({ lastMutationId: 8, rejections: [] });
    expect((await ofImport()).map((row) => row.id).sort()).toEqual([...lines].sort());
    // A sent declaration keeps what was declared: the discard of a 2026 import is refused whole.
    await database.db.insert(declarations).values({ companyId, year: 2026, sentAt: new Date() });
    expect(await device.push(['discardBatchImport', { id: importId }])).toEqual({
      lastMutationId: 9,
      rejections: [{ mutationId: 9, code: 'declaration_sent' }],
    });
    expect(await ofImport()).toHaveLength(2);
  });

  it('imports without reading the lines first: an id another company holds is skipped, and a later change in the same push sees what was stored', async () => {
    const { owner, stranger, companyId } = await setup();
    const strangersCompany = await insertTestCompany(database.db, stranger);
    const [taken, fresh] = [randomUUID(), randomUUID()];
    await testDevice(stranger).push([
      'createTransaction',
      { id: taken, companyId: strangersCompany, createdAt: at, transaction: form({ description: 'Not yours' }) },
    ]);
    const accountId = randomUUID();
    const importId = randomUUID();
    const line = (id: string) => ({ id, date: '2026-03-02', description: 'FEE', amountCents: -1500, category: 'bankFees' as const, merchant: null });
    const result = await testDevice(owner).push(
      ['createManualAccount', { id: accountId, companyId, name: 'Chase checking', createdAt: at }],
      ['createBatchImport', { id: importId, companyId, accountKind: 'manual', accountId, fileName: 'chase.csv', fileSize: 819, createdAt: at }],
      ['importTransactions', { importId, processedCount: 3, updatedAt: at, rows: [line(taken), line(fresh), { ...line(fresh), description: 'SECOND COPY' }] }],
      ['setTransactionCategory', { id: fresh, category: 'software', updatedAt: at }],
      ['setTransactionCategory', { id: taken, category: 'software', updatedAt: at }],
    );
    expect(result.rejections).toEqual([{ mutationId: 5, code: 'not_found' }]);
    expect(await storedTransaction(taken)).toMatchObject({ companyId: strangersCompany, description: 'Not yours', importId: null });
    expect(await storedTransaction(fresh)).toMatchObject({ companyId, description: 'FEE', category: 'software', importId });
  });

  it("renames a manual account for the company, never another company's, and keeps the name rules", async () => {
    const { owner, teammate, stranger, companyId } = await setup();
    const accountId = randomUUID();
    await testDevice(owner).push(['createManualAccount', { id: accountId, companyId, name: 'Chase checking', createdAt: at }]);
    const renamed = await testDevice(teammate).push(
      ['renameManualAccount', { id: accountId, name: '  Chase operating  ', updatedAt: at }],
      ['renameManualAccount', { id: accountId, name: '   ', updatedAt: at }],
    );
    expect(renamed.rejections.map((rejection) => rejection.code)).toEqual(['invalid']);
    const [account] = await database.db.select().from(manualAccounts).where(eq(manualAccounts.id, accountId));
    expect(account).toMatchObject({ name: 'Chase operating' });
    const outsider = await testDevice(stranger).push(['renameManualAccount', { id: accountId, name: 'Mine now', updatedAt: at }]);
    expect(outsider.rejections.map((rejection) => rejection.code)).toEqual(['not_found']);
  });

  it('refuses to reopen a finished import, to import into an unknown account and to delete an account in use', async () => {
    const { owner, companyId } = await setup();
    const accountId = randomUUID();
    const importId = randomUUID();
    const phone = testDevice(owner);
    await phone.push(
      ['createManualAccount', { id: accountId, companyId, name: 'Wise USD', createdAt: at }],
      ['createBatchImport', { id: importId, companyId, accountKind: 'manual', accountId, fileName: 'wise.csv', fileSize: 100, createdAt: at }],
      [
        'importTransactions',
        {
          importId,
          processedCount: 1,
          updatedAt: at,
          rows: [{ id: randomUUID(), date: '2026-01-05', description: 'Client', amountCents: 1000, category: null, merchant: null }],
        },
      ],
      ['finishBatchImport', { id: importId, status: 'cancelled', processedCount: 1, result: null, rowErrors: [], updatedAt: at }],
    );
    const result = await phone.push(
      ['finishBatchImport', { id: importId, status: 'completed', processedCount: 1, result: null, rowErrors: [], updatedAt: at }],
      [
        'importTransactions',
        {
          importId,
          processedCount: 2,
          updatedAt: at,
          rows: [{ id: randomUUID(), date: '2026-01-06', description: 'Late', amountCents: 1, category: null, merchant: null }],
        },
      ],
      ['createBatchImport', { id: randomUUID(), companyId, accountKind: 'manual', accountId: randomUUID(), fileName: 'x.csv', fileSize: 1, createdAt: at }],
      ['deleteManualAccount', { id: accountId }],
    );
    expect(result.rejections.map((rejection) => rejection.code)).toEqual(['invalid', 'invalid', 'invalid', 'invalid']);
  });

  it('attaches only a verified receipt of the same company, with the metadata the server recorded', async () => {
    const { owner, stranger, companyId } = await setup();
    const otherCompany = await insertTestCompany(database.db, stranger);
    const id = randomUUID();
    const phone = testDevice(owner);
    await phone.push(['createTransaction', { id, companyId, createdAt: at, transaction: form() }]);
    const receipt = (company: string) => ({ key: `receipts/${company}/${randomUUID()}.pdf`, name: 'ticket.pdf', size: 2048, contentType: 'application/pdf' });
    const verified = receipt(companyId);
    const unverified = receipt(companyId);
    const foreign = receipt(otherCompany);
    await database.db.insert(uploads).values([
      {
        key: verified.key,
        companyId,
        uploadType: 'transactionReceipt',
        fileName: 'ticket.pdf',
        size: 2048,
        contentType: 'application/pdf',
        uploadedBy: owner,
        verifiedAt: new Date(),
      },
      {
        key: unverified.key,
        companyId,
        uploadType: 'transactionReceipt',
        fileName: 'ticket.pdf',
        size: 2048,
        contentType: 'application/pdf',
        uploadedBy: owner,
      },
      {
        key: foreign.key,
        companyId: otherCompany,
        uploadType: 'transactionReceipt',
        fileName: 'ticket.pdf',
        size: 2048,
        contentType: 'application/pdf',
        uploadedBy: stranger,
        verifiedAt: new Date(),
      },
    ]);
    const result = await phone.push(
      ['attachReceipt', { id, receipt: unverified, updatedAt: at }],
      ['attachReceipt', { id, receipt: foreign, updatedAt: at }],
      ['attachReceipt', { id, receipt: { ...verified, size: 1 }, updatedAt: at }],
      ['attachReceipt', { id, receipt: verified, updatedAt: at }],
    );
    expect(result.rejections).toEqual([
      { mutationId: 2, code: 'invalid' },
      { mutationId: 3, code: 'invalid' },
      { mutationId: 4, code: 'invalid' },
    ]);
    expect((await storedTransaction(id))?.receipt).toEqual(verified);
    await phone.push(['removeReceipt', { id, updatedAt: at }]);
    expect((await storedTransaction(id))?.receipt).toBeNull();
  });
});

describe('bookkeeping refusals through POST /api/v1/sync/push', () => {
  it('answers each refusal with its reason code and still acknowledges the whole batch', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const companyId = await insertTestCompany(database.db, owner.id);
    const [ownerCookies, strangerCookies] = [await signIn(t, owner.email), await signIn(t, stranger.email)];
    const push = (cookies: string, clientId: string, mutations: [string, unknown][]) =>
      t.request('/api/v1/sync/push', {
        method: 'POST',
        cookies,
        json: { clientId, protocolVersion, mutations: mutations.map(([name, args], i) => ({ id: i + 1, name, args, createdAt: at })) },
      });
    const [blockedId, lockedId] = [randomUUID(), randomUUID()];
    const created = await push(ownerCookies, randomUUID(), [
      ['createTransaction', { id: blockedId, companyId, createdAt: at, transaction: form() }],
      ['createTransaction', { id: lockedId, companyId, createdAt: at, transaction: form({ date: '2025-05-05' }) }],
    ]);
    expect(await created.json()).toEqual({ lastMutationId: 2, rejections: [] });
    await database.db.update(transactions).set({ blocked: true }).where(eq(transactions.id, blockedId));
    await database.db.insert(declarations).values({ companyId, year: 2025, sentAt: new Date() });

    const refused = await push(ownerCookies, randomUUID(), [
      ['setTransactionChecked', { id: blockedId, checked: true, updatedAt: at }],
      ['setTransactionNote', { id: lockedId, note: 'late', updatedAt: at }],
    ]);
    expect(refused.status).toBe(200);
    expect(await refused.json()).toEqual({
      lastMutationId: 2,
      rejections: [
        { mutationId: 1, code: 'blocked' },
        { mutationId: 2, code: 'declaration_sent' },
      ],
    });
    const foreign = await push(strangerCookies, randomUUID(), [['createTransaction', { id: randomUUID(), companyId, createdAt: at, transaction: form() }]]);
    expect(await foreign.json()).toEqual({ lastMutationId: 1, rejections: [{ mutationId: 1, code: 'forbidden' }] });
  });
});
