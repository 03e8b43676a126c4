import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { ButtonLink } from '@src/components/button';
import { RouteError } from '@src/components/route-error/route-error';
import { FaqView } from '@src/features/public-site/components/faq/faq-view';
import { useFaq } from '@src/features/public-site/content/content-resource';
import styles from '@src/features/banking/components/banking.module.css';
import { href, paths } from '@src/lib/paths';
import { usePageTitle } from '@src/lib/use-page-title';

/** Banking and crypto FAQ (SPEC §2 `banking-crypto/faq`): `content/faq-banking/<lang>.md`, searchable, each question linkable. */
export function Component() {
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
  const { t } = useTranslation('banking');
  const faq = useFaq('faq-banking', language);
  usePageTitle(faq.title);
  return (
    <div className={styles.page}>
      <h1>{faq.title}</h1>
      <p className={styles.hint}>{faq.description}</p>
      <FaqView faq={faq} />
      <ButtonLink to={href(language, paths.bankingCrypto)} variant="secondary">
        {t('faq.back')}
      </ButtonLink>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
