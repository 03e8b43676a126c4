import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';

/**
 * A stand-in for Google's signing keys: a locally generated RS256 key pair, its public half
 * as a JWKS for the app, and a signer for ID tokens shaped like Google's.
 */
export async function createGoogleSigner() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'local-test-key', alg: 'RS256', use: 'sig' }] });
  const sign = (
    claims: { sub: string; email?: string; emailVerified?: boolean | string },
    options: { audience: string; now: Date; issuer?: string; expiresInSeconds?: number },
  ) => {
    const issuedAt = Math.floor(options.now.getTime() / 1000);
    return new SignJWT({
      ...(claims.email !== undefined ? { email: claims.email } : {}),
      email_verified: claims.emailVerified ?? true,
      given_name: 'Gina',
      family_name: 'Gómez',
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'local-test-key', typ: 'JWT' })
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience)
      .setSubject(claims.sub)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + (options.expiresInSeconds ?? 3600))
      .sign(privateKey);
  };
  return { keys, sign };
}
