import { categoryOf } from './bookkeeping-terms';
import type { Transaction } from './bookkeeping';
import type { CapitalTransaction, PendingDeclarations, Profits } from './tax-form';

/**
 * The tax form's figures from the books (SPEC §3 profits, capital transactions, §4 what blocks a
 * declaration) and the reminder a result calls for, without the form's schemas in `tax-form.ts`
 * (which re-exports them): the tax form screen paints with these and loads the schemas when it
 * checks a step (decision 078).
 */

/** The kinds of money moved between the company and its owners (Form 5472 Part V). */
export const capitalTransactionCategories = ['contribution', 'distribution', 'loanReceived', 'loanRepaid'] as const;
export type CapitalTransactionCategory = (typeof capitalTransactionCategories)[number];

/** Profits of a year (SPEC §3) added up from its categorised transactions, by each category's tax line. */
export function profitsFromTransactions(transactions: Iterable<Pick<Transaction, 'date' | 'amountCents' | 'category'>>, taxYear: number): Profits {
  const year = String(taxYear);
  let income = 0;
  let expenses = 0;
  let salaries = 0;
  let rent = 0;
  for (const transaction of transactions) {
    if (transaction.category === null || !transaction.date.startsWith(year)) continue;
    const line = categoryOf(transaction.category)?.taxLine;
    // Money in adds to income; a refund of an expense (money in on an expense line) reduces it.
    if (line === 'income') income += transaction.amountCents;
    else if (line === 'expenses') expenses -= transaction.amountCents;
    else if (line === 'salaries') salaries -= transaction.amountCents;
    else if (line === 'rent') rent -= transaction.amountCents;
  }
  return { income: Math.max(0, income), expenses: Math.max(0, expenses), salariesAndFreelancersPayments: Math.max(0, salaries), rent: Math.max(0, rent) };
}

/** The year's money between the company and its owners, from the capital categories of the books. */
export function capitalTransactionsFromTransactions(
  transactions: Iterable<Pick<Transaction, 'date' | 'amountCents' | 'category'>>,
  taxYear: number,
): CapitalTransaction[] {
  const found: CapitalTransaction[] = [];
  for (const { date, amountCents, category } of transactions) {
    if (!date.startsWith(String(taxYear)) || amountCents === 0) continue;
    const kind: CapitalTransactionCategory | null =
      category === 'ownerContribution'
        ? 'contribution'
        : category === 'ownerDraw'
          ? 'distribution'
          : category === 'loan'
            ? amountCents > 0
              ? 'loanReceived'
              : 'loanRepaid'
            : null;
    if (kind) found.push({ category: kind, amountCents: Math.abs(amountCents), date });
  }
  return found.sort((a, b) => a.date.localeCompare(b.date));
}

/** The year's transactions that stop a declaration being sent (SPEC §4): uncategorised, or not checked. */
export function blockingTransactions(transactions: Iterable<Pick<Transaction, 'date' | 'category' | 'checked'>>, taxYear: number) {
  let uncategorised = 0;
  let unchecked = 0;
  for (const transaction of transactions) {
    if (!transaction.date.startsWith(String(taxYear))) continue;
    if (transaction.category === null) uncategorised += 1;
    if (!transaction.checked) unchecked += 1;
  }
  return { uncategorised, unchecked };
}

/** Which SPEC §2 reminder modal the result calls for: both groups (generic), one of them, or none. */
export function reminderVariant(result: PendingDeclarations): 'generic' | 'multiPartner' | 'singleMember' | null {
  const multi = result.llcMultiPartnerResult.companiesCount > 0;
  const solo = result.llcSingleMemberOrCcorpResult.companiesCount > 0;
  if (multi && solo) return 'generic';
  if (multi) return 'multiPartner';
  if (solo) return 'singleMember';
  return null;
}
