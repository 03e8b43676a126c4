/**
 * What the app does when a call is still answered 401 after the refresh attempt (SPEC §2/§7),
 * set once at start-up by `main.tsx`. Apart from `api.ts` so the entry can set it without
 * loading the API client (and ky): public pages that call no API never download it.
 */
let handler: (() => void) | null = null;

export function onSessionEnded(next: () => void) {
  handler = next;
}

export function sessionEnded() {
  handler?.();
}
