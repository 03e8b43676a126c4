import { holdUntilHydrated } from '@src/lib/held-actions';

const handOverOn = ['focusin', 'pointerdown', 'keydown'] as const;

/**
 * A pre-rendered form a visitor fills in before the app runs it (`data-island="form"`, decision
 * 082): its fields are plain inputs, enabled in the HTML, so typing starts at once. Their first
 * focus, touch or key hands the page over to the app, which hydrates the form while the person
 * types; the form's component reads its fields when it is sent (`useFormDataChecks`), so nothing
 * typed before is lost. A send or a click before the app has hydrated the form waits for it
 * (`holdUntilHydrated`). Returns what undoes it.
 */
export function wireFormIsland(form: HTMLFormElement, _language: string, handOver: () => void): () => void {
  const listening = new AbortController();
  const { signal } = listening;
  // Offline, the app can start only from the service worker's copy: without one the page stays as
  // it is, its drawer still working, and the form hands over once the device is back online.
  const canStartApp = () => navigator.onLine || Boolean(navigator.serviceWorker?.controller);
  const handOverOnline = () => {
    if (canStartApp()) handOver();
  };
  for (const type of handOverOn) form.addEventListener(type, handOverOnline, { signal });
  form.addEventListener(
    'submit',
    (event) => {
      if (!canStartApp()) return event.preventDefault();
      handOver();
      holdUntilHydrated(event);
    },
    { signal },
  );
  return () => {
    listening.abort();
    // Handed over: until the app has hydrated the form, a send or a click waits for it.
    holdUntilHydrated();
  };
}
