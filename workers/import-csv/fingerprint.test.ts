import { describe, expect, it } from 'vitest';
import { importedTransactionId, normaliseDescription, OccurrenceCounter } from './fingerprint';

const companyId = '7d7a6c56-0d7f-4c1b-9a34-6a9f7f0b3f11';
const accountId = '5a0c1f0e-6a62-4d2f-8d43-9f1b8a4c2e10';

describe('fingerprint', () => {
  it('ignores case, accents, punctuation and spacing of descriptions', () => {
    expect(normaliseDescription('  Comisión   MANTENIMIENTO. ')).toBe(normaliseDescription('comision mantenimiento'));
  });

  it('numbers identical lines of one file so both survive', () => {
    const counter = new OccurrenceCounter();
    const line = { date: '2026-03-05', amountCents: -1500, description: 'MONTHLY SERVICE FEE' };
    const first = counter.next(line);
    const second = counter.next({ ...line, description: 'Monthly service fee' });
    expect(first).not.toBe(second);
    expect(new OccurrenceCounter().next(line)).toBe(first);
  });

  it('derives the same UUID for the same line, and another one in another account', () => {
    const id = importedTransactionId(companyId, accountId, '2026-03-05|-1500|monthly service fee|0');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(importedTransactionId(companyId, accountId, '2026-03-05|-1500|monthly service fee|0')).toBe(id);
    expect(importedTransactionId(companyId, companyId, '2026-03-05|-1500|monthly service fee|0')).not.toBe(id);
  });
});
