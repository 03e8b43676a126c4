import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import eyebrow from '@src/components/eyebrow.module.css';
import { usePageTitle } from '@src/lib/use-page-title';
import { useBookkeepingCompany } from '../hooks/use-bookkeeping-company';
import { CompanyBooks } from './company-books';
import { CompanyPicker } from './company-picker';
import { CryptoOnlyNotice } from './crypto-only-notice';
import styles from './bookkeeping.module.css';

export interface BookkeepingWorkspaceProps {
  /** Extra toolbar actions (the CSV import button), given the company the list shows. */
  toolbar?: (companyId: string) => ReactNode;
  /** The accounts section (manual and linked accounts), given the company: below the list. */
  accounts?: (companyId: string) => ReactNode;
}

/**
 * The bookkeeping workspace (SPEC §2 "Bookkeeping transactions"): the company's transactions
 * from this device's database, filtered from the URL, edited at keyboard speed through sync
 * mutations (so everything works offline), with totals of what the filters keep.
 */
export function BookkeepingWorkspace({ toolbar, accounts: accountsSection }: BookkeepingWorkspaceProps) {
  const { t } = useTranslation('bookkeeping');
  usePageTitle(t('list.title'));
  const { companies, cryptoOnly, companyId, choose } = useBookkeepingCompany();
  // Built once per company: the slots' content does not depend on the filters in the URL.
  const toolbarNode = useMemo(() => (companyId ? toolbar?.(companyId) : null), [toolbar, companyId]);
  const accountsNode = useMemo(() => (companyId ? accountsSection?.(companyId) : null), [accountsSection, companyId]);

  if (cryptoOnly || companies.length === 0) {
    return (
      <div className={styles.page}>
        <header className={styles.header}>
          <p className={eyebrow.eyebrow}>{t('list.eyebrow')}</p>
          <h1 className={styles.title}>{t('list.title')}</h1>
        </header>
        <CryptoOnlyNotice cryptoOnly={cryptoOnly} />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <p className={eyebrow.eyebrow}>{t('list.eyebrow')}</p>
          <h1 className={styles.title}>{t('list.title')}</h1>
        </div>
        {companies.length > 1 && companyId && <CompanyPicker companies={companies} value={companyId} onChange={choose} />}
      </header>
      {companyId && <CompanyBooks key={companyId} companyId={companyId} toolbar={toolbarNode} accountsSection={accountsNode} />}
    </div>
  );
}
