// Apart from the buttons' components, so a page without the app copies links too (decision 081).

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
