import { registerSW } from 'virtual:pwa-register';
import { clickedBackdrop, restoreFocusTo, wrapTab } from '@src/components/dialog/modal-dom';
import { warmWhenControlled } from '@src/features/pwa/warm-cache';
import { subscribeSignedIn } from '@src/features/session/signed-in-flag';

/**
 * The controls a page without the app runs itself, by their `data-island`: each wires its
 * pre-rendered element and returns what undoes it. A pre-rendered control the app must enable
 * and that is not an island keeps the page on the app (`controlWaitingForApp`, scripts/prerender.ts);
 * an island not listed here hands the page over to the app.
 */
/**
 * Wires an island's element (each island knows its own element's type) and returns what undoes
 * it. An island whose control needs the app (a form) calls `handOver` to load it; it answers
 * false when the app cannot start (offline without the service worker's copy).
 */
type Wire = (element: never, language: string, handOver: () => boolean) => (() => void) | Promise<() => void>;
const shareIslands = () => import('@src/features/public-site/components/share/share-islands');
const islands: Record<string, () => Promise<Wire>> = {
  'faq-search': () => import('@src/features/public-site/components/faq/faq-island').then((island) => island.wireFaqSearch),
  'blog-list': () => import('@src/features/public-site/components/blog/blog-island').then((island) => island.wireBlogList),
  'copy-link': () => shareIslands().then((island) => island.wireCopyLink),
  share: () => shareIslands().then((island) => island.wireShare),
  print: () => shareIslands().then((island) => island.wirePrint),
  form: () => import('@src/components/form/form-island').then((island) => island.wireFormIsland),
  login: () => import('@src/features/auth/login-island').then((island) => island.wireLoginForm),
  register: () => import('@src/features/auth/register-island').then((island) => island.wireRegisterForm),
  wizard: () => import('@src/features/company-wizard/wizard-island').then((island) => island.wireWizardForm),
};

/**
 * A visitor's pre-rendered public page without the app (decision 081). Everything on such a page
 * is HTML that works without scripts (links, the language links, the skip link, `<details>`) or
 * an island above (the starter has already kept the first touch's attribution); this module
 * adds what is left: the side drawer, the service worker, and a hand-over to the app the moment
 * the page needs something only the app shows.
 *
 * `startApp` loads the app, which hydrates the page as on any other pre-rendered page. It is
 * called when a new version of Alta waits (the app asks whether to reload), when the device
 * goes offline with the service worker's copy at hand (the app says so), and when someone
 * signs in from another tab (the top bar then offers their account).
 */
export async function runWithoutApp(startApp: () => void): Promise<void> {
  const releases = [wireDrawer()];
  let unsubscribe = () => {};
  let handedOver = false;
  // Offline, the app can start only from the service worker's copy: without one (a first visit
  // before it took control), the page stays as it is, its drawer and islands still working.
  // Answers whether the app runs the page now.
  const handOver = (): boolean => {
    if (handedOver) return true;
    if (!navigator.onLine && !navigator.serviceWorker?.controller) return false;
    handedOver = true;
    unsubscribe();
    removeEventListener('offline', handOverNow);
    // Until the app has hydrated the page, its controls are the app's in waiting.
    delete document.documentElement.dataset.hydrated;
    // The app takes over the same elements, which it hydrates as they were pre-rendered.
    for (const release of releases) release();
    startApp();
    return true;
  };
  const handOverNow = () => void handOver();
  unsubscribe = subscribeSignedIn(handOverNow);
  addEventListener('offline', handOverNow);
  // The same registration the app's update prompt makes, so a visitor's first page installs
  // the offline copy too.
  registerSW({ onRegisteredSW: warmWhenControlled, onNeedRefresh: handOverNow });

  const language = document.documentElement.lang;
  try {
    await Promise.all(
      [...document.querySelectorAll<HTMLElement>('[data-island]')].map(async (element) => {
        const load = islands[element.dataset.island!];
        if (!load) throw new Error(`no island ${element.dataset.island}`);
        const wire = await load();
        const release = await wire(element as never, language, handOver);
        if (handedOver) release();
        else releases.push(release);
      }),
    );
  } catch {
    // An island that cannot run here (offline before its module came, or one this module does not
    // know): the app runs the page, when it can start.
    if (handOver()) return;
  }
  // What browser tests and `bench-bundle` wait for: the page's controls work from now on.
  if (!handedOver) document.documentElement.dataset.hydrated = '';
}

/**
 * The top bar's menu button opens the side drawer, a modal `<dialog>` the pre-render wrote with
 * a visitor's items, as `useModalDialog` drives it in the app: focus moves in, Tab wraps, Escape,
 * the close button, a click outside or following a link close it, and focus returns to the
 * button. Returns what undoes it.
 */
function wireDrawer(): () => void {
  const button = document.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"][aria-controls]');
  const dialog = button && document.getElementById(button.getAttribute('aria-controls')!);
  if (!button || !(dialog instanceof HTMLDialogElement)) return () => {};
  let opener: HTMLElement | null = null;

  const open = () => {
    if (dialog.open) return;
    opener = document.activeElement instanceof HTMLElement ? document.activeElement : button;
    dialog.showModal();
    button.setAttribute('aria-expanded', 'true');
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (clickedBackdrop(event, dialog) || target?.closest('[data-closes-dialog], a[href]')) dialog.close();
  };
  const onKeyDown = (event: KeyboardEvent) => wrapTab(event, dialog);
  const onClose = () => {
    button.setAttribute('aria-expanded', 'false');
    restoreFocusTo(opener, dialog);
    opener = null;
  };

  const listening = new AbortController();
  const { signal } = listening;
  button.addEventListener('click', open, { signal });
  dialog.addEventListener('click', onClick, { signal });
  dialog.addEventListener('keydown', onKeyDown, { signal });
  dialog.addEventListener('close', onClose, { signal });
  return () => {
    listening.abort();
    if (dialog.open) dialog.close();
    button.setAttribute('aria-expanded', 'false');
  };
}
