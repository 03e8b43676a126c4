import { wireFormIsland } from '@src/components/form/form-island';
import type { PublicConfig } from '@src/features/config/api/config-api';
import { apiBaseUrl } from '@src/lib/api-base-url';

/**
 * The login form of a visitor's pre-rendered login page (decision 082): a form island
 * (`wireFormIsland`, which hands over at once for an order just paid) that also hands the page
 * over at once when it must show Google's button (the server has a Google client id) or the
 * return subtitle (`?from=`).
 */
export function wireLoginForm(form: HTMLFormElement, language: string, handOver: () => boolean): () => void {
  if (new URLSearchParams(location.search).has('from')) queueMicrotask(() => void handOver());
  else void googleConfigured().then((configured) => configured && handOver());
  return wireFormIsland(form, language, handOver);
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
