import { useEffect } from 'react';
import { commandForKey } from '../keyboard';

/** Ctrl+Z anywhere on the page (outside text fields and the grid, which has its own keys) undoes the last change. */
export function useUndoShortcut(undo: () => Promise<unknown>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (commandForKey(event) !== 'undo') return;
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, select, [contenteditable="true"], [role="grid"]')) return;
      event.preventDefault();
      void undo();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [undo]);
}
