import { notifyManager, QueryClient } from '@tanstack/react-query';
import { retry } from '@domain/constants';
import { isTransient } from '../api';

// Answers reach the screen in a microtask, not a `setTimeout(0)` (TanStack's default): a tab
// whose timers are held (a background tab clamps them to a second or more; a test that freezes
// the clock holds them all) still shows what the server answered at once.
notifyManager.setScheduler(queueMicrotask);

/**
 * SPEC §7's policy for the reads: up to 3 tries 1 s apart, and only when another try might
 * help (no network, a timeout, a 5xx). An answer a retry cannot change (a 404, a 401) fails at
 * once, so a screen tells "gone" or "signed out" from "unreachable".
 */
export const retryPolicy = {
  retry: (failures: number, error: unknown) => isTransient(error) && failures < retry.tries - 1,
  retryDelay: retry.delayMs,
} as const;

/**
 * The cache of the server's answers for one signed-in user. Reads run whatever the browser
 * says about the network (`always`: an offline read fails and shows the device's copy, as the
 * screens did before), and a screen reads again when it mounts, not when the window regains focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...retryPolicy, networkMode: 'always', refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { networkMode: 'always' },
    },
  });
}
