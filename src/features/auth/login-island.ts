import type { PublicConfig } from '@src/features/config/api/config-api';
import { apiBaseUrl } from '@src/lib/api-base-url';
import { holdUntilHydrated } from '@src/lib/held-actions';

const handOverOn = ['focusin', 'pointerdown', 'keydown'] as const;

/**
 * The login form of a visitor's pre-rendered login page (decision 082). Its fields are plain
 * inputs: the visitor types at once, before any of the app has been downloaded. Their first
 * touch, key or focus in the form hands the page over to the app, which hydrates the form while
 * they type; `LoginForm` reads the fields when it is sent, so nothing typed before is lost.
 *
 * A send or a click before the app has hydrated the form (Enter straight after a password manager
 * filled it, the password's "show") waits for the app (`holdUntilHydrated`), which then takes it.
 *
 * The page hands over at once when it must show what the pre-render could not know: Google's
 * button (the server has a Google client id), the return subtitle (`?from=`), or the order just
 * paid (the history's state, which the router keeps under `usr`).
 */
export function wireLoginForm(form: HTMLFormElement, _language: string, handOver: () => void): () => void {
  const listening = new AbortController();
  const { signal } = listening;
  for (const type of handOverOn) form.addEventListener(type, handOver, { signal });
  form.addEventListener(
    'submit',
    (event) => {
      handOver();
      holdUntilHydrated(event);
    },
    { signal },
  );

  if (new URLSearchParams(location.search).has('from') || (history.state as { usr?: unknown } | null)?.usr) queueMicrotask(handOver);
  else void googleConfigured().then((configured) => configured && handOver());

  return () => {
    listening.abort();
    // Handed over: until the app has hydrated the form, a send or a click waits for it.
    holdUntilHydrated();
  };
}

/** Whether the server offers "Sign in with Google"; no when it cannot be asked (email still works). */
async function googleConfigured(): Promise<boolean> {
  try {
    const response = await fetch(`${apiBaseUrl}/config`);
    return response.ok && Boolean(((await response.json()) as Partial<PublicConfig>).googleClientId);
  } catch {
    return false;
  }
}
