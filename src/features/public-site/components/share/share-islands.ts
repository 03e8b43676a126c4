import { copyText, currentUrl, shareOrCopy } from './share-link';

/**
 * The share, copy-link and print buttons (`ShareActions`, `CopyLinkButton`) on a page without the
 * app (decision 081). Each pre-rendered button carries what it needs: the link (`data-hash`),
 * what to share (`data-title`, `data-text`) and what to say in the status beside it
 * (`data-copied`, `data-failed`), for three seconds as the components do. Each returns what
 * undoes it, for the app to hydrate the page as pre-rendered.
 */

/** Each status's pending reset: the article's share and copy buttons say their outcome in the same one. */
const resets = new WeakMap<HTMLElement, number>();

/** Says the outcome in the button's status (the `role="status"` element next to it). */
function statusOf(button: HTMLButtonElement) {
  const status = button.parentElement?.querySelector<HTMLElement>('[role="status"]');
  const say = (state: 'idle' | 'copied' | 'failed') => {
    if (!status) return;
    status.dataset.state = state;
    status.textContent = state === 'copied' ? (button.dataset.copied ?? '') : state === 'failed' ? (button.dataset.failed ?? '') : '';
    window.clearTimeout(resets.get(status));
    if (state !== 'idle')
      resets.set(
        status,
        window.setTimeout(() => say('idle'), 3000),
      );
  };
  return say;
}

function wire(button: HTMLButtonElement, act: (say: ReturnType<typeof statusOf>) => Promise<void> | void): () => void {
  const say = statusOf(button);
  const onClick = () => void act(say);
  button.addEventListener('click', onClick);
  button.disabled = false;
  return () => {
    button.removeEventListener('click', onClick);
    say('idle');
  };
}

export const wireCopyLink = (button: HTMLButtonElement) =>
  wire(button, async (say) => say((await copyText(currentUrl(button.dataset.hash))) ? 'copied' : 'failed'));

export const wireShare = (button: HTMLButtonElement) =>
  wire(button, async (say) => {
    const result = await shareOrCopy({ title: button.dataset.title ?? document.title, text: button.dataset.text ?? '', url: currentUrl() });
    if (result === 'copied' || result === 'failed') say(result);
  });

export const wirePrint = (button: HTMLButtonElement) => wire(button, () => window.print());
