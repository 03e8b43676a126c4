import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions, uploads } from '../../db/schema/bookkeeping';
import { storageOrphans } from '../../db/schema/storage';
import { database, insertTestCompany, insertTestUser, t, testDevice, testTimestamp as at, useSyncTestApp } from '../../sync/test-fixtures';
import { ensureFolderOf, createLocalStorage, type LocalStorage } from './local-storage';
import { orphanRetryDelayMs, startStorageSweeper, sweepStorageOrphans } from './orphan-sweeper';
import type { StorageProvider } from './storage';

/**
 * Removed receipt files leave storage: detaching, replacing or deleting through the real
 * push (PGlite, or PostgreSQL in CI) records the key in the same transaction, and the sweeper
 * deletes the stored object from the local storage simulator after commit, retrying failures.
 */

useSyncTestApp();

let dataDir: string;
let storage: LocalStorage;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'alta-orphans-'));
  storage = createLocalStorage({ dataDir, appUrl: 'http://localhost:3000', secret: 'test-secret-test-secret-test-secret!', now: () => t.clock.now });
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const db = () => database.db;

/** An owner's company with a transaction, and a helper storing verified receipt files for it. */
async function setup() {
  const owner = await insertTestUser(db(), 'Olga');
  const companyId = await insertTestCompany(db(), owner);
  const transactionId = randomUUID();
  const phone = testDevice(owner);
  await phone.push([
    'createTransaction',
    {
      id: transactionId,
      companyId,
      createdAt: at,
      transaction: { date: '2026-03-02', description: 'AWS', amountCents: -100, accountKind: null, accountId: null, category: null, merchant: null, note: '' },
    },
  ]);
  const storeReceipt = async () => {
    const key = `receipts/${companyId}/${randomUUID()}.pdf`;
    const file = storage.pathOf(key);
    await ensureFolderOf(file);
    await writeFile(file, '%PDF-1.4 receipt');
    await db().insert(uploads).values({
      key,
      companyId,
      uploadType: 'transactionReceipt',
      fileName: 'ticket.pdf',
      size: 16,
      contentType: 'application/pdf',
      uploadedBy: owner,
      verifiedAt: t.clock.now,
    });
    return { key, name: 'ticket.pdf', size: 16, contentType: 'application/pdf' };
  };
  return { owner, companyId, transactionId, phone, storeReceipt };
}

/** A transaction with a stored, attached receipt. */
async function attachedReceipt() {
  const context = await setup();
  const receipt = await context.storeReceipt();
  await context.phone.push(['attachReceipt', { id: context.transactionId, receipt, updatedAt: at }]);
  return { ...context, receipt };
}

const stored = (key: string) => existsSync(storage.pathOf(key));
const orphanKeys = async () => (await db().select({ key: storageOrphans.key }).from(storageOrphans)).map((row) => row.key);
const uploadRecord = async (key: string) => (await db().select().from(uploads).where(eq(uploads.key, key)))[0];
const sweep = (provider: StorageProvider = storage) => sweepStorageOrphans(db(), provider, t.clock.now);

describe('removed receipt files', () => {
  it('deletes a detached receipt from storage after commit; a replayed push changes nothing', async () => {
    const { transactionId, phone, receipt } = await attachedReceipt();
    expect(await orphanKeys()).not.toContain(receipt.key);

    expect(await phone.push(['removeReceipt', { id: transactionId, updatedAt: at }])).toEqual({ lastMutationId: 3, rejections: [] });
    expect(await orphanKeys()).toContain(receipt.key);
    expect(stored(receipt.key)).toBe(true);

    expect(await sweep()).toMatchObject({ deleted: 1, failed: 0 });
    expect(stored(receipt.key)).toBe(false);
    expect(await orphanKeys()).not.toContain(receipt.key);
    // The upload is forgotten too: the key can never be attached again to point at nothing.
    expect(await uploadRecord(receipt.key)).toBeUndefined();
    const reattach = await phone.push(['attachReceipt', { id: transactionId, receipt, updatedAt: at }]);
    expect(reattach.rejections).toEqual([{ mutationId: 4, code: 'invalid' }]);

    // The device did not hear the answer and sends the same batches again: acknowledged, nothing re-run.
    expect(await phone.replay(1)).toEqual({ lastMutationId: 4, rejections: [] });
    expect(await phone.replay(2)).toEqual({ lastMutationId: 4, rejections: [] });
    expect(await orphanKeys()).not.toContain(receipt.key);
    expect(await sweep()).toMatchObject({ deleted: 0, failed: 0 });
  });

  it('deletes the replaced receipt and keeps the new one', async () => {
    const { transactionId, phone, storeReceipt } = await setup();
    const [first, second] = [await storeReceipt(), await storeReceipt()];
    await phone.push(
      ['attachReceipt', { id: transactionId, receipt: first, updatedAt: at }],
      ['attachReceipt', { id: transactionId, receipt: second, updatedAt: at }],
    );
    await sweep();
    expect(stored(first.key)).toBe(false);
    expect(stored(second.key)).toBe(true);
    expect(await uploadRecord(second.key)).toBeDefined();
  });

  it("deletes a deleted transaction's receipt", async () => {
    const { transactionId, phone, storeReceipt } = await setup();
    const receipt = await storeReceipt();
    await phone.push(['attachReceipt', { id: transactionId, receipt, updatedAt: at }], ['deleteTransaction', { id: transactionId }]);
    expect(await sweep()).toMatchObject({ deleted: 1 });
    expect(stored(receipt.key)).toBe(false);
  });

  it('records nothing for a refused change: the file stays attached', async () => {
    const { transactionId, phone, receipt } = await attachedReceipt();
    await db().update(transactions).set({ blocked: true }).where(eq(transactions.id, transactionId));
    const result = await phone.push(['removeReceipt', { id: transactionId, updatedAt: at }], ['deleteTransaction', { id: transactionId }]);
    expect(result.rejections.map((rejection) => rejection.code)).toEqual(['blocked', 'blocked']);
    expect(await orphanKeys()).not.toContain(receipt.key);
    await sweep();
    expect(stored(receipt.key)).toBe(true);
  });

  it('keeps a file another transaction still points at', async () => {
    const { companyId, transactionId, phone, storeReceipt } = await setup();
    const receipt = await storeReceipt();
    const other = randomUUID();
    await phone.push(
      [
        'createTransaction',
        {
          id: other,
          companyId,
          createdAt: at,
          transaction: {
            date: '2026-03-03',
            description: 'GCP',
            amountCents: -200,
            accountKind: null,
            accountId: null,
            category: null,
            merchant: null,
            note: '',
          },
        },
      ],
      ['attachReceipt', { id: transactionId, receipt, updatedAt: at }],
      ['attachReceipt', { id: other, receipt, updatedAt: at }],
      ['removeReceipt', { id: transactionId, updatedAt: at }],
    );
    expect(await sweep()).toMatchObject({ deleted: 0, kept: 1 });
    expect(stored(receipt.key)).toBe(true);
    expect(await orphanKeys()).not.toContain(receipt.key);
  });

  it('never fails the mutation when storage fails, and retries the delete later with backoff', async () => {
    const { transactionId, phone, receipt } = await attachedReceipt();
    const down: StorageProvider = { ...storage, delete: async () => Promise.reject(new Error('storage unavailable')) };
    expect(await phone.push(['removeReceipt', { id: transactionId, updatedAt: at }])).toEqual({ lastMutationId: 3, rejections: [] });

    expect(await sweep(down)).toMatchObject({ deleted: 0, failed: 1 });
    const [row] = await db().select().from(storageOrphans).where(eq(storageOrphans.key, receipt.key));
    expect(row).toMatchObject({ attempts: 1, lastError: 'Error: storage unavailable' });
    expect(row!.nextAttemptAt.getTime()).toBe(t.clock.now.getTime() + orphanRetryDelayMs(1));
    expect(stored(receipt.key)).toBe(true);

    // Not due yet: nothing is tried.
    expect(await sweep()).toMatchObject({ deleted: 0, failed: 0 });
    t.clock.advance(orphanRetryDelayMs(1));
    expect(await sweep()).toMatchObject({ deleted: 1 });
    expect(stored(receipt.key)).toBe(false);
    expect(await orphanKeys()).not.toContain(receipt.key);
  });

  it('is woken by the commit (NOTIFY) when started as the background sweeper', async () => {
    const { transactionId, phone, receipt } = await attachedReceipt();
    const sweeper = startStorageSweeper(t.database, storage, () => t.clock.now);
    try {
      // The start-up sweep is over and LISTEN is on: only the commit's NOTIFY can delete the file now.
      await sweeper.idle();
      await phone.push(['removeReceipt', { id: transactionId, updatedAt: at }]);
      await expect.poll(() => stored(receipt.key), { timeout: 5000 }).toBe(false);
    } finally {
      await sweeper.stop();
    }
  });
});

describe('local storage simulator: delete', () => {
  it('removes the stored file and does nothing for an absent one', async () => {
    const key = `receipts/${randomUUID()}/${randomUUID()}.png`;
    await ensureFolderOf(storage.pathOf(key));
    await writeFile(storage.pathOf(key), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(await storage.head(key)).toMatchObject({ size: 4 });
    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('refuses a key that could reach outside its folder', async () => {
    await expect(storage.delete('receipts/../../etc/passwd')).rejects.toThrow(/invalid object key/);
  });
});
