import { useId, type ReactNode } from 'react';
import dialogStyles from '@src/components/dialog/dialog.module.css';
import { useModalDialog } from '@src/components/dialog/use-modal-dialog';
import styles from './admin.module.css';

/** A modal of the admin screens: a title, its content, and the actions row. */
export function AdminDialog({
  open,
  title,
  onClose,
  children,
  actions,
  wide = false,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
  wide?: boolean;
}) {
  const { ref, dialogProps } = useModalDialog(open, onClose);
  const titleId = useId();
  return (
    <dialog ref={ref} className={[dialogStyles.dialog, wide && styles.wideDialog].filter(Boolean).join(' ')} aria-labelledby={titleId} {...dialogProps}>
      <h2 id={titleId} className={dialogStyles.title}>
        {title}
      </h2>
      {open && children}
      <div className={dialogStyles.actions}>{actions}</div>
    </dialog>
  );
}
