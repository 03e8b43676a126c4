import { lazy, Suspense, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import eyebrow from '@src/components/eyebrow.module.css';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { loadCatalogs } from '@src/i18n/i18n';
import { usePageTitle } from '@src/lib/use-page-title';
import { useBookkeepingCompany } from '../hooks/use-bookkeeping-company';
import { CompanyBooks } from './company-books';
import { CompanyPicker } from './company-picker';
import { CryptoOnlyNotice } from './crypto-only-notice';
import styles from './bookkeeping.module.css';

// With the catalogs only the tab reads: the linked banks' failures, the forms' checks, the imports' statuses.
const AccountsTab = lazy(() =>
  Promise.all([import('./accounts-tab'), loadCatalogs(['errors', 'validation', 'sync'])]).then(([module]) => ({ default: module.AccountsTab })),
);

export interface BookkeepingWorkspaceProps {
  /** Extra toolbar actions (the CSV import button), given the company the list shows. */
  toolbar?: (companyId: string) => ReactNode;
}

const sections = ['books', 'accounts'] as const;
type Section = (typeof sections)[number];

/**
 * The bookkeeping workspace (SPEC §2 "Bookkeeping transactions"): the company's transactions
 * from this device's database, filtered from the URL, edited at keyboard speed through sync
 * mutations (so everything works offline), with totals of what the filters keep.
 *
 * The list fills the window's height (decision 065): the accounts, linked banks and import
 * history have their own tab instead of lying below it. The list's tab stays mounted while the
 * other one shows, so coming back keeps its cursor, selection and scroll.
 */
export function BookkeepingWorkspace({ toolbar }: BookkeepingWorkspaceProps) {
  const { t } = useTranslation('bookkeeping');
  const { t: common } = useTranslation('common');
  const language = useLanguage();
  usePageTitle(t('list.title'));
  const { companies, cryptoOnly, companyId, choose } = useBookkeepingCompany();
  const [section, setSection] = useState<Section>('books');
  // The accounts' tab is mounted the first time it shows, then kept (hidden) like the list's, so
  // what is typed or on its way there survives a look at the list.
  const [accountsShown, setAccountsShown] = useState(false);
  const show = (value: Section) => {
    setSection(value);
    if (value === 'accounts') setAccountsShown(true);
  };
  const id = useId();
  const tabs = useRef<Partial<Record<Section, HTMLButtonElement | null>>>({});
  // Built once per company: the slots' content does not depend on the filters in the URL.
  const toolbarNode = useMemo(() => (companyId ? toolbar?.(companyId) : null), [toolbar, companyId]);
  const companyName = companies.find((company) => company.id === companyId)?.name ?? t('list.title');

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

  // The WAI-ARIA tabs pattern: arrows, Home and End move between the tabs and show each.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = sections.indexOf(section);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: sections.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const chosen = sections[(next + sections.length) % sections.length]!;
    show(chosen);
    tabs.current[chosen]?.focus();
  };
  const tab = (value: Section, label: string) => (
    <button
      ref={(element) => {
        tabs.current[value] = element;
      }}
      type="button"
      role="tab"
      id={`${id}-${value}-tab`}
      aria-selected={section === value}
      aria-controls={`${id}-${value}`}
      tabIndex={section === value ? 0 : -1}
      className={styles.tab}
      onClick={() => show(value)}
      onKeyDown={onTabKey}
    >
      {label}
    </button>
  );

  return (
    <div className={styles.workspace} data-fills-viewport={section === 'books' || undefined}>
      <header className={styles.workspaceHeader}>
        <h1 className={styles.workspaceTitle}>{t('list.title')}</h1>
        <div role="tablist" aria-label={t('list.sections.label')} className={styles.tabs}>
          {tab('books', t('list.sections.books'))}
          {tab('accounts', t('list.sections.accounts'))}
        </div>
        {companies.length > 1 && companyId && <CompanyPicker companies={companies} value={companyId} onChange={choose} />}
      </header>
      <div role="tabpanel" id={`${id}-books`} aria-labelledby={`${id}-books-tab`} hidden={section !== 'books'} className={styles.booksPanel}>
        {companyId && <CompanyBooks key={companyId} companyId={companyId} companyName={companyName} toolbar={toolbarNode} />}
      </div>
      <div role="tabpanel" id={`${id}-accounts`} aria-labelledby={`${id}-accounts-tab`} hidden={section !== 'accounts'} className={styles.accountsPanel}>
        {/* Loaded and mounted when first shown: the list's first visit neither downloads it nor waits
            on its queries. Its own boundary: while it loads, the page (and the tab's focus) stays. */}
        {accountsShown && companyId && (
          <Suspense fallback={<p role="status">{common('loading')}</p>}>
            <AccountsTab companyId={companyId} language={language} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
