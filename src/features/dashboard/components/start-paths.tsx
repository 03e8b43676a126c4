import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { Button } from '@src/components/button';
import { useSignOut } from '@src/features/session/hooks/use-sign-out';
import { href, paths } from '@src/lib/paths';
import styles from './companies-overview.module.css';

const starts = [
  { key: 'create', path: paths.createCompany },
  { key: 'migrate', path: paths.migrateCompany },
  { key: 'crypto', path: paths.createCrossBorderCrypto },
] as const;

/**
 * "No companies yet": the three ways to start. The wizards are guest-only (SPEC §2), so like
 * the top bar's start-now, starting one signs out first; the order is linked back to this
 * account when the user logs in again at checkout.
 */
export function StartPaths() {
  const { t } = useTranslation('dashboard');
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
  const { busy, signOutAndGo, unsentPrompt } = useSignOut();

  return (
    <section aria-labelledby="start-title" className={styles.empty}>
      <h2 id="start-title" className={styles.sectionTitle}>
        {t('home.emptyTitle')}
      </h2>
      <ol className={styles.paths}>
        {starts.map(({ key, path }) => (
          <li key={key} className={styles.path}>
            <span className={[styles.pathIcon, styles[key]].join(' ')} aria-hidden="true" />
            <h3 className={styles.pathTitle}>{t(`home.paths.${key}.title`)}</h3>
            <p className={styles.pathText}>{t(`home.paths.${key}.text`)}</p>
            <Button variant={key === 'create' ? 'primary' : 'secondary'} size="small" disabled={busy} onClick={() => void signOutAndGo(href(language, path))}>
              {t(`home.paths.${key}.action`)}
            </Button>
          </li>
        ))}
      </ol>
      <p className={styles.note}>{t('home.signOutNote')}</p>
      {unsentPrompt}
    </section>
  );
}
