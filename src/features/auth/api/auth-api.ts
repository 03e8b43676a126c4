import type { z } from 'zod';
import type { loginSchema, registerSchema, resetConfirmSchema, resetRequestSchema, temporaryConfirmSchema, User } from '@domain/account';
import { api } from '@src/lib/api';

/** The accounts calls of SPEC §7. Their 401s mean wrong credentials, not an expired session. */
const publicCall = { public: true } as const;

export type LoginResult =
  | { status: 'ok'; data: User }
  | { status: 'NEW_PASSWORD_REQUIRED'; data: { cognitoSession: string } };

export const login = (body: z.input<typeof loginSchema>) => api.post<LoginResult>('login', { json: body, context: publicCall });

export const register = async (body: z.input<typeof registerSchema>) =>
  (await api.post<{ status: 'ok'; data: User }>('users', { json: body, context: publicCall })).data;

export const requestPasswordReset = (body: z.input<typeof resetRequestSchema>) =>
  api.post<{ status: 'ok' }>('reset-password', { json: body, context: publicCall });

export const confirmPasswordReset = (body: z.input<typeof resetConfirmSchema>) =>
  api.put<void>('reset-password/confirm', { json: body, context: publicCall });

export const confirmTemporaryPassword = async (body: z.input<typeof temporaryConfirmSchema>) =>
  (await api.put<{ status: 'ok'; data: User }>('reset-password/temporary-confirm', { json: body, context: publicCall })).data;
