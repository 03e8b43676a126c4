import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { Button } from '@src/components/button';
import { RouteError } from '@src/components/route-error/route-error';
import { AccountsPanel } from '@src/features/accounts/components/accounts-panel';
import { ImportDialog } from '@src/features/bank-import/components/import-dialog';
import { ImportHistory } from '@src/features/bank-import/components/import-history';
import { CategoriserSuggestions } from '@src/features/categoriser/categoriser-suggestions';
import { useCurrentUser } from '@src/features/session/session-store';
import { usePageTitle } from '@src/lib/use-page-title';
import styles from './bookkeeping.module.css';

/** Bookkeeping transactions: the import toolbar, the accounts and the import history of the user's company. */
export function Component() {
  const { t } = useTranslation('bookkeeping');
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
  const user = useCurrentUser();
  const [importing, setImporting] = useState(false);
  usePageTitle(t('page.title'));
  const companyId = user?.companies[0];
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('page.title')}</h1>
        {companyId && (
          <div role="toolbar" aria-label={t('page.toolbar')}>
            <Button onClick={() => setImporting(true)}>{t('import.open')}</Button>
          </div>
        )}
      </header>
      {companyId ? (
        <>
          <AccountsPanel companyId={companyId} />
          <CategoriserSuggestions companyId={companyId} language={language} />
          <ImportHistory companyId={companyId} language={language} />
          <ImportDialog open={importing} companyId={companyId} language={language} onClose={() => setImporting(false)} />
        </>
      ) : (
        <p>{t('page.noCompany')}</p>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
