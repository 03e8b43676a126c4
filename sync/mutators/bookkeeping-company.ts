import { z } from 'zod';
import { categoriserRuleSchema, inboxReceiptSchema, manualAccountSchema } from '@domain/bookkeeping';
import { defineMutator, reject } from '../mutator';
import { assertCompanyOpen, assertVerifiedReceipt, editableTransaction, id, timestamp } from './bookkeeping-rules';

/** Bookkeeping mutators of a company's other synced data: categoriser rules, the receipt inbox and manual accounts. */

/** Adds a categoriser rule made by the person from a correction; it follows them to every device of the company. */
export const createCategoriserRule = defineMutator(
  'createCategoriserRule',
  categoriserRuleSchema,
  async (tx, rule) => {
    await assertCompanyOpen(tx, rule.companyId, []);
    if (await tx.get('categoriserRules', rule.id)) reject('invalid');
    await tx.put('categoriserRules', rule);
  },
  { reads: ({ id: ruleId }) => [['categoriserRules', ruleId]] },
);

/** Puts an uploaded receipt in the company's inbox, for any of its devices to match with a transaction. */
export const addInboxReceipt = defineMutator(
  'addInboxReceipt',
  inboxReceiptSchema,
  async (tx, inboxReceipt) => {
    await assertCompanyOpen(tx, inboxReceipt.companyId, []);
    if (await tx.get('inboxReceipts', inboxReceipt.id)) reject('invalid');
    await assertVerifiedReceipt(tx, inboxReceipt.companyId, inboxReceipt.receipt);
    await tx.put('inboxReceipts', inboxReceipt);
  },
  { reads: ({ id: inboxId }) => [['inboxReceipts', inboxId]] },
);

/** Gives an inbox receipt its transaction (of the same company): it becomes the transaction's receipt and leaves the inbox. */
export const attachInboxReceipt = defineMutator(
  'attachInboxReceipt',
  z.strictObject({ inboxId: id, transactionId: id, updatedAt: timestamp }),
  async (tx, { inboxId, transactionId, updatedAt }) => {
    const inboxReceipt = await tx.get('inboxReceipts', inboxId);
    if (!inboxReceipt) reject('not_found');
    const transaction = await editableTransaction(tx, transactionId);
    if (transaction.companyId !== inboxReceipt.companyId) reject('invalid');
    await tx.put('transactions', { ...transaction, receipt: inboxReceipt.receipt, updatedAt });
    await tx.delete('inboxReceipts', inboxId);
  },
  {
    reads: ({ inboxId, transactionId }) => [
      ['inboxReceipts', inboxId],
      ['transactions', transactionId],
    ],
  },
);

/** Throws an inbox receipt away (its file then leaves storage). */
export const deleteInboxReceipt = defineMutator(
  'deleteInboxReceipt',
  z.strictObject({ id }),
  async (tx, { id: inboxId }) => {
    const inboxReceipt = await tx.get('inboxReceipts', inboxId);
    if (!inboxReceipt) reject('not_found');
    await assertCompanyOpen(tx, inboxReceipt.companyId, []);
    await tx.delete('inboxReceipts', inboxId);
  },
  { reads: ({ id: inboxId }) => [['inboxReceipts', inboxId]] },
);

/** Creates a manual account (SPEC §5: the name is required). */
export const createManualAccount = defineMutator(
  'createManualAccount',
  manualAccountSchema.pick({ id: true, companyId: true, name: true, createdAt: true }),
  async (tx, { id: accountId, companyId, name, createdAt }) => {
    await assertCompanyOpen(tx, companyId, []);
    if (await tx.get('manualAccounts', accountId)) reject('invalid');
    await tx.put('manualAccounts', { id: accountId, companyId, name, createdAt, updatedAt: createdAt });
  },
  { reads: ({ id: accountId }) => [['manualAccounts', accountId]] },
);

/** Renames a manual account (SPEC §5: the name is required). */
export const renameManualAccount = defineMutator(
  'renameManualAccount',
  manualAccountSchema.pick({ id: true, name: true, updatedAt: true }),
  async (tx, { id: accountId, name, updatedAt }) => {
    const account = await tx.get('manualAccounts', accountId);
    if (!account) reject('not_found');
    await assertCompanyOpen(tx, account.companyId, []);
    await tx.put('manualAccounts', { ...account, name, updatedAt });
  },
  { reads: ({ id: accountId }) => [['manualAccounts', accountId]] },
);

/** Deletes a manual account that holds no transactions (they would lose their account otherwise). */
export const deleteManualAccount = defineMutator(
  'deleteManualAccount',
  z.strictObject({ id }),
  async (tx, { id: accountId }) => {
    const account = await tx.get('manualAccounts', accountId);
    if (!account) reject('not_found');
    await assertCompanyOpen(tx, account.companyId, []);
    if ((await tx.list('transactions', 'accountId', accountId)).length > 0) reject('invalid');
    await tx.delete('manualAccounts', accountId);
  },
  { reads: ({ id: accountId }) => [['manualAccounts', accountId]] },
);
