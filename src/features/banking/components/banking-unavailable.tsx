import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Language } from '@domain/constants';
import { countryName } from '@domain/countries';
import { href, paths } from '@src/lib/paths';
import styles from './banking.module.css';

/**
 * SPEC §1: digital banking is closed to residents of the listed countries. A company whose
 * partner lives in one is told so here, in its language, before any two-factor setup or KYB
 * (which the server would refuse at the end), with what Alta still does for it.
 */
export function BankingUnavailable({ country, language }: { country: string; language: Language }) {
  const { t } = useTranslation('banking');
  const still = [
    [paths.bookkeeping, 'unavailable.bookkeeping'],
    [paths.taxForm, 'unavailable.taxForms'],
    [paths.mailing, 'unavailable.mailing'],
    [paths.boiReport, 'unavailable.boiReport'],
    [paths.dashboard, 'unavailable.company'],
  ] as const;
  return (
    <section className={styles.card} aria-labelledby="banking-unavailable-title" data-testid="banking-unavailable">
      <h2 id="banking-unavailable-title">{t('unavailable.title')}</h2>
      <p>{t('unavailable.why', { country: countryName(country, language) })}</p>
      <p>{t('unavailable.still')}</p>
      <ul className={styles.links}>
        {still.map(([path, key]) => (
          <li key={key}>
            <Link to={href(language, path)}>{t(key)}</Link>
          </li>
        ))}
      </ul>
      <p className={styles.hint}>{t('unavailable.crypto')}</p>
    </section>
  );
}
