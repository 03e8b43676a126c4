import { describe, expect, it } from 'vitest';
import { detectColumns, mapFromHeader, roleOfHeader } from './columns';

describe('header roles', () => {
  it.each([
    ['Fecha', 'date'],
    ['Fecha operación', 'date'],
    ['Fecha valor', 'date'],
    ['Data', 'date'],
    ['Posting Date', 'date'],
    ['Transaction Date', 'date'],
    ['Descripción', 'description'],
    ['Descrição', 'description'],
    ['Concepto', 'description'],
    ['Lançamento', 'description'],
    ['Importe', 'amount'],
    ['Monto', 'amount'],
    ['Valor (R$)', 'amount'],
    ['Amount (USD)', 'amount'],
    ['Débito', 'debit'],
    ['Cargos', 'debit'],
    ['Money Out', 'debit'],
    ['Crédito', 'credit'],
    ['Abonos', 'credit'],
    ['Paid in', 'credit'],
    ['Saldo', 'balance'],
    ['Running Balance', 'balance'],
    ['Número de referencia', 'ignored'],
    ['Check or Slip #', 'ignored'],
  ])('%s is %s', (header, role) => {
    expect(roleOfHeader(header)?.role).toBe(role);
  });
});

describe('column detection', () => {
  it('maps a signed amount file and prefers Description over Details', () => {
    expect(mapFromHeader(['Details', 'Posting Date', 'Description', 'Amount', 'Type', 'Balance'], 0)).toEqual({
      headerRow: 0,
      date: 1,
      description: 2,
      amount: { kind: 'signed', column: 3 },
      merchant: null,
    });
  });

  it('maps separate debit and credit columns', () => {
    expect(mapFromHeader(['Data', 'Lançamento', 'Débito', 'Crédito', 'Saldo'], 0)?.amount).toEqual({ kind: 'split', debit: 2, credit: 3 });
  });

  it('keeps a merchant column beside the description', () => {
    expect(mapFromHeader(['Date', 'Merchant', 'Description', 'Amount'], 0)).toMatchObject({ description: 2, merchant: 1 });
  });

  it('skips preamble lines above the header', () => {
    const rows = [
      ['Cuenta', 'ES12 3456'],
      ['Periodo', '01/01/2026 - 31/03/2026'],
      ['Fecha operación', 'Fecha valor', 'Concepto', 'Importe', 'Saldo'],
      ['02/01/2026', '02/01/2026', 'Luz', '-45,30', '1.954,70'],
    ];
    expect(detectColumns(rows)).toMatchObject({ headerRow: 2, date: 0, description: 2, amount: { kind: 'signed', column: 3 } });
  });

  it('maps a file without header by content', () => {
    const rows = [
      ['2026-04-01', 'Stripe payout', '1500.00', '1500.00'],
      ['2026-04-02', 'GitHub subscription', '-21.00', '1479.00'],
    ];
    expect(detectColumns(rows)).toEqual({ headerRow: null, date: 0, description: 1, amount: { kind: 'signed', column: 2 }, merchant: null });
  });

  it('recognises debit and credit columns in a file without header', () => {
    const rows = [
      ['01/03/2026', 'Rent', '900,00', ''],
      ['02/03/2026', 'Client', '', '1.500,00'],
      ['03/03/2026', 'Fee', '9,90', ''],
    ];
    expect(detectColumns(rows)?.amount).toEqual({ kind: 'split', debit: 2, credit: 3 });
  });

  it('gives up on a file with neither header nor dates', () => {
    expect(
      detectColumns([
        ['name', 'email'],
        ['Ana', 'ana@example.com'],
      ]),
    ).toBeNull();
  });
});
