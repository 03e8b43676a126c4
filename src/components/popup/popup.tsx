import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { closingAnimationMs, toastDurationMs } from '@domain/constants';
import styles from './popup.module.css';

interface PopupProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  tone?: 'success' | 'warning' | 'info';
  /** SPEC §4: popups close by themselves after 3000 ms; some stay longer. */
  autoCloseMs?: number | null;
}

/**
 * The SPEC §4 popup (company created, payment success, payment expired, missing fields): it
 * closes on any click, on Escape, or by itself after `autoCloseMs`, always with a 300 ms
 * closing animation; focus goes to it and comes back afterwards.
 */
export function Popup({ open, onClose, title, children, tone = 'info', autoCloseMs = toastDurationMs }: PopupProps) {
  const { t } = useTranslation('common');
  const [closing, setClosing] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const titleId = useId();

  // Idempotent: a click during the closing animation changes nothing.
  const requestClose = useCallback(() => setClosing(true), []);

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => {
      setClosing(false);
      closeRef.current();
    }, closingAnimationMs);
    return () => clearTimeout(timer);
  }, [closing]);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') requestClose();
    };
    document.addEventListener('keydown', onKey);
    const timer = autoCloseMs === null ? null : setTimeout(() => requestClose(), autoCloseMs);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (timer) clearTimeout(timer);
      previous?.focus?.();
    };
  }, [open, autoCloseMs, requestClose]);

  if (!open) return null;
  return (
    // The backdrop only catches clicks beside the dialog; Escape closes it from the keyboard.
    <div role="presentation" className={[styles.backdrop, closing && styles.closing].filter(Boolean).join(' ')} onClick={requestClose}>
      <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={[styles.popup, styles[tone]].join(' ')}>
        <span className={tone === 'success' ? `${styles.badge} check-mark` : styles.badge} aria-hidden="true" />
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children && <div className={styles.body}>{children}</div>}
        <button type="button" className={styles.close}>
          {t('popup.dismiss')}
        </button>
      </div>
    </div>
  );
}
