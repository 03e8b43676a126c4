import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Drives a native `<dialog>` as a modal: `showModal()` (the page behind becomes inert), Tab
 * and Shift+Tab wrap inside it, Escape and a click outside ask to close, and focus returns to
 * whatever opened it. Closing is immediate (`close()`), so the page is usable again at once; the
 * exit is only drawn by the stylesheet (a transition of `overlay` and `display`), never a delay
 * during which the page would stay inert and swallow a click or what is typed next.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const openRef = useRef(open);
  openRef.current = open;

  /** Focus goes back to the opener, unless the person has already moved it elsewhere on the page. */
  const restoreFocus = () => {
    const target = returnFocus.current;
    returnFocus.current = null;
    const active = document.activeElement;
    const moved = active !== null && active !== document.body && !ref.current?.contains(active);
    if (target?.isConnected && !moved) target.focus();
  };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      restoreFocus();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape asks the owner, whose `open` then closes it (the dialog never closes behind its back).
    const onCancel = (event: Event) => {
      event.preventDefault();
      closeRef.current();
    };
    const onClosed = () => {
      // The close event is queued: if the dialog was opened again before it arrived, it is stale.
      if (dialog.open) return;
      restoreFocus();
      // Closed by the browser itself (a repeated Escape) while its owner still has it open.
      if (openRef.current) closeRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClosed);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClosed);
    };
  }, []);

  useEffect(
    () => () => {
      if (ref.current?.open) ref.current.close();
    },
    [],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)].filter(
      (item) => item.offsetParent !== null || item === document.activeElement,
    );
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
  };

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    // A click on the backdrop reaches the dialog itself, outside its box.
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) closeRef.current();
  };

  return { ref, dialogProps: { onKeyDown, onClick } };
}
