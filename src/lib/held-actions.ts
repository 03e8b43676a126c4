/**
 * What a person does on a pre-rendered page before its controls work (`<html data-hydrated>` not
 * yet set, decisions 013 and 082) is held, and done again once the page is hydrated, for
 * whoever runs the page by then (the page script's islands or the app):
 *
 * - a button's click (the password's "show", the menu, a form's send button): nothing answers
 *   it yet;
 * - a form's submit: the browser's own would be a GET that puts what was typed (a password) in
 *   the address. The form is marked busy meanwhile (`aria-busy`).
 *
 * One holder per page, whoever asks first; each held action is done once, in order.
 */
let held: (HTMLButtonElement | HTMLFormElement)[] | null = null;

/** Holds the page's clicks and submits until it is hydrated, `first` among them (one already under way). */
export function holdUntilHydrated(first?: Event): void {
  const root = document.documentElement;
  if (root.hasAttribute('data-hydrated')) return;
  if (!held) {
    const actions: (HTMLButtonElement | HTMLFormElement)[] = [];
    held = actions;
    addEventListener('click', hold, true);
    addEventListener('submit', hold, true);
    const observer = new MutationObserver(() => {
      if (!root.hasAttribute('data-hydrated')) return;
      observer.disconnect();
      removeEventListener('click', hold, true);
      removeEventListener('submit', hold, true);
      held = null;
      for (const action of actions) {
        const form = action instanceof HTMLFormElement ? action : action.form;
        form?.removeAttribute('aria-busy');
        if (!action.isConnected) continue;
        if (action instanceof HTMLFormElement) action.requestSubmit();
        else action.click();
      }
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
  }
  if (first) hold(first);
}

function hold(event: Event) {
  const target = event.target instanceof Element ? event.target : null;
  const action = event.type === 'submit' ? target : target?.closest('button');
  if (!(action instanceof HTMLFormElement || action instanceof HTMLButtonElement) || !held) return;
  event.preventDefault();
  // Nothing else sees it, not even the app's listener on the root while React is still hydrating.
  event.stopImmediatePropagation();
  const form = action instanceof HTMLFormElement ? action : action.type === 'submit' ? action.form : null;
  form?.setAttribute('aria-busy', 'true');
  held.push(action);
}
