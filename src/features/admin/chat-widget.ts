import type { User } from '@domain/account';

/**
 * SPEC §7: "A chat-support widget is booted for the admin user" (Intercom, `CHAT_APP_ID`).
 * Loaded only when configured, after the page is up, with `async`: a slow or blocked chat
 * server never holds the admin screens. The identity hash (`CHAT_IDENTITY_SECRET` on the
 * server) is sent when the server computed one.
 */
type IntercomCall = ((...args: unknown[]) => void) & { q?: unknown[][] };
declare global {
  interface Window {
    Intercom?: IntercomCall;
  }
}

let booted = false;

export function bootChatWidget(appId: string, user: User): void {
  if (booted) return;
  booted = true;
  // The standard queueing stub: calls made before the script arrives run once it does.
  const stub: IntercomCall = (...args: unknown[]) => {
    (stub.q ??= []).push(args);
  };
  window.Intercom = stub;
  window.Intercom('boot', {
    app_id: appId,
    user_id: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    ...(user.intercomUserHash ? { user_hash: user.intercomUserHash } : {}),
  });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://widget.intercom.io/widget/${encodeURIComponent(appId)}`;
  script.onerror = () => console.error('chat widget did not load');
  document.head.append(script);
}
