import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@domain/plan-prices';
import { renewalIsDue, type CompanyRenewal, type RenewalHistoryEntry } from '@domain/renewal';
import { Button, ButtonLink } from '@src/components/button';
import { ConfirmDialog } from '@src/components/dialog/confirm-dialog';
import { DashboardPage } from '@src/components/dashboard-page/dashboard-page';
import { FormAlert } from '@src/components/form/form-alert';
import { useToast } from '@src/components/toast/toast-provider';
import { formatDate } from '@src/i18n/format';
import { href, paths } from '@src/lib/paths';
import { usePageTitle } from '@src/lib/use-page-title';
import { useErrorText } from '@src/lib/use-error-text';
import { markRenewedExternally } from '../api/company-api';
import { useCompanyCheckout } from '../hooks/use-company-checkout';
import { useCompanyPage } from '../hooks/use-company-details';
import styles from './company.module.css';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

/** How a settled due date reads: a renewal paid through Alta is being filed with the state until staff mark it filed (decision 038). */
const historyKind = (entry: RenewalHistoryEntry) => (entry.kind === 'paid' ? (entry.processedAt ? 'paidFiled' : 'paidFiling') : entry.kind);

/** The company renewal page (SPEC §2 renewal/{id}): status and due date, pay through the checkout, renewed externally, dissolution. */
export function RenewalScreen({ companyId }: { companyId: string }) {
  const { t } = useTranslation('company');
  const language = useLanguage();
  const { state, reload } = useCompanyPage(companyId);
  const page = state.kind === 'ready' ? state.page : null;
  usePageTitle(page ? t('renewal.pageTitle', { name: page.company.name }) : t('renewal.title'));
  const toast = useToast();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState<'external' | 'dissolution' | null>(null);
  const [marking, setMarking] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const checkout = useCompanyCheckout(page ? page.company : { id: companyId, name: '', type: 'LLC', migrated: false }, language);

  if (state.kind === 'loading') return <p role="status">{t('details.loading')}</p>;
  if (!page) {
    return (
      <DashboardPage title={t('renewal.title')}>
        <FormAlert>{state.kind === 'missing' ? t('details.missing') : t('details.failed')}</FormAlert>
        <ButtonLink to={href(language, paths.dashboard)} variant="secondary">
          {t('actions.backToCompanies')}
        </ButtonLink>
      </DashboardPage>
    );
  }
  const renewal: CompanyRenewal = page.renewal;
  const owner = renewal.relation === 'owner';
  const due = renewalIsDue(renewal.status);
  const date = renewal.dueDate ? formatDate(renewal.dueDate, language, 'long') : '';

  const markExternal = async () => {
    setMarking(true);
    setError(null);
    try {
      await markRenewedExternally(companyId);
      toast.show(t('renewal.markedExternal'), 'success');
      reload();
    } catch (caught) {
      setError(caught);
    } finally {
      setMarking(false);
      setConfirming(null);
    }
  };

  return (
    <DashboardPage eyebrow={page.company.name} title={t('renewal.title')}>
      <section aria-labelledby="renewal-status" className={styles.section}>
        <h2 id="renewal-status" className={styles.sectionTitle}>
          {t(`renewal.statusTitle.${renewal.status}`)}
        </h2>
        <p>{t(`renewal.status.${renewal.status}`, { date, days: Math.abs(renewal.daysRemaining ?? 0) })}</p>
        <dl className={styles.facts}>
          <dt>{t('renewal.formationDate')}</dt>
          <dd>{formatDate(renewal.formationDate, language, 'long')}</dd>
          {renewal.dueDate && (
            <>
              <dt>{t('renewal.dueDate')}</dt>
              <dd>{date}</dd>
            </>
          )}
          {renewal.lastRenewedDueDate && (
            <>
              <dt>{t('renewal.lastRenewed')}</dt>
              <dd>{formatDate(renewal.lastRenewedDueDate, language, 'long')}</dd>
            </>
          )}
          {renewal.renewalPrice !== null && (
            <>
              <dt>{t('renewal.price')}</dt>
              <dd>{formatUsd(renewal.renewalPrice, language)}</dd>
            </>
          )}
        </dl>
        {error !== null && <FormAlert>{errorText(error)}</FormAlert>}
        {checkout.error !== null && <FormAlert>{errorText(checkout.error)}</FormAlert>}
        {due && owner && renewal.renewalPrice !== null && (
          <div className={styles.actions}>
            <Button busy={checkout.busy} onClick={() => void checkout.pay({ paymentType: 'renewal', expectedAmount: renewal.renewalPrice! })}>
              {t('renewal.pay', { price: formatUsd(renewal.renewalPrice, language) })}
            </Button>
            <Button variant="secondary" busy={marking} onClick={() => setConfirming('external')}>
              {t('renewal.external')}
            </Button>
          </div>
        )}
        {due && !owner && <p className={styles.muted}>{t('renewal.ownerOnly')}</p>}
        {renewal.history.length > 0 && (
          <>
            <h3 className={styles.subsectionTitle}>{t('renewal.history')}</h3>
            <ul className={styles.documents}>
              {renewal.history.map((entry) => (
                <li key={entry.dueDate} className={styles.document}>
                  {t(`renewal.kinds.${historyKind(entry)}`, {
                    date: formatDate(entry.dueDate, language, 'long'),
                    renewed: formatDate(entry.renewedAt, language, 'medium'),
                    processed: entry.processedAt ? formatDate(entry.processedAt, language, 'medium') : '',
                  })}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="dissolution-title" className={styles.section}>
        <h2 id="dissolution-title" className={styles.sectionTitle}>
          {t('dissolution.title')}
        </h2>
        <p>{t(`dissolution.status.${renewal.dissolution}`)}</p>
        {renewal.dissolution === 'available' && owner && page.company.status !== 'Canceled' && (
          <>
            <p className={styles.muted}>{t('dissolution.explain', { price: formatUsd(renewal.dissolutionPrice, language) })}</p>
            <Button variant="danger" busy={checkout.busy} onClick={() => setConfirming('dissolution')}>
              {t('dissolution.request', { price: formatUsd(renewal.dissolutionPrice, language) })}
            </Button>
          </>
        )}
      </section>
      <ButtonLink to={href(language, paths.company(companyId))} variant="ghost">
        {t('actions.backToCompany')}
      </ButtonLink>

      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'dissolution' ? t('dissolution.confirmTitle') : t('renewal.externalTitle')}
        description={confirming === 'dissolution' ? t('dissolution.confirmText', { name: page.company.name }) : t('renewal.externalText', { date })}
        confirmLabel={confirming === 'dissolution' ? t('dissolution.confirm') : t('renewal.externalConfirm')}
        cancelLabel={t('actions.cancel')}
        tone={confirming === 'dissolution' ? 'danger' : 'primary'}
        busy={marking || checkout.busy}
        onConfirm={() => {
          if (confirming === 'external') void markExternal();
          else {
            setConfirming(null);
            void checkout.pay({ paymentType: 'dissolution', expectedAmount: renewal.dissolutionPrice });
          }
        }}
        onCancel={() => setConfirming(null)}
      />
    </DashboardPage>
  );
}
