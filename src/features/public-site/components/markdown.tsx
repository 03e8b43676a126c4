import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styles from './markdown.module.css';

/**
 * Content compiled from `content/` at build time (our own committed markdown, never user
 * input). Links to Alta's own pages navigate inside the app instead of reloading it.
 */
export function Markdown({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as HTMLElement).closest('a');
    const target = anchor?.getAttribute('href');
    if (!anchor || !target || !target.startsWith('/') || target.startsWith('//') || anchor.target) return;
    event.preventDefault();
    void navigate(target);
  };
  return (
    // The click handler only upgrades real links, which stay keyboard-operable on their own: the
    // container catches their bubbled clicks and is itself presentation.
    <div role="presentation" className={[styles.prose, className].filter(Boolean).join(' ')} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
