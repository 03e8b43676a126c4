import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankingOverview } from '@domain/banking';
import { walletTransactionStatuses } from '@domain/banking-terms';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import fieldStyles from '@src/components/form/field.module.css';
import { useCompanies } from '@src/features/dashboard/hooks/use-companies';
import { syncEngine } from '@src/features/sync/sync-engine';
import { formatDate, formatUsd } from '@src/i18n/format';
import { usePageTitle } from '@src/lib/use-page-title';
import { useErrorText } from '@src/lib/use-error-text';
import { ApiError, NetworkError } from '@src/lib/api';
import { getOverview, listWalletTransactions, startVerification } from '../api/banking-api';
import { BankAccountsPanel } from './bank-accounts-panel';
import { BankingUnavailable } from './banking-unavailable';
import { DepositPanel } from './deposit-panel';
import { HeldPayments } from './held-payments';
import { KybWizard } from './kyb-wizard';
import { LiquidationPanel } from './liquidation-panel';
import { StatementPanel } from './statement-panel';
import styles from './banking.module.css';
import { TwoFactorPanel } from './two-factor-panel';
import { WithdrawForm } from './withdraw-form';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

/**
 * The bank account screen (SPEC §2): a company SPEC §1 closes banking to is told so first, and
 * what it can still use; others get two-factor access first; then verification, the virtual
 * accounts, balances, payments held for review, withdrawals, bank accounts and wallet transactions. Banking is
 * online-only; a server poke (a deposit arrived, a transfer moved) makes the sync engine
 * pull, and this screen reloads its data whenever a pull completes: no page reload needed.
 */
export function BankingScreen() {
  const { t } = useTranslation('banking');
  const language = useLanguage();
  usePageTitle(t('title'));
  const errorText = useErrorText();
  const companies = useCompanies();
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [verifyFailure, setFailure] = useState<string | null>(null);
  const [statusFilter, setStatusFilter] = useState('');
  const [directionFilter, setDirectionFilter] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const selected = companyId ?? companies?.[0]?.id ?? null;
  const selectedCompany = companies?.find((company) => company.id === selected) ?? null;
  const client = useQueryClient();
  const key = ['banking', selected];
  // The overview, then (once the second factor opened the account) the wallet's transactions.
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const overview = await getOverview(selected!, signal);
      return { overview, transactions: overview.twoFactor.access ? await listWalletTransactions(selected!, signal) : [] };
    },
    enabled: selected !== null,
  });
  const overview = query.data?.overview ?? null;
  const transactions = query.data?.transactions ?? [];
  const failure = verifyFailure ?? (query.isError ? errorText(query.error) : null);
  // Offline the account cannot load, but the KYB answers live on this device: they stay at hand.
  const offline = query.error instanceof NetworkError;

  // Reading again cancels a read under way, so its older answer is never shown after a newer one.
  const reload = useCallback(() => void client.refetchQueries({ queryKey: ['banking', selected] }), [client, selected]);
  // An answer from a submission is newer than any read under way: that read is cancelled (and
  // its revert done) before the answer is put in its place.
  const show = (next: BankingOverview) =>
    void client
      .cancelQueries({ queryKey: key })
      .then(() => client.setQueryData(key, (current: typeof query.data) => ({ overview: next, transactions: current?.transactions ?? [] })));

  // A poke makes the engine pull; each finished pull is a chance that money moved.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    void syncEngine().then(
      (engine) => {
        if (!engine || unmounted) return;
        let last = engine.getStatus().lastSyncedAt;
        stop = engine.subscribe((status) => {
          if (status.lastSyncedAt !== last) {
            last = status.lastSyncedAt;
            reload();
          }
        });
      },
      (error: unknown) => console.error('the sync runtime could not load', error),
    );
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [reload]);

  const verify = async () => {
    if (!selected) return;
    setFailure(null);
    try {
      show(await startVerification(selected));
    } catch (error) {
      setFailure(error instanceof ApiError && error.code === 'banking_unavailable_country' ? t('unavailableCountry') : errorText(error));
    }
  };

  if (companies && companies.length === 0) return <p className={styles.page}>{t('noCompany')}</p>;
  const shown = transactions.filter((row) => (!statusFilter || row.status === statusFilter) && (!directionFilter || row.direction === directionFilter));

  return (
    <div className={styles.page}>
      <h1>{t('title')}</h1>
      {companies && companies.length > 1 && (
        <div className={fieldStyles.field}>
          <label htmlFor="banking-company" className={fieldStyles.label}>
            {t('company')}
          </label>
          <select id="banking-company" className={fieldStyles.control} value={selected ?? ''} onChange={(event) => setCompanyId(event.target.value)}>
            {companies.map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
      {!overview && offline && selectedCompany && (
        <KybWizard
          companyId={selectedCompany.id}
          kind={selectedCompany.type === 'Cross Border Crypto' ? 'crypto' : 'business'}
          language={language}
          submitted={null}
          onSubmitted={show}
        />
      )}
      {overview?.bankingUnavailable && <BankingUnavailable country={overview.bankingUnavailable} language={language} />}
      {overview && !overview.bankingUnavailable && selected && !overview.twoFactor.access && (
        <TwoFactorPanel companyId={selected} overview={overview} onVerified={reload} />
      )}
      {overview?.twoFactor.access && !overview.bankingUnavailable && selected && (
        <>
          {overview.impersonated && <FormAlert>{t('impersonated')}</FormAlert>}
          {(!overview.profile || overview.kyb) && (
            <KybWizard companyId={selected} kind={overview.kybKind} language={language} submitted={overview.kyb} onSubmitted={show} />
          )}
          {(overview.profile || overview.kyb) && (
            <section className={styles.card} aria-labelledby="verification-title">
              <h2 id="verification-title">{t('verification.title')}</h2>
              {!overview.profile ? (
                <>
                  <p>{t('verification.intro')}</p>
                  <Button onClick={() => void verify()}>{t('verification.start')}</Button>
                </>
              ) : (
                <>
                  <p>
                    {t('verification.status')} <strong>{t(`statuses.${overview.profile.status}`)}</strong>
                  </p>
                  <p>{t(`verification.next.${overview.profile.status}`)}</p>
                  {overview.profile.status !== 'approved' && overview.profile.status !== 'rejected' && (
                    <a className={styles.link} href={overview.profile.kycUrl}>
                      {t('verification.open')}
                    </a>
                  )}
                </>
              )}
            </section>
          )}
          {overview.profile?.status === 'approved' && <DepositPanel profile={overview.profile} language={language} />}
          {overview.balances && (
            <section className={styles.card} aria-labelledby="balances-title">
              <h2 id="balances-title">{t('balances.title')}</h2>
              <dl className={styles.details}>
                <dt>USD</dt>
                <dd data-testid="balance-usd">{formatUsd(overview.balances.usd / 100, language)}</dd>
                <dt>USDC</dt>
                <dd>{formatUsd(overview.balances.usdc / 100, language)}</dd>
                <dt>USDT</dt>
                <dd>{formatUsd(overview.balances.usdt / 100, language)}</dd>
              </dl>
            </section>
          )}
          {overview.profile?.status === 'approved' && overview.bankAccounts && (
            <>
              <WithdrawForm
                companyId={selected}
                language={language}
                balanceCents={overview.balances?.usd ?? 0}
                bankAccounts={overview.bankAccounts}
                stepUpSeconds={overview.twoFactor.stepUpSeconds}
                onDone={reload}
              />
              <BankAccountsPanel companyId={selected} accounts={overview.bankAccounts} stepUpSeconds={overview.twoFactor.stepUpSeconds} onChange={reload} />
              <LiquidationPanel
                companyId={selected}
                language={language}
                addresses={overview.liquidationAddresses ?? []}
                bankAccounts={overview.bankAccounts}
                stepUpSeconds={overview.twoFactor.stepUpSeconds}
                onChange={reload}
              />
            </>
          )}
          <HeldPayments transactions={transactions} language={language} />
          {overview.profile?.virtualAccounts.usd && overview.balances && (
            <StatementPanel
              companyName={selectedCompany?.name ?? ''}
              language={language}
              account={overview.profile.virtualAccounts.usd}
              balanceCents={overview.balances.usd}
              transactions={transactions}
            />
          )}
          <section className={styles.card} aria-labelledby="transactions-title">
            <h2 id="transactions-title">{t('transactions.title')}</h2>
            <div className={styles.filters}>
              <div className={fieldStyles.field}>
                <label htmlFor="tx-status" className={fieldStyles.label}>
                  {t('transactions.status')}
                </label>
                <select id="tx-status" className={fieldStyles.control} value={statusFilter} onChange={(event) => setStatusFilter(event.target.value)}>
                  <option value="">{t('transactions.all')}</option>
                  {walletTransactionStatuses.map((status) => (
                    <option key={status} value={status}>
                      {t(`walletStatuses.${status}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div className={fieldStyles.field}>
                <label htmlFor="tx-direction" className={fieldStyles.label}>
                  {t('transactions.direction')}
                </label>
                <select id="tx-direction" className={fieldStyles.control} value={directionFilter} onChange={(event) => setDirectionFilter(event.target.value)}>
                  <option value="">{t('transactions.all')}</option>
                  <option value="incoming">{t('transactions.incoming')}</option>
                  <option value="outgoing">{t('transactions.outgoing')}</option>
                </select>
              </div>
            </div>
            {shown.length === 0 ? (
              <p>{t('transactions.empty')}</p>
            ) : (
              <ul className={styles.list} aria-label={t('transactions.title')}>
                {shown.map((row) => (
                  <li key={row.id}>
                    <button type="button" className={styles.row} aria-expanded={open === row.id} onClick={() => setOpen(open === row.id ? null : row.id)}>
                      <span>{formatDate(row.date, language)}</span>
                      <span>{row.counterparty}</span>
                      <span>{`${row.direction === 'outgoing' ? '−' : '+'}${formatUsd(row.amountCents / 100, language)}`}</span>
                      <span>{t(`walletStatuses.${row.status}`)}</span>
                    </button>
                    {open === row.id && (
                      <dl className={styles.details}>
                        <dt>{t('transactions.sender')}</dt>
                        <dd>{row.senderName ?? '—'}</dd>
                        <dt>{t('transactions.fromBank')}</dt>
                        <dd>{row.fromBank ?? '—'}</dd>
                        <dt>{t('transactions.hash')}</dt>
                        <dd>{row.hash ?? '—'}</dd>
                        <dt>{t('withdraw.fee')}</dt>
                        <dd>{formatUsd(row.feeCents / 100, language)}</dd>
                      </dl>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
