import type { z } from 'zod';
import type { loginSchema, resetConfirmSchema, resetRequestSchema, temporaryConfirmSchema, User } from '@domain/account';
import type { registerSchema } from '@domain/register';
import { draftSecretHeader } from '@domain/constants';
import { api } from '@src/lib/api';

/** The accounts calls of SPEC §7. Their 401s mean wrong credentials, not an expired session. */
const publicCall = { public: true } as const;

export type LoginResult = { status: 'ok'; data: User } | { status: 'NEW_PASSWORD_REQUIRED'; data: { cognitoSession: string } };

export const login = (body: z.input<typeof loginSchema>) =>
  api.post<LoginResult>('login', {
    json: body,
    context: publicCall,
    expected: ['invalid_credentials', 'login_code_required', 'invalid_security_code', 'user_blocked', 'google_account_not_found', 'rate_limited'],
  });

/** `draft`: the guest's company draft to take along, with the secret that proves it is theirs. */
export const register = async (body: z.input<typeof registerSchema>, draft: { companyDraftId?: string; draftSecret?: string } = {}) =>
  (
    await api.post<{ status: 'ok'; data: User }>('users', {
      json: { ...body, ...(draft.companyDraftId ? { companyDraftId: draft.companyDraftId } : {}) },
      headers: draft.draftSecret ? { [draftSecretHeader]: draft.draftSecret } : {},
      context: publicCall,
      expected: ['email_taken', 'admin_email_reserved', 'user_blocked', 'rate_limited'],
    })
  ).data;

export const requestPasswordReset = (body: z.input<typeof resetRequestSchema>) =>
  api.post<{ status: 'ok' }>('reset-password', { json: body, context: publicCall, expected: ['rate_limited'] });

export const confirmPasswordReset = (body: z.input<typeof resetConfirmSchema>) =>
  api.put<void>('reset-password/confirm', { json: body, context: publicCall, expected: ['invalid_security_code', 'rate_limited'] });

export const confirmTemporaryPassword = async (body: z.input<typeof temporaryConfirmSchema>) =>
  (
    await api.put<{ status: 'ok'; data: User }>('reset-password/temporary-confirm', {
      json: body,
      context: publicCall,
      expected: ['invalid_security_code', 'user_blocked'],
    })
  ).data;
