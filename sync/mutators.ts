import type { z } from 'zod';
import type { Mutator } from './mutator';
import {
  attachReceipt,
  createTransaction,
  deleteTransaction,
  deleteTransactions,
  removeReceipt,
  restoreTransactions,
  setTransactionCategory,
  setTransactionChecked,
  setTransactionMerchant,
  setTransactionNote,
  setTransactionsCategory,
  setTransactionsChecked,
} from './mutators/bookkeeping';
import {
  addInboxReceipt,
  attachInboxReceipt,
  createCategoriserRule,
  createManualAccount,
  deleteInboxReceipt,
  deleteManualAccount,
  renameManualAccount,
} from './mutators/bookkeeping-company';
import { createBatchImport, discardBatchImport, finishBatchImport, importTransactions } from './mutators/bookkeeping-imports';
import { changeDraft, deleteDraft, saveDraft } from './mutators/drafts';

/** Indexes mutators by their name, so a name can never point at a different mutator. */
function byName<const List extends readonly Mutator[]>(...list: List): { [M in List[number] as M['name']]: M } {
  return Object.fromEntries(list.map((mutator) => [mutator.name, mutator])) as never;
}

/** Every mutator the client may queue and the server will run. */
export const mutators = byName(
  saveDraft,
  changeDraft,
  deleteDraft,
  createTransaction,
  importTransactions,
  setTransactionCategory,
  setTransactionNote,
  setTransactionChecked,
  setTransactionMerchant,
  deleteTransaction,
  setTransactionsCategory,
  setTransactionsChecked,
  deleteTransactions,
  restoreTransactions,
  attachReceipt,
  removeReceipt,
  createManualAccount,
  renameManualAccount,
  deleteManualAccount,
  createBatchImport,
  finishBatchImport,
  discardBatchImport,
  createCategoriserRule,
  addInboxReceipt,
  attachInboxReceipt,
  deleteInboxReceipt,
);

export type Mutators = typeof mutators;
export type MutatorName = keyof Mutators;
/** What `mutate(name, args)` accepts for that mutator. */
export type MutatorArgs<Name extends MutatorName> = z.input<Mutators[Name]['args']>;

/** The mutator with this name, or undefined for a name this version does not know. */
export function findMutator(name: string): Mutator | undefined {
  return Object.hasOwn(mutators, name) ? mutators[name as MutatorName] : undefined;
}
