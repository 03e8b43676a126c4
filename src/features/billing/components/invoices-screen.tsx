import { useTranslation } from 'react-i18next';
import { buttonClass } from '@src/components/button';
import { DashboardPage } from '@src/components/dashboard-page/dashboard-page';
import { useCurrentUser } from '@src/features/session/session-store';
import { formatDate, formatUsd } from '@src/i18n/format';
import { usePageTitle } from '@src/lib/use-page-title';
import { invoicePdfUrl } from '../api/billing-api';
import { useInvoices } from '../hooks/billing-queries';
import { BillingList } from './billing-list';
import styles from './billing.module.css';
import { ManagedNotice } from './managed-notice';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

/** Invoices (SPEC §2 "labelled Stripe"): every payment's invoice, newest first, each as a PDF the server builds. */
export function InvoicesScreen() {
  const { t } = useTranslation(['billing', 'checkout']);
  const language = useLanguage();
  usePageTitle(t('invoices.title'));
  const user = useCurrentUser();
  const invoices = useInvoices();

  return (
    <DashboardPage title={t('invoices.title')} lead={t('invoices.lead')}>
      {user?.impersonatedBy && <ManagedNotice user={user} />}
      <BillingList query={invoices} loading={t('invoices.loading')} empty={t('invoices.empty')}>
        {(items) => (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t('invoices.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('invoices.number')}</th>
                  <th scope="col">{t('invoices.date')}</th>
                  <th scope="col">{t('invoices.company')}</th>
                  <th scope="col">{t('invoices.card')}</th>
                  <th scope="col" className={styles.amount}>
                    {t('invoices.total')}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t('invoices.pdf')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((invoice) => (
                  <tr key={invoice.id}>
                    <th scope="row">{invoice.number}</th>
                    <td data-label={t('invoices.date')}>{formatDate(invoice.issuedAt, language, 'long')}</td>
                    <td data-label={t('invoices.company')}>{invoice.companyName ?? '—'}</td>
                    <td data-label={t('invoices.card')}>
                      {invoice.card
                        ? t('cards.card', {
                            brand: t(`checkout:brands.${invoice.card.brand}`, { defaultValue: invoice.card.brand.toUpperCase() }),
                            last4: invoice.card.last4,
                          })
                        : '—'}
                    </td>
                    <td data-label={t('invoices.total')} className={styles.amount}>
                      {formatUsd(invoice.total / 100, language)}
                    </td>
                    <td>
                      <a className={buttonClass({ variant: 'secondary', size: 'small' })} href={invoicePdfUrl(invoice.id)} download={`${invoice.number}.pdf`}>
                        {t('invoices.download')}
                        <span className="visually-hidden"> {invoice.number}</span>
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </BillingList>
    </DashboardPage>
  );
}
