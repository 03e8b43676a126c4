import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@src/components/button';
import dialogStyles from '@src/components/dialog/dialog.module.css';
import { useModalDialog } from '@src/components/dialog/use-modal-dialog';
import styles from './checkout.module.css';

interface ThreeDSecureDialogProps {
  open: boolean;
  /** What the bank asks to confirm: "Your bank asks you to confirm this payment of $1,234.50 to Alta." */
  intro: string;
  busy: boolean;
  onAnswer: (answer: 'completed' | 'failed') => void;
  /** Closed without answering (Escape, the close button): back to the form. */
  onDismiss: () => void;
  /** A confirmation that did not get through, shown inside the challenge so it can be answered again. */
  error?: ReactNode;
}

/**
 * The local sandbox's 3-D Secure challenge, like Stripe's test authentication page: the
 * customer completes or fails it. A modal `<dialog>`: the page behind is inert, focus starts on
 * "Complete authentication", Escape closes it, and focus returns to the Pay button afterwards.
 */
export function ThreeDSecureDialog({ open, intro, busy, onAnswer, onDismiss, error }: ThreeDSecureDialogProps) {
  const { t } = useTranslation('checkout');
  const { ref, dialogProps } = useModalDialog(open, () => {
    if (!busy) onDismiss();
  });
  const titleId = useId();
  const textId = useId();
  const complete = useRef<HTMLButtonElement>(null);
  // After showModal (which focuses the first button, "Fail"): the expected answer gets the focus.
  useEffect(() => {
    if (open) complete.current?.focus();
  }, [open]);
  return (
    <dialog ref={ref} className={[dialogStyles.dialog, styles.challenge].join(' ')} aria-labelledby={titleId} aria-describedby={textId} {...dialogProps}>
      <span className={styles.challengeBadge} aria-hidden="true" />
      <h2 id={titleId} className={dialogStyles.title}>
        {t('threeDSecure.title')}
      </h2>
      <div id={textId} className={dialogStyles.description}>
        <p>{intro}</p>
        <p className={styles.note}>{t('threeDSecure.sandbox')}</p>
      </div>
      {error}
      <div className={dialogStyles.actions}>
        <Button variant="secondary" onClick={() => onAnswer('failed')} disabled={busy}>
          {t('threeDSecure.fail')}
        </Button>
        <Button ref={complete} onClick={() => onAnswer('completed')} busy={busy} busyLabel={t('confirming')}>
          {t('threeDSecure.complete')}
        </Button>
      </div>
    </dialog>
  );
}
