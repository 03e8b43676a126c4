import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatDateTime, formatDuration, formatNumber, formatUsd } from './format';

describe('formatDate', () => {
  const date = new Date(Date.UTC(2026, 10, 21, 12));

  it('puts the day first in Spanish and Portuguese and the month first in English', () => {
    expect(formatDate(date, 'es')).toBe('21/11/2026');
    expect(formatDate(date, 'pt')).toBe('21/11/2026');
    expect(formatDate(date, 'en')).toBe('11/21/2026');
  });

  it('spells the month in the language', () => {
    expect(formatDate(date, 'es', 'long')).toBe('21 de noviembre de 2026');
    expect(formatDate(date, 'pt', 'long')).toBe('21 de novembro de 2026');
    expect(formatDate(date, 'en', 'long')).toBe('November 21, 2026');
  });

  it('keeps a date-only string on its day whatever the time zone', () => {
    expect(formatDate('2026-01-01', 'en')).toBe('01/01/2026');
    expect(formatDate('2026-01-01', 'es')).toBe('01/01/2026');
  });

  it('formats a timestamp with its time', () => {
    expect(formatDateTime(date, 'en')).toMatch(/Nov 21, 2026/);
  });
});

describe('formatNumber', () => {
  it('uses each language grouping and decimal marks', () => {
    expect(formatNumber(1234567.891, 'en')).toBe('1,234,567.89');
    expect(formatNumber(1234567.891, 'pt')).toBe('1.234.567,89');
    expect(formatNumber(1234567.891, 'es')).toBe('1,234,567.89');
  });
});

describe('formatAmount', () => {
  it('always shows the cents, with no currency symbol', () => {
    expect(formatAmount(45.9, 'en')).toBe('45.90');
    expect(formatAmount(1234.5, 'pt')).toBe('1.234,50');
    expect(formatAmount(12, 'es')).toBe('12.00');
  });
});

describe('formatUsd', () => {
  it('shows the $ symbol in every language', () => {
    expect(formatUsd(1234.5, 'en')).toBe('$1,234.50');
    expect(formatUsd(1234.5, 'es')).toBe('$1,234.50');
    expect(formatUsd(1234.5, 'pt').replace(/\s/g, ' ')).toBe('$ 1.234,50');
  });

  it('drops the cents of whole amounts (prices such as "from $450")', () => {
    expect(formatUsd(450, 'en')).toBe('$450');
    expect(formatUsd(20000, 'pt').replace(/\s/g, ' ')).toBe('$ 20.000');
  });

  it('keeps negative amounts readable', () => {
    expect(formatUsd(-10, 'en')).toBe('-$10');
  });
});

describe('formatDuration', () => {
  it('speaks seconds below a minute and a half', () => {
    expect(formatDuration(30, 'en')).toBe('30 seconds');
    expect(formatDuration(1, 'en')).toBe('1 second');
    expect(formatDuration(3, 'es')).toBe('3 segundos');
    expect(formatDuration(3, 'pt')).toBe('3 segundos');
  });

  it('rounds longer waits up to minutes', () => {
    expect(formatDuration(600, 'en')).toBe('10 minutes');
    expect(formatDuration(91, 'es')).toBe('2 minutos');
  });
});
