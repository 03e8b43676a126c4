// Apart from the buttons' components, so a page without the app shares and copies links too (decision 081).

/** Copies `text` to the clipboard; false when the browser refuses (no permission, insecure page). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The current page's address, optionally pointing at an element (`#hash`). */
export const currentUrl = (hash?: string) => `${window.location.origin}${window.location.pathname}${hash ? `#${hash}` : ''}`;

/**
 * The system share sheet where the browser has one, otherwise the link is copied. 'closed' when
 * the person closed the sheet (nothing to say); any other failure of the sheet falls back to copying.
 */
export async function shareOrCopy(share: { title: string; text: string; url: string }): Promise<'shared' | 'closed' | 'copied' | 'failed'> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(share);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'closed';
    }
  }
  return (await copyText(share.url)) ? 'copied' : 'failed';
}
