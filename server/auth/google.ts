import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** Google's signing keys; jose caches them and refetches on an unknown key id. */
export const googleJwksUrl = 'https://www.googleapis.com/oauth2/v3/certs';
const googleIssuers = ['accounts.google.com', 'https://accounts.google.com'];

export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
}

export class GoogleTokenError extends Error {}

let remoteKeys: JWTVerifyGetKey | undefined;

/** The key source for production: Google's published JWKS, fetched once per process and cached. */
export function googleRemoteKeys(): JWTVerifyGetKey {
  remoteKeys ??= createRemoteJWKSet(new URL(googleJwksUrl));
  return remoteKeys;
}

/**
 * Verifies a Google Sign-In ID token: RS256 signature against Google's keys, issuer, audience
 * (our client id) and expiry. Throws GoogleTokenError for anything else, including a network
 * failure fetching the keys (the caller answers `google_auth_failed` either way).
 */
export async function verifyGoogleIdToken(token: string, options: { clientId: string; keys: JWTVerifyGetKey; now: Date }): Promise<GoogleIdentity> {
  try {
    const { payload } = await jwtVerify(token, options.keys, {
      algorithms: ['RS256'],
      issuer: googleIssuers,
      audience: options.clientId,
      currentDate: options.now,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new GoogleTokenError('missing sub');
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null;
    // Google sends email_verified as a boolean today and as the string "true" in older tokens.
    const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
    return { sub: payload.sub, email, emailVerified };
  } catch (error) {
    if (error instanceof GoogleTokenError) throw error;
    throw new GoogleTokenError(error instanceof Error ? error.message : String(error));
  }
}
