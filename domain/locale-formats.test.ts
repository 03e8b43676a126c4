import { describe, expect, it } from 'vitest';
import { longDate } from './locale-formats';

describe('longDate', () => {
  it('writes the day in UTC, as each language writes it, again and again with the kept formatter', () => {
    const lateInTheDay = new Date('2026-11-24T23:30:00Z');
    for (let round = 0; round < 2; round++) {
      expect(longDate(lateInTheDay, 'es')).toBe('24 de noviembre de 2026');
      expect(longDate(lateInTheDay, 'en')).toBe('November 24, 2026');
      expect(longDate(lateInTheDay, 'pt')).toBe('24 de novembro de 2026');
    }
  });
});
