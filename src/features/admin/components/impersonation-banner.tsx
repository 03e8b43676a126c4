import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import type { ActingAs } from '@src/features/session/signed-in-flag';
import { Button } from '@src/components/button';
import { backToAdmin } from '../impersonation';
import styles from './admin.module.css';

/** On every page while the admin acts as a user (decisions 028, 033): who, and one click back. */
export function ImpersonationBanner({ acting, language }: { acting: ActingAs; language: Language }) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  async function back() {
    setBusy(true);
    setFailed(false);
    try {
      await backToAdmin(language);
    } catch (error) {
      console.error('return to admin failed', error);
      setFailed(true);
      setBusy(false);
    }
  }
  return (
    <div className={styles.banner} role="region" aria-label={t('impersonation.return')}>
      <span>{t('impersonation.banner', { name: acting.name, email: acting.email })}</span>
      <Button size="small" variant="secondary" onClick={back} busy={busy}>
        {t('impersonation.return')}
      </Button>
      {failed && <span role="alert">{t('impersonation.returnError')}</span>}
    </div>
  );
}
