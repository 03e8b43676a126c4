import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { clickedBackdrop, restoreFocusTo, wrapTab } from './modal-dom';

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

  const restoreFocus = () => {
    const target = returnFocus.current;
    returnFocus.current = null;
    restoreFocusTo(target, ref.current);
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

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => wrapTab(event.nativeEvent, event.currentTarget);

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (clickedBackdrop(event.nativeEvent, event.currentTarget)) closeRef.current();
  };

  return { ref, dialogProps: { onKeyDown, onClick } };
}
