import { describe, expect, it } from 'vitest';
import { amountsInName, merchantSimilarity, suggestMatches } from './receipt-matching';
import { testTransaction } from '@domain/transaction-fixture';

describe('receipt suggestions', () => {
  it('reads amounts written in file names in either decimal style', () => {
    expect(amountsInName('ticket 45,90.jpg')).toEqual([4590]);
    expect(amountsInName('invoice-1,234.56.pdf')).toEqual([123456]);
    expect(amountsInName('factura 1.234,56 marzo.pdf')).toEqual([123456]);
    expect(amountsInName('IMG_20261102.jpg')).toEqual([]);
  });

  it('ranks an exact amount near the date first, and skips rows that already have a receipt or are blocked', () => {
    const exact = testTransaction({ date: '2026-11-05', amountCents: -4590 });
    const sameDay = testTransaction({ date: '2026-11-02', amountCents: -1200 });
    const withReceipt = testTransaction({
      date: '2026-11-02',
      amountCents: -4590,
      receipt: { key: 'receipts/a/b.pdf', name: 'b.pdf', size: 1, contentType: 'application/pdf' },
    });
    const blocked = testTransaction({ date: '2026-11-02', amountCents: -4590, blocked: true });
    const rows = [sameDay, exact, withReceipt, blocked];
    expect(suggestMatches({ name: 'ticket 45,90.jpg', date: '2026-11-02' }, rows)).toEqual([exact]);
    expect(suggestMatches({ name: 'scan.jpg', date: '2026-11-02' }, rows)).toEqual([sameDay, exact]);
    expect(suggestMatches({ name: 'scan.jpg', date: '2025-01-01' }, rows)).toEqual([]);
  });

  it("finds the merchant in the bank's own spelling, without counting legal forms or payment words", () => {
    expect(merchantSimilarity('Walmart Supercenter', 'WAL-MART #1234 AUSTIN TX')).toBe(0.5);
    expect(merchantSimilarity("TRADER JOE'S", 'TRADER JOES #552 QPS SEATTLE WA')).toBe(1);
    expect(merchantSimilarity('Papelería Folio S.L.', 'TRANSFERENCIA A PAPELERIA FOLIO SL')).toBe(1);
    expect(merchantSimilarity('Compra Tarjeta S.A.', 'COMPRA TARJETA SA')).toBe(0);
    expect(merchantSimilarity('Shell', 'STAPLES 00123 BOSTON MA')).toBe(0);
  });

  it('proposes the bank line of the read total, merchant and date over same-amount and same-merchant lines', () => {
    const paid = testTransaction({ date: '2026-03-13', description: 'COMPRA TARJ. MERCADONA VALENCIA', amountCents: -4590 });
    const sameAmountElsewhere = testTransaction({ date: '2026-03-13', description: 'SHELL OIL 57444', amountCents: -4590 });
    const earlierVisit = testTransaction({ date: '2026-03-09', description: 'COMPRA TARJ. MERCADONA VALENCIA', amountCents: -2210 });
    const laterVisit = testTransaction({ date: '2026-03-14', description: 'COMPRA TARJ. MERCADONA VALENCIA', amountCents: -1800 });
    const rows = [sameAmountElsewhere, earlierVisit, laterVisit, paid];
    const fields = { totalCents: 4590, date: '2026-03-12', merchant: 'MERCADONA' };
    // The file was photographed weeks later: the read date counts, not the file's.
    expect(suggestMatches({ name: 'IMG_0001.jpg', date: '2026-04-02', fields }, rows)).toEqual([paid, sameAmountElsewhere, laterVisit]);
  });

  it('follows an invoice to its payment weeks later only when the merchant is in the bank line too', () => {
    const vivo = testTransaction({ date: '2026-11-20', description: 'DEBITO AUTOMATICO VIVO', amountCents: -19999 });
    const other = testTransaction({ date: '2026-11-20', description: 'NETFLIX.COM', amountCents: -19999 });
    const fields = { totalCents: 19999, date: '2026-11-05', merchant: 'Vivo Empresas' };
    expect(suggestMatches({ name: 'fatura.pdf', date: '2026-11-25', fields }, [other, vivo])).toEqual([vivo]);
  });

  it('accepts another amount from the same merchant within days (a tip, another currency), and never a line from before the receipt', () => {
    const tipped = testTransaction({ date: '2026-08-20', description: 'SQ *BLUE BOTTLE COFFEE', amountCents: -1650 });
    const before = testTransaction({ date: '2026-08-15', description: 'SQ *BLUE BOTTLE COFFEE', amountCents: -1450 });
    const fields = { totalCents: 1450, date: '2026-08-19', merchant: 'Blue Bottle Coffee' };
    expect(suggestMatches({ name: 'slip.png', date: '2026-08-19', fields }, [before, tipped])).toEqual([tipped]);
  });
});
