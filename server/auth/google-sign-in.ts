import type { AppDeps } from '../context';
import { ProblemError } from '../lib/problem';
import { googleRemoteKeys, verifyGoogleIdToken, type GoogleIdentity } from './google';

/**
 * The verified Google identity of an ID token sent to login or registration, or 401
 * `google_auth_failed` (also when Google sign-in is not configured, or `googleId` names
 * another account than the token).
 */
export async function googleIdentity(deps: AppDeps, token: string, googleId: string | undefined): Promise<GoogleIdentity> {
  const clientId = deps.env.GOOGLE_CLIENT_ID;
  if (!clientId) throw new ProblemError(401, 'google_auth_failed');
  let identity: GoogleIdentity;
  try {
    identity = await verifyGoogleIdToken(token, { clientId, keys: deps.googleKeys ?? googleRemoteKeys(), now: deps.now() });
  } catch {
    throw new ProblemError(401, 'google_auth_failed');
  }
  if (googleId !== undefined && googleId !== identity.sub) throw new ProblemError(401, 'google_auth_failed');
  return identity;
}
