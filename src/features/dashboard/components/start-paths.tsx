import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@src/components/button';
import { href, paths } from '@src/lib/paths';
import styles from './companies-overview.module.css';
import { Icon } from '@src/features/public-site/components/icons';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

// Drawn inline: an SVG as a CSS background is a document of its own to the browser, which cost
// a phone some 40 ms of the dashboard's first layout for each of the three (issue 35 §4).
const starts = [
  { key: 'create', path: paths.createCompany, icon: 'building' },
  { key: 'migrate', path: paths.migrateCompany, icon: 'swap' },
  { key: 'crypto', path: paths.createCrossBorderCrypto, icon: 'coin' },
] as const;

/**
 * The three ways to start a company: the first one, or another one next to those the owner
 * has. The owner stays signed in: the wizard fills "your info" from the profile and the
 * company is paid for and lands in this account (decision 017).
 */
export function StartPaths({ first }: { first: boolean }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();

  return (
    <section aria-labelledby="start-title" className={styles.empty}>
      <h2 id="start-title" className={styles.sectionTitle}>
        {first ? t('home.emptyTitle') : t('home.anotherTitle')}
      </h2>
      <ol className={styles.paths}>
        {starts.map(({ key, path, icon }) => (
          <li key={key} className={styles.path}>
            <span className={key === 'crypto' ? `${styles.pathIcon} ${styles.accentIcon}` : styles.pathIcon}>
              <Icon name={icon} size={22} />
            </span>
            <h3 className={styles.pathTitle}>{t(`home.paths.${key}.title`)}</h3>
            <p className={styles.pathText}>{t(`home.paths.${key}.text`)}</p>
            <ButtonLink to={href(language, path)} variant={key === 'create' ? 'primary' : 'secondary'} size="small">
              {t(`home.paths.${key}.action`)}
            </ButtonLink>
          </li>
        ))}
      </ol>
      <p className={styles.note}>{t('home.signedInNote')}</p>
    </section>
  );
}
