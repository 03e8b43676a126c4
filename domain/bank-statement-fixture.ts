import type { BankStatementLabels } from './bank-statement';

/** The statement's labels in English, for tests and the bench (the app passes its translated ones). */
export const englishStatementLabels: BankStatementLabels = {
  title: 'Bank statement',
  period: 'Period',
  sponsorBank: 'Sponsor bank',
  accountNumber: 'Account number',
  routingNumber: 'Routing number',
  opening: 'Opening balance',
  closing: 'Closing balance',
  date: 'Date',
  description: 'Origin / destination',
  amount: 'Amount',
  balance: 'Balance',
  noTransactions: 'No transactions this month.',
  page: 'Page',
};
