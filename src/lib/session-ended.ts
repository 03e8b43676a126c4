/**
 * What the app does when a call is still answered 401 after the refresh attempt (SPEC §2/§7),
 * set once at start-up by `main.tsx`. Apart from `api.ts` so the entry can set it without
 * loading the API client (and ky): public pages that call no API never download it.
 */
let handler: (() => void) | null = null;
let signingOut = 0;

export function onSessionEnded(next: () => void) {
  handler = next;
}

export function sessionEnded() {
  // A call answered 401 while the person signs out belongs to the session being ended on purpose
  // (a reminder's request reaching the server after the logout): nothing to send to login.
  if (signingOut === 0) handler?.();
}

/** Runs a sign-out: the 401s answered meanwhile are its own doing, not a session that expired. */
export async function whileSigningOut<T>(signOut: () => Promise<T>): Promise<T> {
  signingOut += 1;
  try {
    return await signOut();
  } finally {
    signingOut -= 1;
  }
}
