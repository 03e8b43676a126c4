import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statementMonths, statementOf, statementPeriod } from '@domain/bank-statement';
import { buildBankStatementPdf } from '@domain/bank-statement-pdf';
import { englishStatementLabels as labels } from '@domain/bank-statement-fixture';
import type { WalletTransaction } from '@domain/banking';

const row = (overrides: Partial<WalletTransaction>): WalletTransaction => ({
  id: crypto.randomUUID(),
  date: '2026-10-05T12:00:00.000Z',
  direction: 'incoming',
  rail: 'wire',
  currency: 'usd',
  amountCents: 10_000,
  feeCents: 0,
  status: 'funds_received',
  counterparty: 'Client',
  senderName: null,
  fromBank: null,
  hash: null,
  reference: null,
  holdReason: null,
  ...overrides,
});

/** The PDF's text as poppler's pdftotext reads it (what a person copying from the file gets). */
function textOf(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'alta-statement-'));
  try {
    const file = path.join(dir, 'statement.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('bank statement', () => {
  it('offers the last 7 months as YYYY-MM, across a year end', () => {
    expect(statementMonths(new Date('2026-02-10T00:00:00Z'))).toEqual(['2026-02', '2026-01', '2025-12', '2025-11', '2025-10', '2025-09', '2025-08']);
    expect(statementPeriod('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
  });

  it('derives opening and closing balances from today’s balance, leaving out money that never moved', () => {
    const statement = statementOf({
      month: '2026-10',
      companyName: 'Andes Labs LLC',
      sponsorBank: 'Lead Bank',
      accountNumber: '900123456789',
      routingNumber: '101019644',
      balanceCents: 100_000,
      transactions: [
        row({ date: '2026-11-02T10:00:00.000Z', amountCents: 30_000 }),
        row({ date: '2026-10-20T10:00:00.000Z', direction: 'outgoing', amountCents: 10_000, feeCents: 500, counterparty: 'Wire to Chase' }),
        row({ date: '2026-10-10T10:00:00.000Z', amountCents: 50_000, counterparty: 'Ana Pérez' }),
        row({ date: '2026-10-12T10:00:00.000Z', direction: 'outgoing', amountCents: 9_999, status: 'returned' }),
        // Payments held under SPEC §1 are not in the balance: neither in the month nor after it.
        row({ date: '2026-10-15T10:00:00.000Z', amountCents: 77_700, status: 'in_review', holdReason: 'unrelated_person_over_limit' }),
        row({ date: '2026-11-03T10:00:00.000Z', amountCents: 500_000, status: 'in_review', holdReason: 'us_third_party' }),
        row({ date: '2026-09-30T10:00:00.000Z', amountCents: 1_000 }),
      ],
    });
    expect(statement.closingCents).toBe(70_000);
    expect(statement.openingCents).toBe(30_000);
    expect(statement.lines.map((line) => [line.date, line.amountCents])).toEqual([
      ['2026-10-10', 50_000],
      ['2026-10-20', -10_000],
    ]);
  });

  it('prints the period, sponsor bank, account and routing numbers, both balances and every transaction of a busy month', async () => {
    const transactions = Array.from({ length: 120 }, (_, index) =>
      row({ date: `2026-10-${String((index % 28) + 1).padStart(2, '0')}T10:00:00.000Z`, amountCents: 1_000 + index, counterparty: `Client number ${index}` }),
    );
    const statement = statementOf({
      month: '2026-10',
      companyName: 'Andes Labs LLC',
      sponsorBank: 'Lead Bank',
      accountNumber: '900123456789',
      routingNumber: '101019644',
      balanceCents: 500_000,
      transactions,
    });
    const text = textOf(await buildBankStatementPdf(statement, labels, 'en-US'));
    expect(text).toContain('Period: 10/1/26 – 10/31/26');
    expect(text).toContain('Sponsor bank: Lead Bank');
    expect(text).toContain('Account number: 900123456789');
    expect(text).toContain('Routing number: 101019644');
    expect(text).toContain('Opening balance: $3,728.60');
    expect(text).toContain('Closing balance: $5,000.00');
    for (let index = 0; index < 120; index++) expect(text).toContain(`Client number ${index}`);
    expect(text).toContain('Page 3 / 3');
  });

  it('formats numbers and dates in the reader’s language and draws accented names', async () => {
    const statement = statementOf({
      month: '2026-10',
      companyName: 'Andes',
      sponsorBank: 'Lead Bank',
      accountNumber: '1',
      routingNumber: '2',
      balanceCents: 123_456,
      transactions: [row({ counterparty: 'José Pérez', amountCents: 123_456 })],
    });
    const text = textOf(await buildBankStatementPdf(statement, { ...labels, closing: 'Saldo final' }, 'es-ES'));
    expect(text).toContain('José Pérez');
    expect(text).toMatch(/Saldo final: 1234,56\s?US\$/);
    expect(text).toContain('5/10/26');
  });
});
