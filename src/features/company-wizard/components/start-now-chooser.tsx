import { useTranslation } from 'react-i18next';
import { companyCreationFromUsd } from '@domain/constants';
import { ButtonLink } from '@src/components/button';
import { formatUsd } from '@src/i18n/format';
import { href, paths } from '@src/lib/paths';
import styles from '../wizard.module.css';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

const choices = [
  { id: 'createCompany', path: paths.createCompany, from: true },
  { id: 'migrateCompany', path: paths.migrateCompany, from: true },
  { id: 'crossBorderCrypto', path: paths.createCrossBorderCrypto, from: false },
] as const;

/**
 * Start now (SPEC §2): the three guest paths as cards, each saying what it includes; the
 * whole card follows its link, which is the one keyboard stop per card.
 */
export function StartNowChooser() {
  const { t } = useTranslation('wizard');
  const language = useLanguage();
  return (
    <div className={styles.chooser}>
      <header className={styles.chooserHeader}>
        <h1 className={styles.chooserTitle}>{t('chooser.title')}</h1>
        <p>{t('chooser.intro')}</p>
      </header>
      <ul className={styles.paths}>
        {choices.map(({ id, path, from }) => (
          <li key={id} className={styles.path}>
            <h2 id={`path-${id}`} className={styles.pathTitle}>
              {t(`chooser.${id}.title`)}
            </h2>
            {from && <p className={styles.pathFrom}>{t('chooser.from', { price: formatUsd(companyCreationFromUsd, language) })}</p>}
            <div className={styles.pathBody}>
              <p>{t(`chooser.${id}.description`)}</p>
              <ul aria-label={t('chooser.includes')}>
                {(t(`chooser.${id}.points`, { returnObjects: true }) as string[]).map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
              {id === 'crossBorderCrypto' && <p className={styles.pathNote}>{t('chooser.crossBorderCrypto.note')}</p>}
            </div>
            <ButtonLink to={href(language, path)} className={styles.pathAction} aria-describedby={`path-${id}`}>
              {t(`chooser.${id}.action`)}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
