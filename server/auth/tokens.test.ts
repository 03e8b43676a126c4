import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accessTokenSeconds, signAccessToken, verifyAccessToken } from './tokens';

const secret = 'a'.repeat(64);
const claims = { sub: randomUUID(), role: 'user' as const, fam: randomUUID() };
const issued = new Date('2026-11-25T10:00:00Z');
const later = (seconds: number) => new Date(issued.getTime() + seconds * 1000);

describe('an access token verified once', () => {
  it('is accepted again until it expires, and not a second after', async () => {
    const token = await signAccessToken(secret, claims, issued);
    expect(verifyAccessToken(secret, token, issued)).toEqual(claims);
    expect(verifyAccessToken(secret, token, later(accessTokenSeconds - 1))).toEqual(claims);
    expect(verifyAccessToken(secret, token, later(accessTokenSeconds))).toBeNull();
  });

  it('is not accepted under another secret, nor with its signature or claims changed', async () => {
    const token = await signAccessToken(secret, claims, issued);
    expect(verifyAccessToken(secret, token, issued)).toEqual(claims);
    expect(verifyAccessToken('b'.repeat(64), token, issued)).toBeNull();
    const [header, body, signature] = token.split('.') as [string, string, string];
    const otherBody = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), sub: randomUUID() })).toString('base64url');
    expect(verifyAccessToken(secret, `${header}.${otherBody}.${signature}`, issued)).toBeNull();
    // Its first character changed (not its last two set to `AA`, which a signature may already end with).
    const tampered = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(verifyAccessToken(secret, `${header}.${body}.${tampered}`, issued)).toBeNull();
  });

  it('is refused before it was issued, beyond the clock skew', async () => {
    const token = await signAccessToken(secret, claims, later(60));
    expect(verifyAccessToken(secret, token, later(60))).toEqual(claims);
    expect(verifyAccessToken(secret, token, issued)).toBeNull();
  });
});
