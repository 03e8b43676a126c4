import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import eyebrow from '@src/components/eyebrow.module.css';
import { RouteError } from '@src/components/route-error/route-error';
import styles from '@src/features/bookkeeping/components/bookkeeping.module.css';
import { CompanyPicker } from '@src/features/bookkeeping/components/company-picker';
import { CryptoOnlyNotice } from '@src/features/bookkeeping/components/crypto-only-notice';
import { useBookkeepingCompany } from '@src/features/bookkeeping/hooks/use-bookkeeping-company';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { ReturnDue } from '@src/features/tax-form/components/return-due';
import { SentDeclarations } from '@src/features/tax-form/components/sent-declarations';
import { TaxFormWizard } from '@src/features/tax-form/components/tax-form-wizard';
import { useReturnFacts } from '@src/features/tax-form/hooks/use-return-facts';
import { useSentDeclarations } from '@src/features/tax-form/hooks/use-sent-declarations';
import { usePageTitle } from '@src/lib/use-page-title';

/**
 * IRS tax form wizard (SPEC §2): the declaration of last year for one of the user's LLCs or
 * C-Corps (the same company choice as the books), under what the IRS expects of it and when,
 * then the company's sent declarations with their returns; Cross Border Crypto-only users are
 * told to create or migrate a company (SPEC §6).
 */
export function Component() {
  const { t } = useTranslation('taxForm');
  const language = useLanguage();
  usePageTitle(t('title'));
  const { companies, cryptoOnly, companyId, choose } = useBookkeepingCompany();
  // The declaration filed this year is last year's.
  const taxYear = new Date().getFullYear() - 1;
  const company = companies.find((candidate) => candidate.id === companyId);
  const sent = useSentDeclarations(cryptoOnly ? null : companyId);
  const due = useReturnFacts(cryptoOnly ? null : companyId);
  const reloadAfterSending = () => {
    sent.reload();
    due.reload();
  };
  // The sent declarations are drawn once the wizard above them is: drawn under its loading line,
  // they were pushed out of view as it filled in.
  const [wizardReady, setWizardReady] = useState<string | null>(null);
  const onWizardReady = useCallback(() => setWizardReady(companyId), [companyId]);
  const sentThisYear = sent.state.kind === 'ready' ? (sent.state.page.find((declaration) => declaration.year === taxYear)?.sentAt ?? null) : null;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <p className={eyebrow.eyebrow}>{t('eyebrow', { year: taxYear })}</p>
          <h1 className={styles.title}>{t('title')}</h1>
        </div>
        {companies.length > 1 && companyId && <CompanyPicker companies={companies} value={companyId} onChange={choose} />}
      </header>
      {cryptoOnly || companies.length === 0 || !companyId ? (
        <CryptoOnlyNotice cryptoOnly={cryptoOnly} />
      ) : (
        <>
          <ReturnDue state={due.state} language={language} />
          <TaxFormWizard
            key={companyId}
            companyId={companyId}
            companyName={company?.name ?? null}
            taxYear={taxYear}
            language={language}
            sentAt={sentThisYear}
            onSent={reloadAfterSending}
            onReady={onWizardReady}
          />
          {wizardReady === companyId && (
            <SentDeclarations key={`sent-${companyId}`} companyId={companyId} state={sent.state} reload={sent.reload} language={language} />
          )}
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
