import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderFlow, OrderView } from '@domain/checkout';
import type { Language } from '@domain/constants';
import { formatUsd, type Quote } from '@domain/plans';
import { formatDateTime } from '@src/i18n/format';
import styles from './checkout.module.css';

/** The one-off fee says what it pays for: forming, migrating, or opening the crypto account. */
const setupFeeLabel = {
  createCompany: 'summary.setupFee',
  migrateCompany: 'summary.migration',
  crossBorderCrypto: 'summary.accountOpening',
} as const satisfies Record<OrderFlow, string>;

interface OrderSummaryProps {
  order: Pick<OrderView, 'flow' | 'companyName' | 'plan' | 'billing' | 'services' | 'couponCode' | 'expiresAt' | 'orderNumber'> & { quote: Quote };
  language: Language;
  children?: ReactNode;
}

/**
 * What is being paid for (SPEC §2 checkout): the company, the plan and its billing, the
 * additional services, the coupon discount and the total, every amount in `$` written the
 * language's way and taken from the server's quote (never recomputed here).
 */
export function OrderSummary({ order, language, children }: OrderSummaryProps) {
  const { t } = useTranslation(['checkout', 'plans']);
  const planName = t(`plans:names.${order.plan}`);
  const money = (cents: number) => formatUsd(cents, language);
  const expires = formatDateTime(order.expiresAt, language);

  const lineLabel = (line: Quote['lines'][number]) => {
    if (line.kind === 'setupFee') return t(setupFeeLabel[order.flow]);
    if (line.kind === 'plan') return t(order.billing === 'annual' ? 'summary.firstPeriodAnnual' : 'summary.firstPeriodMonthly', { plan: planName });
    if (line.kind === 'renewal') return t('summary.renewal', { plan: planName });
    if (line.kind === 'dissolution') return t('summary.dissolution');
    return t(`plans:services.items.${line.id}.name`);
  };

  return (
    <section className={styles.summary} aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className={styles.sectionTitle}>
        {t('summary.title')}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('summary.company')}</dt>
          <dd>{order.companyName}</dd>
        </div>
        <div>
          <dt>{t('summary.plan')}</dt>
          <dd>{t('summary.planValue', { plan: planName, billing: t(`billing.${order.billing}`) })}</dd>
        </div>
        <div>
          <dt>{t('summary.services')}</dt>
          <dd>{order.services.length > 0 ? order.services.map((id) => t(`plans:services.items.${id}.name`)).join(', ') : t('summary.noServices')}</dd>
        </div>
      </dl>
      <table className={styles.lines}>
        <caption className="visually-hidden">{t('summary.lines')}</caption>
        <tbody>
          {order.quote.lines.map((line) => (
            <tr key={`${line.kind}-${line.id}`}>
              <th scope="row">{lineLabel(line)}</th>
              <td>{money(line.amount)}</td>
            </tr>
          ))}
          {order.quote.discount > 0 && (
            <>
              <tr className={styles.subtotal}>
                <th scope="row">{t('summary.subtotal')}</th>
                <td>{money(order.quote.subtotal)}</td>
              </tr>
              <tr className={styles.discount}>
                <th scope="row">{t('summary.discount', { code: order.couponCode ?? '' })}</th>
                <td>−{money(order.quote.discount)}</td>
              </tr>
            </>
          )}
        </tbody>
        <tfoot>
          <tr className={styles.total}>
            <th scope="row">{t('summary.total')}</th>
            <td>{money(order.quote.total)}</td>
          </tr>
        </tfoot>
      </table>
      {children}
      <p className={styles.note}>{t('summary.expires', { date: expires })}</p>
      <p className={styles.note}>{t('summary.final')}</p>
    </section>
  );
}
