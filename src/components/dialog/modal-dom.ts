/**
 * What a modal `<dialog>` does with the keyboard and the pointer beyond the browser's own
 * behaviour, as plain DOM functions: the React hook (`useModalDialog`) and the public pages'
 * drawer without the app (`src/page-without-app.ts`) both use them.
 */

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab wrap inside the dialog instead of leaving it for the browser's own controls. */
export function wrapTab(event: KeyboardEvent, dialog: HTMLDialogElement): void {
  if (event.key !== 'Tab') return;
  const items = [...dialog.querySelectorAll<HTMLElement>(focusable)].filter((item) => item.offsetParent !== null || item === document.activeElement);
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Whether a click landed on the backdrop: it reaches the dialog itself, outside its box. */
export function clickedBackdrop(event: MouseEvent, dialog: HTMLDialogElement): boolean {
  if (event.target !== dialog) return false;
  const box = dialog.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}

/** Focus goes back to the opener, unless the person has already moved it elsewhere on the page. */
export function restoreFocusTo(target: HTMLElement | null, dialog: HTMLDialogElement | null): void {
  const active = document.activeElement;
  const moved = active !== null && active !== document.body && !dialog?.contains(active);
  if (target?.isConnected && !moved) target.focus();
}
