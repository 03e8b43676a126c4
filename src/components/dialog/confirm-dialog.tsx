import { useId, type ReactNode } from 'react';
import { Button } from '../button';
import styles from './dialog.module.css';
import { useModalDialog } from './use-modal-dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  tone?: 'primary' | 'danger';
}

/**
 * Asks before an action (logout). The safe choice, cancel, has the focus first: it is the
 * dialog's first control, which `showModal()` focuses. (React's `autoFocus` would focus it when
 * the closed dialog mounts, which does nothing but force a layout of the page.)
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
  tone = 'primary',
}: ConfirmDialogProps) {
  const { ref, dialogProps } = useModalDialog(open, () => {
    if (!busy) onCancel();
  });
  const titleId = useId();
  const descriptionId = useId();
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} aria-describedby={description ? descriptionId : undefined} {...dialogProps}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {description && (
        <p id={descriptionId} className={styles.description}>
          {description}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={tone} onClick={onConfirm} busy={busy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
