import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../dialog/use-modal-dialog';
import styles from './side-drawer.module.css';

interface SideDrawerProps {
  /** Named by the button that opens it (`aria-controls`). */
  id: string;
  open: boolean;
  onClose: () => void;
  /** Accessible name of the drawer ("Menu"). */
  label: string;
  header?: ReactNode;
  children: ReactNode;
}

/**
 * The off-canvas side drawer: a modal `<dialog>` sliding in from the inline start. Keyboard:
 * focus moves into it, Tab stays inside, Escape closes it and focus returns to the menu button.
 */
export function SideDrawer({ id, open, onClose, label, header, children }: SideDrawerProps) {
  const { t } = useTranslation('common');
  const { ref, dialogProps } = useModalDialog(open, onClose);
  const titleId = useId();
  return (
    <dialog ref={ref} id={id} className={styles.drawer} aria-labelledby={titleId} {...dialogProps}>
      <div className={styles.head}>
        <h2 id={titleId} className="visually-hidden">
          {label}
        </h2>
        {header}
        <button type="button" className={styles.close} onClick={onClose} data-closes-dialog aria-label={t('drawer.close')}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
      <div className={styles.body}>{children}</div>
    </dialog>
  );
}
