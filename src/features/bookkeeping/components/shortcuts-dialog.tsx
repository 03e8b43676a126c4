import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@src/components/button';
import dialogStyles from '@src/components/dialog/dialog.module.css';
import { useModalDialog } from '@src/components/dialog/use-modal-dialog';
import { shortcuts } from '../keyboard';
import styles from './bookkeeping.module.css';

/** Every keyboard shortcut of the list (opened with `?`). */
export const ShortcutsDialog = memo(function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('bookkeeping');
  const { ref, dialogProps } = useModalDialog(open, onClose);
  const titleId = useId();
  return (
    <dialog ref={ref} className={`${dialogStyles.dialog} ${styles.formDialog}`} aria-labelledby={titleId} {...dialogProps}>
      <h2 id={titleId} className={dialogStyles.title}>
        {t('editing.shortcuts.title')}
      </h2>
      <dl className={styles.shortcuts}>
        {shortcuts.map((shortcut) => (
          <div key={shortcut.command} className={styles.shortcut}>
            <dt>
              {shortcut.keys.map((key, index) => (
                <span key={key}>
                  {index > 0 && ` ${t('editing.shortcuts.or')} `}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{t(`editing.shortcuts.commands.${shortcut.command}`)}</dd>
          </div>
        ))}
      </dl>
      <div className={dialogStyles.actions}>
        {/* The dialog's one control: `showModal()` focuses it. */}
        <Button onClick={onClose}>{t('editing.shortcuts.close')}</Button>
      </div>
    </dialog>
  );
});
