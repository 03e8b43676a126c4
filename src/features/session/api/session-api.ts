import type { User } from '@domain/account';
import { api, withRetry } from '@src/lib/api';
import { apiGet } from '@src/lib/query/typed-api';

/**
 * GET /users/me with the SPEC §7 policy: 3 tries 1 s apart, null when the API stays
 * unreachable. A 401 (after the client's one refresh attempt) is thrown so the guard can tell
 * a signed-out visitor from an offline user.
 */
export function fetchMe(): Promise<User | null> {
  return withRetry(() => apiGet('/users/me', {}, { context: { redirectOnUnauthorized: false } }));
}

/** POST /logout; null on failure (SPEC §7): the local session ends either way. */
export async function logoutRequest(): Promise<null | undefined> {
  try {
    await api.post('logout', { context: { public: true } });
    return undefined;
  } catch {
    return null;
  }
}
