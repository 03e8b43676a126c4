import type { User } from '@domain/account';
import type { Language } from '@domain/constants';
import { api } from '@src/lib/api';
import { href, paths } from '@src/lib/paths';
import { loginAsUser, returnToAdmin } from './api/admin-api';

/**
 * Switching between the admin and the customer the admin acts as (decision 028). Each switch
 * ends in a full page load: the sync engine, the caches in memory and the open database all
 * belong to one user, and a fresh start is the one way none of them leaks into the other.
 */

/** Log in as `userId`: the server keeps the admin session aside; the browser opens the customer's dashboard. */
export async function actAs(userId: string, language: Language): Promise<void> {
  const user = await loginAsUser(userId);
  const { rememberUser } = await import('@src/features/session/local-session');
  await rememberUser(user);
  window.location.assign(href(language, paths.dashboard));
}

/**
 * One click back: what the customer's session still holds unsent goes first, then this tab's
 * sync stops, then the admin session resumes. A request of the customer's meeting the switch
 * would be refused (401), and its refresh would spend the admin's new refresh token, which ends
 * the admin session: the screen's own requests on their way (a reminder, a list) are answered
 * first, and none leaves until the switch is done, as at sign-out.
 */
export async function backToAdmin(language: Language): Promise<User> {
  const { sendUnsentWorkFirst } = await import('@src/features/session/hooks/use-sign-out');
  await sendUnsentWorkFirst();
  const { stopSyncEngine } = await import('@src/features/sync/sync-runtime');
  await stopSyncEngine();
  const { switchBackToAdmin } = await import('@src/features/session/local-session');
  const admin = await api.endingSession(3_000, async () => {
    const resumed = await returnToAdmin();
    await switchBackToAdmin(resumed);
    return resumed;
  });
  window.location.assign(href(language, paths.admin));
  return admin;
}
