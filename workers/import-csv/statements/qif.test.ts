import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { qifDate, readQif } from './qif';

const fixture = (name: string) => readFileSync(path.resolve(__dirname, '../../../tests/fixtures/bank-files', name), 'utf8');

describe('QIF reader', () => {
  it("normalises Quicken's apostrophe years and padded digits, and keeps other dates as written", () => {
    expect(qifDate("1/31'24")).toBe('1/31/24');
    expect(qifDate("1/ 5' 4")).toBe('1/5/04');
    expect(qifDate("12/31'2024")).toBe('12/31/2024');
    expect(qifDate('31/01/24')).toBe('31/01/24');
    expect(qifDate('2024-01-31')).toBe('2024-01-31');
  });

  it('reads a US Quicken export: records, split lines, U and T amounts, the line each record starts on', () => {
    const statement = readQif(fixture('quicken-us.qif'))!;
    expect(statement.decimal).toBeNull();
    expect(statement.currencies.size).toBe(0);
    expect(statement.lines.map(({ line, date, description, amount }) => [line, date, description, amount])).toEqual([
      [2, '1/2/24', 'Greenway Property Mgmt · January rent', '-1,250.00'],
      [8, '1/05/24', 'COSTCO WHSE #0148', '-64.18'],
      [13, '01/12/2024', 'ACME CORP PAYROLL', '3,200.00'],
      [18, '1/15/2024', 'SHELL OIL 57442', '-18.40'],
      // The split lines ($) are parts of the record's own total.
      [23, '1/31/24', 'City Water Utility', '-42.00'],
      [31, '2/30/24', 'BAD DATE FEE', '-5.00'],
      [35, '2/1/04', 'OLD QUICKEN DATE', '-12.00'],
    ]);
    expect(statement.lines.every((line) => line.reference === '')).toBe(true);
  });

  it('skips account lists and category lists, and keeps a record with an empty amount for the import to refuse', () => {
    const statement = readQif(fixture('banco-dmy.qif'))!;
    expect(statement.lines.map(({ line, date, amount }) => [line, date, amount])).toEqual([
      [6, '31/01/24', '-1.234,56'],
      [10, '02/02/24', '-45,30'],
      [15, '13/02/24', '2.500,00'],
      [19, '2024-02-20', '-9,99'],
      [23, '28/02/24', ''],
    ]);
  });

  it('describes a record without payee or memo by its category or check number', () => {
    const text = '!Type:Bank\nD01/05/2024\nT-500.00\nL[Savings]\n^\nD01/06/2024\nT-20.00\nN1042\n^\n';
    expect(readQif(text)!.lines.map(({ description }) => description)).toEqual(['[Savings]', '1042']);
  });

  it('is no QIF without a ! header, and reads investment records as nothing', () => {
    expect(readQif('D01/02/2024\nT-1.00\n^\n')).toBeNull();
    expect(readQif('!Type:Invst\nD01/02/2024\nNBuy\nYACME\nT-100.00\n^\n')!.lines).toEqual([]);
  });
});
