import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { protocolVersion, type Mutation } from '@sync/protocol';
import { batchImports, manualAccounts, transactions } from '../db/schema/bookkeeping';
import { drafts } from '../db/schema/drafts';
import { createUser, signIn } from '../test/accounts';
import { database, draftRow, insertTestCompany, t, testTimestamp as at, transactionForm as form, useSyncTestApp } from './test-fixtures';

/**
 * The text rule (domain/text.ts) inside the arguments of every mutation: a NUL or a lone
 * surrogate refuses that mutation alone as `invalid` (its schema refuses it, before any of it
 * is rewritten or reaches a column), while the rest of the push is applied and the queue moves on.
 */

useSyncTestApp();

const poisons = { nul: 'x\u0000y', surrogate: 'x\ud800y' };

describe('unstorable text in mutation arguments', () => {
  for (const [kind, poison] of Object.entries(poisons)) {
    it(`refuses a ${kind} in any mutation's text, that mutation only`, async () => {
      const user = await createUser(t);
      const cookies = await signIn(t, user.email);
      const companyId = await insertTestCompany(database.db, user.id);
      const [accountId, transactionId, importId, draftId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      const clientId = randomUUID();
      let nextId = 1;
      const push = async (...batch: [name: string, args: unknown][]) => {
        const mutations: Mutation[] = batch.map(([name, args]) => ({ id: nextId++, name, args, createdAt: at }));
        const response = await t.request('/api/v1/sync/push', { method: 'POST', cookies, json: { clientId, protocolVersion, mutations } });
        expect(response.status).toBe(200);
        return (await response.json()) as { lastMutationId: number; rejections: { mutationId: number; code: string }[] };
      };
      expect(
        await push(
          ['createManualAccount', { id: accountId, companyId, name: 'Chase', createdAt: at }],
          ['createTransaction', { id: transactionId, companyId, createdAt: at, transaction: form() }],
          ['createBatchImport', { id: importId, companyId, accountKind: 'manual', accountId, fileName: 'chase.csv', fileSize: 10, createdAt: at }],
          ['saveDraft', draftRow({ id: draftId })],
        ),
      ).toEqual({ lastMutationId: 4, rejections: [] });
      const [stored] = await database.db.select().from(transactions).where(eq(transactions.id, transactionId));

      // Every mutation kind with a poisoned string (free text, a key, an enum, an id), each followed by a good note.
      const poisoned: [string, unknown][] = [
        ['saveDraft', draftRow({ id: draftId, data: { name: poison } })],
        ['saveDraft', draftRow({ id: draftId, data: { [poison]: 'Acme' } })],
        ['deleteDraft', { id: `${draftId}${poison}` }],
        ['createTransaction', { id: randomUUID(), companyId, createdAt: at, transaction: form({ description: poison }) }],
        ['createTransaction', { id: randomUUID(), companyId, createdAt: at, transaction: form({ note: poison }) }],
        ['createTransaction', { id: randomUUID(), companyId, createdAt: at, transaction: form({ merchant: poison }) }],
        [
          'importTransactions',
          {
            importId,
            processedCount: 1,
            updatedAt: at,
            rows: [{ id: randomUUID(), date: '2026-02-01', description: poison, amountCents: -1, category: null, merchant: null }],
          },
        ],
        ['setTransactionCategory', { id: transactionId, category: poison, updatedAt: at }],
        ['setTransactionNote', { id: transactionId, note: poison, updatedAt: at }],
        ['setTransactionChecked', { id: transactionId, checked: true, updatedAt: `${at}${poison}` }],
        ['setTransactionMerchant', { id: transactionId, merchant: poison, updatedAt: at }],
        ['setTransactionsCategory', { ids: [transactionId], category: poison, updatedAt: at }],
        ['setTransactionsChecked', { ids: [`${transactionId}${poison}`], checked: true, updatedAt: at }],
        ['restoreTransactions', { transactions: [{ ...stored!, id: randomUUID(), description: poison, createdAt: at, updatedAt: at }] }],
        [
          'attachReceipt',
          { id: transactionId, receipt: { key: `receipts/${companyId}/r.pdf`, name: `${poison}.pdf`, size: 1, contentType: 'application/pdf' }, updatedAt: at },
        ],
        ['removeReceipt', { id: transactionId, updatedAt: `${at}${poison}` }],
        ['renameManualAccount', { id: accountId, name: poison, updatedAt: at }],
        ['createManualAccount', { id: randomUUID(), companyId, name: poison, createdAt: at }],
        ['createBatchImport', { id: randomUUID(), companyId, accountKind: 'manual', accountId, fileName: `${poison}.csv`, fileSize: 10, createdAt: at }],
        [
          'finishBatchImport',
          {
            id: importId,
            status: 'failed',
            processedCount: 0,
            result: null,
            rowErrors: [{ line: 1, field: 'row', code: `validation.${poison}` }],
            updatedAt: at,
          },
        ],
        ['deleteManualAccount', { id: `${accountId}${poison}` }],
        ['deleteTransaction', { id: `${transactionId}${poison}` }],
        ['deleteTransactions', { ids: [`${transactionId}${poison}`] }],
      ];
      const batch = poisoned.flatMap((mutation, index): [string, unknown][] => [
        mutation,
        ['setTransactionNote', { id: transactionId, note: `Note ${index}`, updatedAt: at }],
      ]);
      const result = await push(...batch);
      expect(result.lastMutationId).toBe(4 + batch.length);
      expect(result.rejections).toEqual(poisoned.map((_, index) => ({ mutationId: 5 + 2 * index, code: 'invalid' })));

      // The good notes between them were applied; nothing poisoned was stored or rewritten.
      const [after] = await database.db.select().from(transactions).where(eq(transactions.id, transactionId));
      expect(after).toMatchObject({
        note: `Note ${poisoned.length - 1}`,
        description: stored!.description,
        merchant: null,
        category: null,
        checked: false,
        receipt: null,
      });
      expect(await database.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.companyId, companyId))).toEqual([
        { id: transactionId },
      ]);
      expect(await database.db.select({ name: manualAccounts.name }).from(manualAccounts).where(eq(manualAccounts.companyId, companyId))).toEqual([
        { name: 'Chase' },
      ]);
      expect(await database.db.select({ status: batchImports.status }).from(batchImports).where(eq(batchImports.companyId, companyId))).toEqual([
        { status: 'notStarted' },
      ]);
      expect(await database.db.select({ data: drafts.data }).from(drafts).where(eq(drafts.id, draftId))).toEqual([{ data: { name: 'Acme' } }]);
    });
  }
});
