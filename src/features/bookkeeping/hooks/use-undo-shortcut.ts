import { useEffect, type RefObject } from 'react';
import { commandForKey } from '../keyboard';

/**
 * Ctrl+Z anywhere on the page (outside text fields and the grid, which has its own keys) undoes
 * the last change, while the list (`shown`, any element of it) is on screen: behind the
 * "Accounts and imports" tab, a change nobody sees is not undone.
 */
export function useUndoShortcut(undo: () => Promise<unknown>, shown: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (commandForKey(event) !== 'undo' || shown.current?.closest('[hidden]')) return;
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, select, [contenteditable="true"], [role="grid"]')) return;
      event.preventDefault();
      void undo();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [undo, shown]);
}
