/**
 * A pre-rendered page's forms before their controls work (`<html data-hydrated>` not yet set,
 * decisions 013 and 082): a submit then would be the browser's own, a GET that puts what was
 * typed (a password) in the address. It is held instead, the form marked busy, and made again
 * once the page is hydrated, to whoever runs the form by then (the page script's island or the
 * app). One holder per page, whoever asks first.
 */
let held: Set<HTMLFormElement> | null = null;

/** Holds the page's submits until it is hydrated, `first` among them (a submit already under way). */
export function holdSubmitsUntilHydrated(first?: SubmitEvent): void {
  const root = document.documentElement;
  if (root.hasAttribute('data-hydrated')) return;
  if (!held) {
    const forms = new Set<HTMLFormElement>();
    held = forms;
    addEventListener('submit', hold, true);
    const observer = new MutationObserver(() => {
      if (!root.hasAttribute('data-hydrated')) return;
      observer.disconnect();
      removeEventListener('submit', hold, true);
      held = null;
      for (const form of forms) {
        form.removeAttribute('aria-busy');
        if (form.isConnected) form.requestSubmit();
      }
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
  }
  if (first) hold(first);
}

function hold(event: SubmitEvent) {
  if (!(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  // Nothing else sees it, not even the app's listener on the root while React is still hydrating.
  event.stopImmediatePropagation();
  event.target.setAttribute('aria-busy', 'true');
  held?.add(event.target);
}
