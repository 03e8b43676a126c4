import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOfx } from './ofx';

const fixture = (name: string) => readFileSync(path.resolve(__dirname, '../../../tests/fixtures/bank-files', name), 'utf8');

describe('OFX/QFX reader', () => {
  it('reads OFX 1.x SGML: unclosed leaves, comma decimals, entities, the line each transaction starts on', () => {
    const statement = readOfx(fixture('checking-ofx1-sgml.ofx'))!;
    expect(statement.currencies).toEqual(new Set(['USD']));
    expect(statement.decimal).toBe('.');
    expect(statement.lines).toHaveLength(8);
    expect(statement.lines[0]).toEqual({
      line: 43,
      date: '2024-01-02',
      description: 'AT&T WIRELESS · AUTOPAY 8123',
      amount: '-45.30',
      reference: '2024010201',
    });
    expect(statement.lines[1]).toMatchObject({ date: '2024-01-03', description: 'ACME CORP PAYROLL', amount: '2500.00', reference: '2024010302' });
    // A memo that repeats the name is not written twice.
    expect(statement.lines[2]).toMatchObject({ line: 58, date: '2024-01-05', description: 'STARBUCKS STORE 1123', amount: '-12.75' });
    // A posted date that is no day is kept as read, for the import to refuse with its line.
    expect(statement.lines[4]).toMatchObject({ line: 74, date: '2024-13-09', reference: '2024010905' });
    expect(statement.lines.map((line) => line.reference)).toEqual([
      '2024010201',
      '2024010302',
      '2024010503',
      '2024010804',
      '2024010905',
      '2024011206',
      '2024011507',
      '2024013108',
    ]);
  });

  it('reads OFX 2.x XML (a QFX credit card statement): payee aggregates, empty memos, currency aggregates', () => {
    const statement = readOfx(fixture('card-ofx2-xml.qfx'))!;
    // The original currency of a card purchase abroad is not the statement's: only CURDEF and CURRENCY count.
    expect(statement.currencies).toEqual(new Set(['USD']));
    expect(statement.lines.map(({ date, description, amount }) => [date, description, amount])).toEqual([
      ['2024-02-02', 'AMZN Mktp US*2K4LM0 · Amzn.com/bill WA', '-54.20'],
      ['2024-02-06', 'UBER *TRIP', '-23.45'],
      ['2024-02-11', 'DELTA AIR LINES', '-120.00'],
      ['2024-02-15', 'CAFE DE FLORE PARIS · FOREIGN TRANSACTION', '-31.08'],
      ['2024-02-20', 'PAYMENT THANK YOU', '500.00'],
      ['2024-02-27', 'SPOTIFY USA', '-9.99'],
    ]);
    expect(statement.lines[0]).toMatchObject({ line: 23, reference: '320240202001' });
  });

  it('collects every statement currency, so a foreign one can be refused', () => {
    const text = fixture('card-ofx2-xml.qfx').replace('<CURDEF>USD</CURDEF>', '<CURDEF>EUR</CURDEF>').replace('<CURSYM>USD</CURSYM>', '<CURSYM>GBP</CURSYM>');
    expect(readOfx(text)!.currencies).toEqual(new Set(['EUR', 'GBP']));
  });

  it('decodes character references and keeps impossible ones as written', () => {
    const text = '<OFX><STMTTRN><DTPOSTED>20240101<TRNAMT>-1.00<FITID>1<NAME>CAF&#201; &#x26; CO &#99999999;</STMTTRN></OFX>';
    expect(readOfx(text)!.lines[0]).toMatchObject({ description: 'CAFÉ & CO &#99999999;' });
  });

  it('reads a hostile file of unclosed tags at once (each `<` scanned to the end would take hours: the test would time out)', () => {
    expect(readOfx('<OFX>' + '<a'.repeat(200_000))!.lines).toEqual([]);
  });

  it('is no OFX without an <OFX> body', () => {
    expect(readOfx('OFXHEADER:100\nDATA:OFXSGML\n')).toBeNull();
  });
});
