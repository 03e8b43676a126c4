import { useTranslation } from 'react-i18next';
import type { OrderFlow } from '@domain/checkout';
import type { Language } from '@domain/constants';
import type { BillingCycle, Quote } from '@domain/plans';
import { formatUsd } from '@src/i18n/format';
import styles from './order-summary.module.css';

interface OrderSummaryProps {
  quote: Quote;
  billing: BillingCycle;
  flow: OrderFlow;
  language: Language;
}

/** The one-off fee says what it pays for: forming, migrating, or opening the crypto account. */
const setupFeeLabel = {
  createCompany: 'summary.setupFee',
  migrateCompany: 'summary.setupFeeMigration',
  crossBorderCrypto: 'summary.setupFeeCrypto',
} as const satisfies Record<OrderFlow, string>;

const usd = (cents: number, language: Language) => formatUsd(cents / 100, language);

/** A quote's lines (setup fee, plan, services), its discount and the total, in `$` per language. */
export function OrderSummary({ quote, billing, flow, language }: OrderSummaryProps) {
  const { t } = useTranslation('plans');
  const lineLabel = (line: Quote['lines'][number]) => {
    if (line.kind === 'setupFee') return t(setupFeeLabel[flow]);
    if (line.kind === 'plan') return t(billing === 'annual' ? 'summary.planAnnual' : 'summary.plan', { plan: t(`names.${line.id}`) });
    return t(`services.items.${line.id}.name`);
  };
  return (
    <section className={styles.summary} aria-labelledby="order-summary-title">
      <h3 id="order-summary-title" className={styles.title}>
        {t('summary.title')}
      </h3>
      <dl className={styles.lines}>
        {quote.lines.map((line) => (
          <div key={`${line.kind}-${line.id}`} className={styles.line}>
            <dt>{lineLabel(line)}</dt>
            <dd>{usd(line.amount, language)}</dd>
          </div>
        ))}
        {quote.discount > 0 && (
          <>
            <div className={styles.line}>
              <dt>{t('summary.subtotal')}</dt>
              <dd>{usd(quote.subtotal, language)}</dd>
            </div>
            <div className={styles.line}>
              <dt>{t('summary.discount')}</dt>
              <dd>−{usd(quote.discount, language)}</dd>
            </div>
          </>
        )}
        <div className={[styles.line, styles.total].join(' ')}>
          <dt>{t('summary.total')}</dt>
          <dd aria-live="polite">{usd(quote.total, language)}</dd>
        </div>
      </dl>
    </section>
  );
}
