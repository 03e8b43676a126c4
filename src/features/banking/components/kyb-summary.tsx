import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import { kybTransactionLimits } from '@domain/kyb-terms';
import type { KybSubmitted } from '@domain/kyb-record';
import { Popup } from '@src/components/popup/popup';
import { formatUsd } from '@src/i18n/format';
import type { Values } from './kyb-fields';
import styles from './banking.module.css';

/** The submitted KYB, read-only (SPEC §4), with the success popup right after sending. */
export function KybSummary({
  submitted,
  language,
  success,
  onSuccessClosed,
}: {
  submitted: KybSubmitted;
  language: Language;
  success: boolean;
  onSuccessClosed(): void;
}) {
  const { t } = useTranslation('kyb');
  const form = submitted.form;
  const text = (key: string) => (typeof form[key] === 'string' ? form[key] : '—');
  const owners = Array.isArray(form.owners) ? (form.owners as Values[]) : [];
  const limit = typeof form.transactionLimit === 'number' ? kybTransactionLimits[form.transactionLimit] : undefined;
  return (
    <section className={styles.card} aria-labelledby="kyb-submitted">
      <h2 id="kyb-submitted">{t('summary.title')}</h2>
      <p>{t('summary.readOnly')}</p>
      <dl className={styles.details}>
        <dt>{t('fields.legalName')}</dt>
        <dd>{text('legalName')}</dd>
        {submitted.kind === 'crypto' ? (
          <>
            <dt>{t('fields.registrationCountry')}</dt>
            <dd>{text('registrationCountry')}</dd>
          </>
        ) : (
          <>
            <dt>{t('fields.ein')}</dt>
            <dd>{text('ein')}</dd>
            <dt>{t('fields.entityType')}</dt>
            <dd>{typeof form.entityType === 'string' ? t(`entityTypes.${form.entityType}`) : '—'}</dd>
            <dt>{t('fields.naicsCode')}</dt>
            <dd>{text('naicsCode')}</dd>
            <dt>{t('summary.owners')}</dt>
            <dd>
              {owners
                .map((owner) => `${String(owner.firstName)} ${String(owner.lastName)} (${t(`roles.${String(owner.role)}`)}, ${String(owner.ownership)} %)`)
                .join('; ')}
            </dd>
            {limit && (
              <>
                <dt>{t('fields.transactionLimit')}</dt>
                <dd>
                  {t('limits.option', {
                    daily: formatUsd(limit.daily, language),
                    monthly: formatUsd(limit.monthly, language),
                    total: formatUsd(limit.total, language),
                  })}
                </dd>
              </>
            )}
          </>
        )}
      </dl>
      <Popup open={success} onClose={onSuccessClosed} tone="success" title={t('success.title')}>
        <p>{t('success.body')}</p>
      </Popup>
    </section>
  );
}
