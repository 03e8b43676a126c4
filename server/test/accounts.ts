import { hashPassword } from '../auth/passwords';
import { insertUser, type UserRow } from '../db/queries/users';
import { cookiesFrom, type TestApp } from './harness';

export const goodPassword = 'Secret#2026';

/** Creates an account straight in the database (no rate limit, no mail), for tests that need someone to exist. */
export async function createUser(
  t: TestApp,
  fields: Partial<Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'language' | 'mustChangePassword' | 'googleSub'>> & { password?: string | null } = {},
): Promise<UserRow> {
  const password = fields.password === undefined ? goodPassword : fields.password;
  const user = await insertUser(t.database.db, {
    email: fields.email ?? `user-${Math.random().toString(36).slice(2, 10)}@example.com`,
    firstName: fields.firstName ?? 'Ana',
    lastName: fields.lastName ?? 'Pérez',
    language: fields.language ?? 'es',
    mustChangePassword: fields.mustChangePassword ?? false,
    googleSub: fields.googleSub ?? null,
    passwordHash: password === null ? null : await hashPassword(password),
    now: t.clock.now,
  });
  if (!user) throw new Error(`createUser: ${fields.email} exists`);
  return user;
}

/** Signs in through POST /login and returns the session cookies (as a Cookie header). */
export async function signIn(t: TestApp, email: string, password = goodPassword): Promise<string> {
  const response = await t.request('/api/v1/login', { method: 'POST', json: { email, password } });
  if (response.status !== 200) throw new Error(`signIn ${email}: ${response.status} ${await response.text()}`);
  return cookiesFrom(response);
}
