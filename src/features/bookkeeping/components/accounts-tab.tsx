import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Language } from '@domain/constants';
import { AccountsPanel } from '@src/features/accounts/components/accounts-panel';
import { ImportHistory } from '@src/features/bank-import/components/import-history';
import { href, paths } from '@src/lib/paths';
import styles from './bookkeeping.module.css';

/**
 * The bookkeeping page's "Accounts and imports" tab (decision 065): the company's manual and
 * linked accounts and the import history, which used to lie below
 * the list, after a line saying where their transactions go. Loaded when the tab first shows, in
 * its own chunk: the list's first visit does not download them.
 */
export function AccountsTab({ companyId, language }: { companyId: string; language: Language }) {
  const { t } = useTranslation('bookkeeping');
  return (
    <>
      <p className={styles.muted}>
        {t('list.sections.accountsIntro')} <Link to={href(language, paths.accountingAi)}>{t('list.sections.accountsHome')}</Link>
      </p>
      <AccountsPanel companyId={companyId} />
      <ImportHistory companyId={companyId} language={language} />
    </>
  );
}
