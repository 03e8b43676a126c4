import { describe, expect, it } from 'vitest';
import { MutationRejection } from '@sync/mutator';
import { classifyFailure } from './failures';

const databaseError = (code: string) => Object.assign(new Error(`database said ${code}`), { code });

describe('classifyFailure', () => {
  it('keeps a permanent rejection’s own code', () => {
    expect(classifyFailure(new MutationRejection('declaration_sent'))).toBe('declaration_sent');
  });

  it('retries what another attempt may not meet: serialization, deadlock, lost connection, shutdown, lock timeout', () => {
    for (const code of ['40001', '40P01', '08006', '57P01', '53300', '55P03', 'ECONNRESET'])
      expect(classifyFailure(databaseError(code)), code).toBe('transient');
  });

  it('finds the database code behind a wrapping error (Drizzle puts it in `cause`)', () => {
    expect(classifyFailure(new Error('Failed query', { cause: databaseError('40001') }))).toBe('transient');
    expect(classifyFailure(new Error('Failed query', { cause: databaseError('23503') }))).toBe('invalid');
  });

  it('skips, as invalid, what the stored data refuses: integrity and data errors', () => {
    expect(classifyFailure(databaseError('23505'))).toBe('invalid');
    expect(classifyFailure(databaseError('22P02'))).toBe('invalid');
  });

  it('skips a bug as internal rather than wedging the queue behind it', () => {
    expect(classifyFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe('internal');
    expect(classifyFailure(databaseError('42P01'))).toBe('internal');
  });
});
