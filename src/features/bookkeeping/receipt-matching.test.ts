import { describe, expect, it } from 'vitest';
import { amountsInName, suggestMatches } from './receipt-matching';
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
});
