import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, totpOf } from './two-factor';

describe('TOTP', () => {
  // RFC 6238 appendix B, SHA-1 rows: the ASCII seed "12345678901234567890", 8 digits, 30-second steps.
  const seed = new Secret({ buffer: new TextEncoder().encode('12345678901234567890').buffer });
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1_111_111_109, '07081804'],
    [1_111_111_111, '14050471'],
    [1_234_567_890, '89005924'],
    [2_000_000_000, '69279037'],
    [20_000_000_000, '65353130'],
  ];

  it.each(vectors)('at %i s gives %s', (seconds, code) => {
    expect(totpOf(seed, 'rfc', 8).generate({ timestamp: seconds * 1000 })).toBe(code);
  });

  it('uses the last six digits for Alta’s codes', () => {
    expect(totpOf(seed, 'rfc').generate({ timestamp: 59_000 })).toBe('287082');
  });
});

describe('secret box', () => {
  it('opens what it sealed, and nothing sealed with another key or altered', () => {
    const sealed = sealSecret('a'.repeat(32), 'JBSWY3DPEHPK3PXP');
    expect(openSecret('a'.repeat(32), sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openSecret('b'.repeat(32), sealed)).toThrow();
    const [iv, tag, body] = sealed.split('.');
    // One bit flipped: replacing the last characters with fixed ones changed nothing when they already were those.
    const altered = Buffer.from(body!, 'base64url');
    altered[0]! ^= 1;
    expect(() => openSecret('a'.repeat(32), [iv, tag, altered.toString('base64url')].join('.'))).toThrow();
  });
});
