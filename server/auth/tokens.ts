import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

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

const decodeJson = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

interface SignedToken {
  claims: AccessClaims;
  exp: number;
  iat: number;
  nbf: number | undefined;
}

/**
 * Tokens whose signature, header and claims already checked out, per secret key: a session
 * sends the same token with every request for 15 minutes, and its HMAC and JSON parsing were
 * the largest part of a protected request's own work. Only what cannot change is kept (the
 * bytes were signed by this secret); the times are checked against the clock on every use,
 * and revocation, blocking and the admin role are read from the database on every request as
 * before (`withSession`). Emptied when full: a new token costs one verification again.
 */
const signedTokens = new WeakMap<Uint8Array, Map<string, SignedToken>>();
const signedTokensLimit = 10_000;

/**
 * The claims of a valid, unexpired access token, or null. Only HS256 is accepted (no `alg: none`
 * tricks, no `crit` extensions); a token must name its family and carry `iat` and `exp` no further
 * apart, nor further ahead, than the access-token lifetime (a token that never expires is refused).
 *
 * Checked with node:crypto's HMAC, synchronously: every protected request verifies one, and
 * WebCrypto's asynchronous HMAC (which `jose` uses) cost more than the rest of the request's
 * own work (docs/decisions/022). The signature is compared in constant time over its canonical
 * encoding, before any of the token is parsed.
 */
export function verifyAccessToken(secret: string, token: string, now: Date): AccessClaims | null {
  const key = keyOf(secret);
  let known = signedTokens.get(key);
  if (!known) signedTokens.set(key, (known = new Map<string, SignedToken>()));
  let signed = known.get(token) ?? null;
  if (!signed) {
    signed = verifySignedToken(key, token);
    if (!signed) return null;
    if (known.size >= signedTokensLimit) known.clear();
    known.set(token, signed);
  }
  const { exp, iat, nbf, claims } = signed;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (exp <= nowSeconds || (nbf !== undefined && nbf > nowSeconds) || iat > nowSeconds + clockSkewSeconds) return null;
  return claims;
}

/** What of a token holds whenever it is checked: its signature, header and the shape of its claims. */
function verifySignedToken(key: Uint8Array, token: string): SignedToken | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', key).update(`${header}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || given.toString('base64url') !== signature) return null;
  const protectedHeader = decodeJson(header);
  if (!protectedHeader || protectedHeader.alg !== 'HS256' || 'crit' in protectedHeader) return null;
  const payload = decodeJson(body);
  if (!payload) return null;
  const { exp, iat, nbf, sub, role, fam, imp } = payload;
  if (typeof exp !== 'number' || typeof iat !== 'number' || (nbf !== undefined && typeof nbf !== 'number')) return null;
  if (exp - iat > accessTokenSeconds) return null;
  if (typeof sub !== 'string' || !uuidPattern.test(sub) || (role !== 'user' && role !== 'admin')) return null;
  if (typeof fam !== 'string' || !uuidPattern.test(fam) || (imp !== undefined && (typeof imp !== 'string' || !uuidPattern.test(imp)))) return null;
  return { claims: Object.freeze({ sub, role, fam, ...(typeof imp === 'string' ? { imp } : {}) }), exp, iat, nbf };
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
