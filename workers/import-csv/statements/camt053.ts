import { XMLParser } from 'fast-xml-parser';
import { decodeEntities, joinDescription, lineLocator, type Statement, type StatementLine } from './statement';

/**
 * ISO 20022 CAMT.053 bank-to-customer statements (versions .001.02 to .001.13 share what is
 * read here), parsed with fast-xml-parser: pure JavaScript, so it runs in the worker, which
 * has no DOMParser. A file may hold several `<Stmt>` (days, accounts); each `<Ntry>` is one
 * booking, and a batched booking (`<NtryDtls>` with several `<TxDtls>`, a payroll or a card
 * settlement) is imported as one line per `<TxDtls>`. `<CdtDbtInd>` signs the amount; the day
 * is the booking date, else the value date.
 */

type Node = Record<string | symbol, unknown>;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // References and amounts stay text: `0012` and `1.50` must not become numbers.
  parseTagValue: false,
  // Entities are decoded only in the few values read (text()): decoding every value of the file took a third of the parse.
  processEntities: false,
  captureMetaData: true,
  isArray: (name) => ['Stmt', 'Ntry', 'TxDtls', 'NtryDtls', 'Ustrd'].includes(name),
});
const meta = XMLParser.getMetaDataSymbol() as symbol;

const node = (value: unknown): Node | undefined => (value !== null && typeof value === 'object' ? (value as Node) : undefined);
const list = (value: unknown): Node[] => (Array.isArray(value) ? value.map(node).filter((item): item is Node => item !== undefined) : []);
/** The text of an element, with or without attributes; '' when absent. */
function text(value: unknown): string {
  const content = typeof value === 'string' ? value : node(value)?.['#text'];
  return typeof content === 'string' ? decodeEntities(content.trim()) : '';
}
/** Follows a path of element names. */
function at(start: unknown, ...path: string[]): unknown {
  let current = start;
  for (const name of path) current = node(current)?.[name];
  return current;
}

/** A booking or transaction's amount, signed by its credit/debit indicator (or the entry's). */
function signedAmount(amount: unknown, indicator: string): string {
  const value = text(amount).replace(/^\+/, '');
  return indicator === 'DBIT' && value !== '' && !value.startsWith('-') ? `-${value}` : value;
}

/** The counterparty's name: the debtor when money comes in, the creditor when it goes out (`Pty` from version .08 on). */
function counterparty(details: Node | undefined, indicator: string): string {
  const party = at(details, 'RltdPties', indicator === 'CRDT' ? 'Dbtr' : 'Cdtr');
  return text(at(party, 'Nm')) || text(at(party, 'Pty', 'Nm'));
}

/** The unstructured remittance text, its lines joined. */
function ustrd(details: Node | undefined): string {
  const lines = at(details, 'RmtInf', 'Ustrd');
  return Array.isArray(lines) ? lines.map(text).join(' ') : '';
}

/** The transactions of a CAMT.053 file; null when it is not one (another XML, or not well formed). */
export function readCamt053(xml: string): Statement | null {
  let document: unknown;
  try {
    // Validated first: the parser itself is lenient, and a statement cut short in its download must be refused, not half imported.
    document = parser.parse(xml, true);
  } catch {
    return null;
  }
  const statements = at(document, 'Document', 'BkToCstmrStmt', 'Stmt');
  if (!Array.isArray(statements)) return null;
  const lineAt = lineLocator(xml);
  const lineOf = (element: Node) => lineAt((element[meta] as { startIndex?: number } | undefined)?.startIndex ?? 0);
  const lines: StatementLine[] = [];
  const currencies = new Set<string>();
  const accounts = new Set<string>();
  const currencyOf = (amount: unknown) => {
    const code = node(amount)?.['@Ccy'];
    if (typeof code === 'string') currencies.add(code.trim().toUpperCase());
  };

  for (const statement of list(statements)) {
    const accountCurrency = text(at(statement, 'Acct', 'Ccy'));
    if (accountCurrency) currencies.add(accountCurrency.toUpperCase());
    const account = text(at(statement, 'Acct', 'Id', 'IBAN')) || text(at(statement, 'Acct', 'Id', 'Othr', 'Id'));
    if (account) accounts.add(account);
    for (const entry of list(statement.Ntry)) {
      currencyOf(entry.Amt);
      const indicator = text(entry.CdtDbtInd);
      const date =
        text(at(entry, 'BookgDt', 'Dt')) ||
        text(at(entry, 'BookgDt', 'DtTm')).slice(0, 10) ||
        text(at(entry, 'ValDt', 'Dt')) ||
        text(at(entry, 'ValDt', 'DtTm')).slice(0, 10);
      // Only the bank's own references: NtryRef and the payer's EndToEndId repeat (a monthly debit keeps its id).
      const entryReference = text(entry.AcctSvcrRef);
      const entryText = text(entry.AddtlNtryInf);
      const details = list(entry.NtryDtls).flatMap((group) => list(group.TxDtls));
      if (details.length <= 1) {
        const only = details[0];
        lines.push({
          line: lineOf(entry),
          date,
          description: joinDescription(counterparty(only, indicator), ustrd(only) || text(at(only, 'AddtlTxInf')) || entryText),
          amount: signedAmount(entry.Amt, indicator),
          reference: entryReference || text(at(only, 'Refs', 'AcctSvcrRef')),
        });
        continue;
      }
      details.forEach((transaction, index) => {
        // Version .02 puts the amount under AmtDtls, later ones beside it; the sign may be the transaction's own.
        const amount = transaction.Amt ?? at(transaction, 'AmtDtls', 'TxAmt', 'Amt') ?? at(transaction, 'AmtDtls', 'InstdAmt', 'Amt');
        currencyOf(amount);
        const own = text(transaction.CdtDbtInd) || indicator;
        lines.push({
          line: lineOf(transaction),
          date,
          description: joinDescription(counterparty(transaction, own), ustrd(transaction) || text(transaction.AddtlTxInf) || entryText),
          amount: signedAmount(amount, own),
          // A part of a batch: its own bank reference, else the entry's with its place in the batch.
          reference: text(at(transaction, 'Refs', 'AcctSvcrRef')) || (entryReference ? `${entryReference}/${index + 1}` : ''),
        });
      });
    }
  }
  return { lines, currencies, accounts, decimal: '.' };
}
