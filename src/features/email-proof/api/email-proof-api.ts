import type { EmailVerified } from '@domain/account';
import { api } from '@src/lib/api';

/** Signed out, the mailed-link page offers login and registration itself instead of the global redirect. */
const ownRedirect = { redirectOnUnauthorized: false } as const;

/** Proves the account's email with the mailed link; answers the companies of the paid orders that came with it. */
export const confirmEmail = (link: string) =>
  api.post<EmailVerified>('users/me/email-verification/confirm', { json: { link }, context: ownRedirect, expected: ['invalid_verification_link'] });

/** Mails a fresh verification link to the signed-in account. */
export const resendVerification = () => api.post<void>('users/me/email-verification', { expected: ['rate_limited'] });
