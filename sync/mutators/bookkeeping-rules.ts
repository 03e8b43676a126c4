import { z } from 'zod';
import type { receiptSchema, Transaction } from '@domain/bookkeeping';
import { reject, type MutatorTx, type RowRef } from '../mutator';

/**
 * What the bookkeeping mutators (SPEC §3 transactions, manual accounts, receipts, batch imports:
 * `bookkeeping.ts`, `bookkeeping-imports.ts`, `bookkeeping-company.ts`) share: their argument
 * types and the checks that refuse them.
 * Timestamps come in the arguments (the device's clock: shown, never compared), so the
 * client, the server and every replay compute the same rows. Refusals:
 *
 * - `blocked`: the transaction is blocked (checked on both sides: the device has the flag).
 * - `declaration_sent`: the company's declaration for the transaction's year is sent, so
 *   the year's transactions are locked (the device checks the synced `lockedYears`, the
 *   server its declarations).
 * - `forbidden`: the company is not the caller's (server only: memberships are not synced).
 * - `not_found` / `invalid`: the row is absent or the change contradicts it.
 *
 * Nothing here is refused for when it arrives: the SPEC §9 import cooldown delays a push
 * (`defer`) instead of refusing an import the person saw finish (decision 054).
 */

export const id = z.uuid();
export const timestamp = z.iso.datetime({ offset: true });
export const yearOf = (date: string) => Number(date.slice(0, 4));

/** Refuses for good when the company is not the caller's or its declaration of `year` is sent. */
export async function assertCompanyOpen(tx: MutatorTx, companyId: string, years: Iterable<number>) {
  const asked = new Set(years);
  if (tx.location === 'client') {
    // The device knows the years locked when it last pulled (synced `lockedYears`), so an edit
    // there is refused at once instead of after the round trip; the server has the final word.
    if (asked.size === 0) return;
    const locked = await tx.list('lockedYears', 'companyId', companyId);
    if (locked.some((row) => asked.has(row.year))) reject('declaration_sent');
    return;
  }
  // Only the server knows memberships and the declarations sent this very moment.
  if ((await tx.checks.companyRole(companyId)) === null) reject('forbidden');
  for (const year of asked) {
    if (await tx.checks.declarationSent(companyId, year)) reject('declaration_sent');
  }
}

/** The transaction a change is about, if the company may still change it. */
export async function editableTransaction(tx: MutatorTx, transactionId: string): Promise<Transaction> {
  const transaction = await tx.get('transactions', transactionId);
  if (!transaction) reject('not_found');
  if (transaction.blocked) reject('blocked');
  await assertCompanyOpen(tx, transaction.companyId, [yearOf(transaction.date)]);
  return transaction;
}

/** The row of a change to one transaction: read ahead by the server for a whole push batch. */
export const readsTransaction = ({ id: transactionId }: { id: string }): readonly RowRef[] => [['transactions', transactionId]];

/** A manual account named by a new transaction or import must exist in the same company. */
export async function assertAccount(tx: MutatorTx, companyId: string, accountKind: 'manual' | 'linked' | null, accountId: string | null) {
  if (accountKind !== 'manual' || accountId === null) return;
  const account = await tx.get('manualAccounts', accountId);
  if (!account || account.companyId !== companyId) reject('invalid');
}

/** The server accepts only a verified receipt upload of the company, with the metadata it recorded. */
export async function assertVerifiedReceipt(tx: MutatorTx, companyId: string, receipt: z.output<typeof receiptSchema>) {
  if (!receipt.key.startsWith(`receipts/${companyId}/`)) reject('invalid');
  if (tx.location !== 'server') return;
  // Only the server knows what was really uploaded and checked.
  const upload = await tx.checks.verifiedUpload(receipt.key);
  if (
    !upload ||
    upload.companyId !== companyId ||
    upload.uploadType !== 'transactionReceipt' ||
    upload.size !== receipt.size ||
    upload.contentType !== receipt.contentType ||
    upload.fileName !== receipt.name
  ) {
    reject('invalid');
  }
}
