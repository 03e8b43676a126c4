import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@src/components/button';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { href, paths } from '@src/lib/paths';
import styles from './bookkeeping.module.css';

/** SPEC §6: accounting needs an LLC or C-Corp; offers to create or migrate one. */
export function CryptoOnlyNotice({ cryptoOnly }: { cryptoOnly: boolean }) {
  const { t } = useTranslation('bookkeeping');
  const language = useLanguage();
  return (
    <section className={styles.notice} aria-labelledby="no-company-title">
      <h2 id="no-company-title" className={styles.sectionTitle}>
        {cryptoOnly ? t('list.cryptoOnly.title') : t('list.noCompany.title')}
      </h2>
      <p>{cryptoOnly ? t('list.cryptoOnly.body') : t('list.noCompany.body')}</p>
      <div className={styles.noticeActions}>
        <ButtonLink to={href(language, paths.createCompany)}>{t('list.cryptoOnly.create')}</ButtonLink>
        <ButtonLink to={href(language, paths.migrateCompany)} variant="secondary">
          {t('list.cryptoOnly.migrate')}
        </ButtonLink>
      </div>
    </section>
  );
}
