import { z } from 'zod';
import { categorySchema, merchantSchema, noteSchema, receiptSchema, transactionFormSchema, transactionSchema, type Transaction } from '@domain/bookkeeping';
import { defineMutator, reject, type MutatorTx, type RowRef } from '../mutator';
import { assertAccount, assertCompanyOpen, assertVerifiedReceipt, editableTransaction, id, readsTransaction, timestamp, yearOf } from './bookkeeping-rules';

/** Bookkeeping mutators of transactions (SPEC §3): typed by hand, edited one by one or in bulk, deleted and restored, and their receipts. Refusals: `bookkeeping-rules.ts`. */

/** Creates a transaction typed by hand. */
export const createTransaction = defineMutator(
  'createTransaction',
  z.strictObject({ id, companyId: id, createdAt: timestamp, transaction: transactionFormSchema }),
  async (tx, { id: transactionId, companyId, createdAt, transaction }) => {
    await assertCompanyOpen(tx, companyId, [yearOf(transaction.date)]);
    if (await tx.get('transactions', transactionId)) reject('invalid');
    await assertAccount(tx, companyId, transaction.accountKind, transaction.accountId);
    // The form's fields named one by one, not spread: on the server's Node each property added
    // after a spread is a slow store (decision 104).
    await tx.put('transactions', {
      id: transactionId,
      companyId,
      date: transaction.date,
      description: transaction.description,
      amountCents: transaction.amountCents,
      accountKind: transaction.accountKind,
      accountId: transaction.accountId,
      category: transaction.category,
      merchant: transaction.merchant,
      note: transaction.note,
      checked: false,
      receipt: null,
      blocked: false,
      importId: null,
      createdAt,
      updatedAt: createdAt,
    });
  },
  { reads: ({ id: transactionId }) => [['transactions', transactionId]], mirrored: true },
);

/** Sets or clears a transaction's category. */
export const setTransactionCategory = defineMutator(
  'setTransactionCategory',
  z.strictObject({ id, category: categorySchema.nullable(), updatedAt: timestamp }),
  async (tx, { id: transactionId, category, updatedAt }) => {
    const transaction = await editableTransaction(tx, transactionId);
    await tx.put('transactions', { ...transaction, category, updatedAt });
  },
  { reads: readsTransaction, mirrored: true },
);

/** Sets a transaction's note. */
export const setTransactionNote = defineMutator(
  'setTransactionNote',
  z.strictObject({ id, note: noteSchema, updatedAt: timestamp }),
  async (tx, { id: transactionId, note, updatedAt }) => {
    const transaction = await editableTransaction(tx, transactionId);
    await tx.put('transactions', { ...transaction, note, updatedAt });
  },
  { reads: readsTransaction, mirrored: true },
);

/** Marks a transaction as checked by the person keeping the books, or not. */
export const setTransactionChecked = defineMutator(
  'setTransactionChecked',
  z.strictObject({ id, checked: z.boolean(), updatedAt: timestamp }),
  async (tx, { id: transactionId, checked, updatedAt }) => {
    const transaction = await editableTransaction(tx, transactionId);
    await tx.put('transactions', { ...transaction, checked, updatedAt });
  },
  { reads: readsTransaction, mirrored: true },
);

/** Sets or clears a transaction's merchant (an empty name clears it). */
export const setTransactionMerchant = defineMutator(
  'setTransactionMerchant',
  z.strictObject({ id, merchant: merchantSchema.nullable(), updatedAt: timestamp }),
  async (tx, { id: transactionId, merchant, updatedAt }) => {
    const transaction = await editableTransaction(tx, transactionId);
    await tx.put('transactions', { ...transaction, merchant: merchant || null, updatedAt });
  },
  { reads: readsTransaction, mirrored: true },
);

/** Most transactions one bulk change (categorise, check, delete, restore) may name. */
export const maxBulkTransactions = 5000;

const bulkIds = z.array(id).min(1).max(maxBulkTransactions);
const readsTransactions = ({ ids }: { ids: readonly string[] }): readonly RowRef[] => ids.map((transactionId) => ['transactions', transactionId] as const);

/**
 * The transactions a bulk change is about, all editable, or a refusal of the whole change:
 * a selection is one action for the person who made it, so it applies whole or not at all.
 */
async function editableTransactions(tx: MutatorTx, ids: readonly string[]): Promise<Transaction[]> {
  const found = await tx.getMany('transactions', ids);
  const rows: Transaction[] = [];
  for (const transaction of found) {
    if (!transaction) reject('not_found');
    if (transaction.blocked) reject('blocked');
    rows.push(transaction);
  }
  const byCompany = new Map<string, number[]>();
  for (const row of rows) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), yearOf(row.date)]);
  for (const [companyId, years] of byCompany) await assertCompanyOpen(tx, companyId, years);
  return rows;
}

/** Sets or clears the category of many transactions at once (bulk categorise, undo). */
export const setTransactionsCategory = defineMutator(
  'setTransactionsCategory',
  z.strictObject({ ids: bulkIds, category: categorySchema.nullable(), updatedAt: timestamp }),
  async (tx, { ids, category, updatedAt }) => {
    const rows = await editableTransactions(tx, ids);
    await tx.putMany(
      'transactions',
      rows.map((row) => ({ ...row, category, updatedAt })),
    );
  },
  { reads: readsTransactions, mirrored: true },
);

/** Marks many transactions as checked, or not (bulk check, undo). */
export const setTransactionsChecked = defineMutator(
  'setTransactionsChecked',
  z.strictObject({ ids: bulkIds, checked: z.boolean(), updatedAt: timestamp }),
  async (tx, { ids, checked, updatedAt }) => {
    const rows = await editableTransactions(tx, ids);
    await tx.putMany(
      'transactions',
      rows.map((row) => ({ ...row, checked, updatedAt })),
    );
  },
  { reads: readsTransactions, mirrored: true },
);

/** Deletes many transactions at once. */
export const deleteTransactions = defineMutator(
  'deleteTransactions',
  z.strictObject({ ids: bulkIds }),
  async (tx, { ids }) => {
    await editableTransactions(tx, ids);
    for (const transactionId of ids) await tx.delete('transactions', transactionId);
  },
  { reads: readsTransactions },
);

/**
 * Puts back transactions the person just deleted (undo). They come back as they were except
 * the receipt: its file left storage with the deletion, and a key could otherwise be used to
 * attach a file that was never checked for this company.
 */
export const restoreTransactions = defineMutator(
  'restoreTransactions',
  z.strictObject({ transactions: z.array(transactionSchema).min(1).max(maxBulkTransactions) }),
  async (tx, { transactions }) => {
    const existing = await tx.getMany(
      'transactions',
      transactions.map((transaction) => transaction.id),
    );
    if (existing.some((row) => row !== undefined)) reject('invalid');
    const byCompany = new Map<string, number[]>();
    for (const row of transactions) {
      if (row.blocked) reject('invalid');
      byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), yearOf(row.date)]);
    }
    for (const [companyId, years] of byCompany) await assertCompanyOpen(tx, companyId, years);
    for (const row of transactions) await assertAccount(tx, row.companyId, row.accountKind, row.accountId);
    await tx.putMany(
      'transactions',
      transactions.map((row) => ({ ...row, receipt: null })),
    );
  },
  { reads: ({ transactions }) => transactions.map((row) => ['transactions', row.id] as const) },
);

/** Deletes a transaction. */
export const deleteTransaction = defineMutator(
  'deleteTransaction',
  z.strictObject({ id }),
  async (tx, { id: transactionId }) => {
    await editableTransaction(tx, transactionId);
    await tx.delete('transactions', transactionId);
  },
  { reads: readsTransaction },
);

/**
 * Attaches an uploaded receipt (its key comes from `POST /api/v1/uploads/complete`). The
 * server accepts only a verified receipt upload of the transaction's own company, with the
 * metadata it recorded: a key cannot be borrowed from another company or invented.
 */
export const attachReceipt = defineMutator(
  'attachReceipt',
  z.strictObject({ id, receipt: receiptSchema, updatedAt: timestamp }),
  async (tx, { id: transactionId, receipt, updatedAt }) => {
    const transaction = await editableTransaction(tx, transactionId);
    await assertVerifiedReceipt(tx, transaction.companyId, receipt);
    await tx.put('transactions', { ...transaction, receipt, updatedAt });
  },
  { reads: readsTransaction },
);

/** Detaches a transaction's receipt. */
export const removeReceipt = defineMutator(
  'removeReceipt',
  z.strictObject({ id, updatedAt: timestamp }),
  async (tx, { id: transactionId, updatedAt }) => {
    const transaction = await editableTransaction(tx, transactionId);
    await tx.put('transactions', { ...transaction, receipt: null, updatedAt });
  },
  { reads: readsTransaction },
);
