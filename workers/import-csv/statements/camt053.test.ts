import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCamt053 } from './camt053';

const fixture = (name: string) => readFileSync(path.resolve(__dirname, '../../../tests/fixtures/bank-files', name), 'utf8');

describe('CAMT.053 reader', () => {
  it('reads every statement of the file, one line per booking and one per transaction of a batched booking', () => {
    const statement = readCamt053(fixture('camt053-two-statements.xml'))!;
    expect(statement.currencies).toEqual(new Set(['USD']));
    expect(statement.decimal).toBe('.');
    expect(statement.lines).toEqual([
      { line: 23, date: '2024-03-04', description: 'Northwind Traders LLC · Invoice 2024-118', amount: '1850.00', reference: '2024030400012345' },
      { line: 40, date: '2024-03-04', description: 'Wire transfer fee', amount: '-2.50', reference: '2024030400012399' },
      // The payroll batch: each transaction its own line, signed by the entry's indicator, keyed by the entry's reference and its place.
      { line: 69, date: '2024-03-05', description: 'Maria Gonzalez · Salary March', amount: '-3100.00', reference: '2024030500020001/1' },
      { line: 75, date: '2024-03-05', description: 'John Smith · Salary March', amount: '-2870.00', reference: '2024030500020001/2' },
      { line: 81, date: '2024-03-05', description: 'Ana Souza · Salary March', amount: '-1450.00', reference: '2024030500020001/3' },
      // A booking date with a time; remittance text in several lines.
      { line: 90, date: '2024-03-05', description: 'Adobe Systems · Creative Cloud March 2024', amount: '-89.90', reference: '2024030500020002' },
      // No booking date: the value date; no AcctSvcrRef: no reference (an NtryRef is only the line's place in the statement), so the fingerprint keys it.
      { line: 106, date: '2024-03-06', description: 'Interest credit', amount: '40.00', reference: '' },
      // Not an xs:decimal: kept as written for the import to refuse with its line.
      { line: 114, date: '2024-03-05', description: 'Card fee', amount: '-12,00', reference: '2024030500020003' },
    ]);
  });

  it("reports a statement's currencies, the account's and each amount's, and the accounts it is of", () => {
    expect(readCamt053(fixture('camt053-eur.xml'))!.currencies).toEqual(new Set(['EUR']));
    expect(readCamt053(fixture('camt053-two-statements.xml'))!.accounts).toEqual(new Set(['8839201475']));
  });

  it("keys a batch's parts by the bank's references only (never the payer's end-to-end id, which a monthly debit repeats), and reads version .08 amounts and parties", () => {
    const xml = `<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Acct><Ccy>USD</Ccy></Acct>
<Ntry><Amt Ccy="USD">30.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2024-05-02</Dt></BookgDt>
<NtryDtls><TxDtls><Refs><EndToEndId>E2E-1</EndToEndId></Refs><Amt Ccy="USD">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Dbtr><Pty><Nm>Client A &amp; Sons</Nm></Pty></Dbtr></RltdPties></TxDtls>
<TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId><AcctSvcrRef>BANK-2</AcctSvcrRef></Refs><Amt Ccy="USD">20.00</Amt><RltdPties><Dbtr><Pty><Nm>Client B</Nm></Pty></Dbtr></RltdPties></TxDtls></NtryDtls>
</Ntry></Stmt></BkToCstmrStmt></Document>`;
    expect(readCamt053(xml)!.lines.map(({ description, amount, reference }) => [description, amount, reference])).toEqual([
      ['Client A & Sons', '10.00', ''],
      ['Client B', '20.00', 'BANK-2'],
    ]);
  });

  it('is no CAMT.053 when the XML is broken or another document', () => {
    expect(readCamt053('<Document><BkToCstmrStmt><Stmt></BkToCstmrStmt>')).toBeNull();
    expect(readCamt053('<?xml version="1.0"?><Document><BkToCstmrNtfctn><Ntfctn/></BkToCstmrNtfctn></Document>')).toBeNull();
  });
});
