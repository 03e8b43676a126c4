import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** Access tokens live 15 minutes: short enough that a stolen one expires soon, long enough to spare refreshes. */
export const accessTokenSeconds = 15 * 60;

export interface AccessClaims {
  sub: string;
  role: 'user' | 'admin';
  /** Id of the admin acting as this user. */
  imp?: string;
  /** The refresh-token family the token was issued for: revoking the family ends the token too. */
  fam: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Instances' clocks may disagree a little; a token issued further ahead than this is refused. */
const clockSkewSeconds = 30;

const secretKeys = new Map<string, Uint8Array>();
function keyOf(secret: string) {
  let key = secretKeys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    secretKeys.set(secret, key);
  }
  return key;
}

export function signAccessToken(secret: string, claims: AccessClaims, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: claims.role, fam: claims.fam, ...(claims.imp ? { imp: claims.imp } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + accessTokenSeconds)
    .sign(keyOf(secret));
}

/**
 * The claims of a valid, unexpired access token, or null. Only HS256 is accepted (no `alg: none`
 * tricks); a token must name its family and carry `iat` and `exp` no further apart, nor further
 * ahead, than the access-token lifetime (a token that never expires is refused).
 */
export async function verifyAccessToken(secret: string, token: string, now: Date): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], currentDate: now, requiredClaims: ['exp', 'iat', 'sub'] });
    const nowSeconds = Math.floor(now.getTime() / 1000);
    if (payload.exp! - payload.iat! > accessTokenSeconds || payload.iat! > nowSeconds + clockSkewSeconds) return null;
    if (typeof payload.sub !== 'string' || (payload.role !== 'user' && payload.role !== 'admin')) return null;
    if (typeof payload.fam !== 'string' || !uuidPattern.test(payload.fam)) return null;
    return { sub: payload.sub, role: payload.role, fam: payload.fam, ...(typeof payload.imp === 'string' ? { imp: payload.imp } : {}) };
  } catch {
    return null;
  }
}

/** 256 random bits, URL-safe: refresh tokens and new-password challenges. */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A random token carries enough entropy that a plain SHA-256 is a safe lookup key. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Six digits, uniformly drawn, zero-padded. */
export function generateSecurityCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * A 6-digit code has only a million values, so a plain hash would be reversed at once from a
 * database dump: it is keyed with the server secret and bound to the account.
 */
export function hashSecurityCode(secret: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
