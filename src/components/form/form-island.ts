import { holdUntilHydrated } from '@src/lib/held-actions';

const handOverOn = ['focusin', 'pointerdown', 'keydown'] as const;

/** Whether the page was reached with the router's state (which it keeps under `usr`), such as an order just paid. */
export const reachedWithRouterState = () => Boolean((history.state as { usr?: unknown } | null)?.usr);

/**
 * A pre-rendered form a visitor fills in before the app runs it (`data-island="form"`, decision
 * 082): its fields are plain inputs, enabled in the HTML, so typing starts at once. Their first
 * focus, touch or key hands the page over to the app, which hydrates the form while the person
 * types; the form's component reads its fields when it is sent (`useFormDataChecks`), so nothing
 * typed before is lost. A send or a click before the app has hydrated the form waits for it
 * (`holdUntilHydrated`), a click that came before any touch of the form too. Returns what undoes it.
 */
export function wireFormIsland(form: HTMLFormElement, _language: string, handOver: () => boolean): () => void {
  // Reached with the router's state (an order just paid): the form shows what the pre-render
  // could not know, so the app runs the page at once. A field focused before this ran (no touch
  // or key came with it) hands over at once too.
  if (reachedWithRouterState() || form.contains(document.activeElement)) queueMicrotask(() => void handOver());
  const listening = new AbortController();
  const { signal } = listening;
  // `handOver` refuses offline without the service worker's copy: the page then stays as it is,
  // its drawer still working, and the form hands over at a touch once the device is back online.
  for (const type of handOverOn) form.addEventListener(type, () => void handOver(), { signal });
  // A click with no touch, focus or key before it: one held since the page loaded (the starter
  // holds them until this runs, then lets them go) or an assistive technology's. The app must
  // answer it, so it hands over and waits for the app like a send.
  form.addEventListener(
    'click',
    (event) => {
      if (handOver()) holdUntilHydrated(event);
    },
    { signal },
  );
  form.addEventListener(
    'submit',
    (event) => {
      if (handOver()) holdUntilHydrated(event);
      else event.preventDefault();
    },
    { signal },
  );
  return () => {
    listening.abort();
    // Handed over: until the app has hydrated the form, a send or a click waits for it.
    holdUntilHydrated();
  };
}
