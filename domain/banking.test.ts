import { describe, expect, it } from 'vitest';
import { centsToDecimal, decimalToCents, feeCents, feeTier, parseUsdInput } from './banking';
import { bankAccountIssues, bankAccountSchema, withdrawalIssues, type BankAccountInput } from './banking-forms';
import { nextCutoff, wallTimeToInstant } from './banking-cutoff';

const paths = (issues: { path: string; message: string }[]) => issues.map((issue) => `${issue.path}:${issue.message}`);

describe('fee tiers', () => {
  it('changes tier exactly at $200,000 and $500,000', () => {
    expect(feeTier(19_999_999)).toBe(0);
    expect(feeTier(20_000_000)).toBe(1);
    expect(feeTier(49_999_999)).toBe(1);
    expect(feeTier(50_000_000)).toBe(2);
  });

  it('computes each tier from the configuration table in integer cents', () => {
    // wire: 0.50 % + $25, 0.35 % + $25, 0.20 % + $25.
    expect(feeCents('wire', 19_999_999)).toBe(Math.ceil((19_999_999 * 50) / 10_000) + 2_500);
    expect(feeCents('wire', 19_999_999)).toBe(102_500);
    expect(feeCents('wire', 20_000_000)).toBe(72_500);
    expect(feeCents('wire', 49_999_999)).toBe(177_500);
    expect(feeCents('wire', 50_000_000)).toBe(102_500);
  });
});

describe('withdrawal rules', () => {
  const bank = { rail: 'ach' as const, bankAccountId: '00000000-0000-4000-8000-000000000001', reference: '' };

  it('needs at least $100', () => {
    expect(paths(withdrawalIssues({ ...bank, amountCents: 9_999 }))).toEqual(['amountCents:banking.validation.minimumAmount']);
    expect(withdrawalIssues({ ...bank, amountCents: 10_000 })).toEqual([]);
  });

  it('needs at least $10 received after fees', () => {
    // Wire fee at $100 is $25.50: $74.50 received. A rail fee that leaves under $10 is refused.
    expect(withdrawalIssues({ ...bank, rail: 'wire', amountCents: 10_000 })).toEqual([]);
    const received = 10_000 - feeCents('wire', 10_000);
    expect(received).toBeGreaterThanOrEqual(1_000);
  });

  it('requires a wallet address of at least 30 characters on the crypto rail', () => {
    const crypto = { rail: 'tron' as const, amountCents: 10_000 };
    expect(paths(withdrawalIssues({ ...crypto, walletAddress: 'T'.repeat(29) }))).toEqual(['walletAddress:banking.validation.walletAddress']);
    expect(withdrawalIssues({ ...crypto, walletAddress: 'T'.repeat(30) })).toEqual([]);
  });

  it('requires a bank account on bank rails', () => {
    expect(paths(withdrawalIssues({ rail: 'ach', amountCents: 10_000 }))).toEqual(['bankAccountId:validation.required']);
  });

  it('limits the wire message to 255 letters, numbers and spaces', () => {
    const wire = { ...bank, rail: 'wire' as const, amountCents: 10_000 };
    expect(withdrawalIssues({ ...wire, reference: 'a'.repeat(255) })).toEqual([]);
    expect(paths(withdrawalIssues({ ...wire, reference: 'a'.repeat(256) }))).toEqual(['reference:banking.validation.wireMessage']);
    expect(paths(withdrawalIssues({ ...wire, reference: 'invoice #12' }))).toEqual(['reference:banking.validation.wireMessage']);
  });

  it('takes a SEPA reference of 6 to 140 allowed characters', () => {
    const sepa = { ...bank, rail: 'sepa' as const, amountCents: 10_000 };
    expect(paths(withdrawalIssues({ ...sepa, reference: '12345' }))).toEqual(['reference:banking.validation.sepaReference']);
    expect(withdrawalIssues({ ...sepa, reference: 'A&B-1.' })).toEqual([]);
    expect(withdrawalIssues({ ...sepa, reference: 'x'.repeat(140) })).toEqual([]);
    expect(paths(withdrawalIssues({ ...sepa, reference: 'x'.repeat(141) }))).toEqual(['reference:banking.validation.sepaReference']);
    expect(paths(withdrawalIssues({ ...sepa, reference: 'inv_123456' }))).toEqual(['reference:banking.validation.sepaReference']);
  });

  it('takes an ACH reference of up to 10 characters', () => {
    expect(withdrawalIssues({ ...bank, amountCents: 10_000, reference: '1234567890' })).toEqual([]);
    expect(paths(withdrawalIssues({ ...bank, amountCents: 10_000, reference: '12345678901' }))).toEqual(['reference:banking.validation.achReference']);
  });

  it('takes a SPEI reference of 1 to 40 characters', () => {
    const spei = { ...bank, rail: 'spei' as const, amountCents: 10_000 };
    expect(paths(withdrawalIssues({ ...spei, reference: '' }))).toEqual(['reference:banking.validation.speiReference']);
    expect(withdrawalIssues({ ...spei, reference: 'x'.repeat(40) })).toEqual([]);
    expect(paths(withdrawalIssues({ ...spei, reference: 'x'.repeat(41) }))).toEqual(['reference:banking.validation.speiReference']);
  });
});

describe('amounts', () => {
  it('reads typed dollars into cents and back without floats', () => {
    expect(parseUsdInput('199999.99')).toBe(19_999_999);
    expect(parseUsdInput('100')).toBe(10_000);
    expect(parseUsdInput('0.1')).toBe(10);
    expect(parseUsdInput('1e5')).toBeNull();
    expect(parseUsdInput('-5')).toBeNull();
    expect(centsToDecimal(19_999_999)).toBe('199999.99');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(decimalToCents('75.0')).toBe(7_500);
    expect(decimalToCents('0.105')).toBe(11);
  });
});

describe('bank account rules', () => {
  const us: BankAccountInput = {
    region: 'US',
    ownerType: 'person',
    bankName: 'Chase',
    firstName: 'Ana',
    lastName: 'Pérez',
    accountNumber: '123456789',
    routingNumber: '021000021',
    street: '123 Main St',
    city: 'New York',
    state: 'NY',
    postalCode: '10001',
    country: 'US',
  };

  it('accepts a complete US account', () => expect(bankAccountIssues(us)).toEqual([]));

  it('needs a 9-digit routing number', () => {
    expect(paths(bankAccountIssues({ ...us, routingNumber: '12345678' }))).toEqual(['routingNumber:banking.validation.routingNumber']);
    expect(paths(bankAccountIssues({ ...us, routingNumber: '1234567890' }))).toEqual(['routingNumber:banking.validation.routingNumber']);
  });

  it('needs a CLABE of exactly 18 digits in Mexico', () => {
    const mx = { ...us, region: 'MX' as const, accountNumber: undefined, routingNumber: undefined, postalCode: '06600', country: 'MX' };
    expect(bankAccountIssues({ ...mx, clabe: '0'.repeat(18) })).toEqual([]);
    expect(paths(bankAccountIssues({ ...mx, clabe: '0'.repeat(17) }))).toEqual(['clabe:banking.validation.clabe']);
    expect(paths(bankAccountIssues({ ...mx, clabe: '0'.repeat(17) + 'a' }))).toEqual(['clabe:banking.validation.clabe']);
  });

  it('takes an optional BIC of at least 8 characters', () => {
    expect(bankAccountIssues({ ...us, bic: 'CHASUS33' })).toEqual([]);
    expect(paths(bankAccountIssues({ ...us, bic: 'CHASUS3' }))).toEqual(['bic:banking.validation.bic']);
  });

  it('needs a street with its number and name and a valid postal code', () => {
    expect(paths(bankAccountIssues({ ...us, street: 'Main Street' }))).toEqual(['street:banking.validation.street']);
    expect(paths(bankAccountIssues({ ...us, street: '123' }))).toEqual(['street:banking.validation.street']);
    expect(paths(bankAccountIssues({ ...us, postalCode: '1000' }))).toEqual(['postalCode:banking.validation.postalCode']);
  });

  it('needs the business name for a business', () => {
    expect(paths(bankAccountIssues({ ...us, ownerType: 'business' }))).toEqual(['businessName:validation.required']);
  });

  it('takes names of 3 to 35 characters, a BIC of 8 to 11 and a street of up to 35', () => {
    const messages = (account: BankAccountInput) => {
      const result = bankAccountSchema.safeParse(account);
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    };
    expect(messages({ ...us, firstName: 'Ana', lastName: 'P'.repeat(35), bic: 'CHASUS33XXX', street: `1 ${'M'.repeat(33)}` })).toEqual([]);
    expect(messages({ ...us, firstName: 'Al', lastName: 'P'.repeat(36) })).toEqual([
      'firstName:banking.validation.holderName',
      'lastName:banking.validation.holderName',
    ]);
    expect(messages({ ...us, ownerType: 'business', businessName: 'B'.repeat(36) })).toEqual(['businessName:banking.validation.holderName']);
    expect(messages({ ...us, bic: 'CHASUS33XXXX' })).toEqual(['bic:banking.validation.bic']);
    expect(messages({ ...us, street: `1 ${'M'.repeat(34)}` })).toEqual(['street:banking.validation.street']);
  });
});

describe('cut-off times', () => {
  it('places 4 pm New York before and after the March DST change', () => {
    // Friday 6 March 2026 is EST (UTC−5); Monday 9 March 2026 is EDT (UTC−4).
    expect(nextCutoff('ach_same_day', new Date('2026-03-06T15:00:00Z'))?.toISOString()).toBe('2026-03-06T21:00:00.000Z');
    // After Friday's cut-off: the next business day, Monday, already on daylight time.
    expect(nextCutoff('ach_same_day', new Date('2026-03-06T21:00:01Z'))?.toISOString()).toBe('2026-03-09T20:00:00.000Z');
    expect(nextCutoff('wire', new Date('2026-03-06T21:30:00Z'))?.toISOString()).toBe('2026-03-06T22:00:00.000Z');
  });

  it('shows the same instant in the user zone across its own DST change', () => {
    const cutoff = nextCutoff('wire', new Date('2026-10-30T12:00:00Z'))!;
    // Friday 30 Oct 2026: New York still on EDT, Madrid already back on CET (changed on the 25th).
    expect(cutoff.toISOString()).toBe('2026-10-30T21:00:00.000Z');
    expect(new Intl.DateTimeFormat('es', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(cutoff)).toBe('22:00');
  });

  it('has no cut-off on next-day ACH and crypto', () => {
    expect(nextCutoff('ach', new Date())).toBeNull();
    expect(nextCutoff('tron', new Date())).toBeNull();
  });

  it('converts a wall time the day after the November change', () => {
    expect(wallTimeToInstant(2026, 11, 2, 12, 'America/New_York').toISOString()).toBe('2026-11-02T17:00:00.000Z');
  });
});
