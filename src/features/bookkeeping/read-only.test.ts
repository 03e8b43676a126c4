import { describe, expect, it } from 'vitest';
import { readOnlyReason } from './read-only';
import { testTransaction } from '@domain/transaction-fixture';

describe('readOnlyReason', () => {
  it('names why a transaction cannot change: blocked first, then a year whose declaration is sent', () => {
    const locked = new Set([2025]);
    expect(readOnlyReason(testTransaction({ date: '2025-12-31' }), locked)).toBe('declaration_sent');
    expect(readOnlyReason(testTransaction({ date: '2025-12-31', blocked: true }), locked)).toBe('blocked');
    expect(readOnlyReason(testTransaction({ date: '2026-01-01' }), locked)).toBeNull();
    expect(readOnlyReason(testTransaction({ date: '2025-06-01' }), new Set())).toBeNull();
  });
});
