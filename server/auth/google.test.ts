import { generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGoogleSigner } from '../test/google-tokens';
import { GoogleTokenError, verifyGoogleIdToken } from './google';

const clientId = 'alta-test.apps.googleusercontent.com';
const now = new Date('2026-11-21T12:00:00Z');

describe('Google ID-token verification', () => {
  let google: Awaited<ReturnType<typeof createGoogleSigner>>;
  beforeAll(async () => {
    google = await createGoogleSigner();
  });

  it('accepts a valid token and returns the identity', async () => {
    const token = await google.sign({ sub: '1234567890', email: 'Gina@Example.com' }, { audience: clientId, now });
    expect(await verifyGoogleIdToken(token, { clientId, keys: google.keys, now })).toEqual({
      sub: '1234567890',
      email: 'gina@example.com',
      emailVerified: true,
    });
  });

  it('accepts the issuer without scheme and the string form of email_verified', async () => {
    const token = await google.sign({ sub: '1', email: 'a@example.com', emailVerified: 'true' }, { audience: clientId, now, issuer: 'accounts.google.com' });
    expect((await verifyGoogleIdToken(token, { clientId, keys: google.keys, now })).emailVerified).toBe(true);
  });

  it('rejects a token for another audience', async () => {
    const token = await google.sign({ sub: '1', email: 'a@example.com' }, { audience: 'someone-else.apps.googleusercontent.com', now });
    await expect(verifyGoogleIdToken(token, { clientId, keys: google.keys, now })).rejects.toBeInstanceOf(GoogleTokenError);
  });

  it('rejects an expired token', async () => {
    const token = await google.sign({ sub: '1', email: 'a@example.com' }, { audience: clientId, now, expiresInSeconds: 60 });
    const later = new Date(now.getTime() + 61_000);
    await expect(verifyGoogleIdToken(token, { clientId, keys: google.keys, now: later })).rejects.toBeInstanceOf(GoogleTokenError);
  });

  it('rejects another issuer', async () => {
    const token = await google.sign({ sub: '1', email: 'a@example.com' }, { audience: clientId, now, issuer: 'https://evil.example' });
    await expect(verifyGoogleIdToken(token, { clientId, keys: google.keys, now })).rejects.toBeInstanceOf(GoogleTokenError);
  });

  it('rejects a token signed by a key that is not Google’s', async () => {
    const stranger = await createGoogleSigner();
    const token = await stranger.sign({ sub: '1', email: 'a@example.com' }, { audience: clientId, now });
    await expect(verifyGoogleIdToken(token, { clientId, keys: google.keys, now })).rejects.toBeInstanceOf(GoogleTokenError);
  });

  it('rejects a token with another algorithm', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'local-test-key' })
      .setIssuer('https://accounts.google.com')
      .setAudience(clientId)
      .setSubject('1')
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(now.getTime() / 1000) + 60)
      .sign(privateKey);
    await expect(verifyGoogleIdToken(token, { clientId, keys: google.keys, now })).rejects.toBeInstanceOf(GoogleTokenError);
  });

  it('rejects garbage', async () => {
    await expect(verifyGoogleIdToken('not.a.token', { clientId, keys: google.keys, now })).rejects.toBeInstanceOf(GoogleTokenError);
  });
});
