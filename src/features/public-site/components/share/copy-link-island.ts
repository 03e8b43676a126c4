import { copyText, currentUrl } from './copy-text';

/**
 * A `CopyLinkButton` on a page without the app (decision 081): the pre-rendered button carries
 * its link (`data-hash`) and what to say (`data-copied`, `data-failed`) in the status beside it
 * for three seconds, as the component does. Returns what undoes it, for the app to hydrate.
 */
export function wireCopyLink(button: HTMLButtonElement): () => void {
  const status = button.nextElementSibling;
  let timer: number | undefined;
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  const onClick = () =>
    void copyText(currentUrl(button.dataset.hash)).then((copied) => {
      say((copied ? button.dataset.copied : button.dataset.failed) ?? '');
      window.clearTimeout(timer);
      timer = window.setTimeout(() => say(''), 3000);
    });
  button.addEventListener('click', onClick);
  button.disabled = false;
  return () => {
    button.removeEventListener('click', onClick);
    window.clearTimeout(timer);
    say('');
  };
}
