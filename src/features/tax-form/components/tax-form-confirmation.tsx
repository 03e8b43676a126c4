import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Language } from '@domain/constants';
import { returnDue } from '@domain/tax-deadlines';
import type { TaxFormData } from '@domain/tax-form';
import type { TaxFormRules } from '../tax-form-rules';
import { FormAlert } from '@src/components/form/form-alert';
import { formatDate, formatUsd } from '@src/i18n/format';
import { blockingRowsLinks } from '../blocking-rows';
import type { TaxFormValues } from '../prefill';
import { TaxReturnDownload } from './tax-return-download';
import type { YearBooks } from './tax-form-steps';
import styles from './tax-form.module.css';

export function Confirmation({
  values,
  taxYear,
  companyId,
  language,
  books,
  rules,
}: {
  values: TaxFormValues;
  taxYear: number;
  companyId: string;
  language: Language;
  books: YearBooks | null;
  /** The form's schemas once loaded: the return's preview waits for them. */
  rules: TaxFormRules | null;
}) {
  const { t } = useTranslation('taxForm');
  const partners = useMemo(() => (Array.isArray(values.partners) ? values.partners : []), [values.partners]);
  const due = useMemo(
    // The form's own creation date decides; before it is typed the form is taken to be about a year the company existed.
    () =>
      returnDue(
        {
          type: values.companyType === 'C-Corp' ? 'C-Corp' : 'LLC',
          owners: partners,
          formationDate: typeof values.creationDate === 'string' ? values.creationDate : null,
          migrated: true,
        },
        taxYear,
      ),
    [values.companyType, values.creationDate, partners, taxYear],
  );
  const profits = (values.profits ?? {}) as TaxFormData['profits'];
  // The return as it would be filed, to review before sending (built on this device, offline too).
  const preview = useMemo(() => rules?.taxFormDataSchema.safeParse({ ...values, taxYear }).data, [rules, values, taxYear]);
  const rowsLinks = blockingRowsLinks(language, companyId, taxYear);
  return (
    <>
      <dl className={styles.summary}>
        <dt>{t('fields.companyName')}</dt>
        <dd>{values.companyName}</dd>
        <dt>{t('fields.ein')}</dt>
        <dd>{values.ein}</dd>
        <dt>{t('confirm.partners')}</dt>
        <dd>{partners.map((partner) => `${partner.name} (${partner.percentage}%)`).join(', ')}</dd>
        {(['income', 'expenses', 'salariesAndFreelancersPayments', 'rent'] as const).map((line) => (
          <div key={line} className={styles.summaryRow}>
            <dt>{t(`money.${line}`)}</dt>
            <dd>{formatUsd((profits[line] ?? 0) / 100, language)}</dd>
          </div>
        ))}
        <dt>{t('confirm.forms')}</dt>
        <dd>{due ? due.forms.map((form) => t(`forms.${form}`)).join(' + ') : t('confirm.noReturn')}</dd>
        {due && (
          <>
            <dt>{t('confirm.deadline')}</dt>
            <dd>
              {t('confirm.deadlines', { deadline: formatDate(due.deadline, language, 'long'), extended: formatDate(due.extendedDeadline, language, 'long') })}
            </dd>
          </>
        )}
      </dl>
      {books && (books.blocking.uncategorised > 0 || books.blocking.unchecked > 0) && (
        <FormAlert>
          <p>{t('confirm.blocked', { year: taxYear })}</p>
          <ul>
            {books.blocking.uncategorised > 0 && (
              <li>
                <Link to={rowsLinks.uncategorised}>{t('confirm.uncategorised', { count: books.blocking.uncategorised })}</Link>
              </li>
            )}
            {books.blocking.unchecked > 0 && (
              <li>
                <Link to={rowsLinks.unchecked}>{t('confirm.unchecked', { count: books.blocking.unchecked })}</Link>
              </li>
            )}
          </ul>
        </FormAlert>
      )}
      {preview && (
        <div className={styles.preview}>
          <p>{t('confirm.preview')}</p>
          <TaxReturnDownload form={preview} language={language} />
        </div>
      )}
      {preview && due && (
        // Form 7004 extends nothing once the return's own deadline has passed (this device's day).
        <div className={styles.preview}>
          {new Date().toISOString().slice(0, 10) <= due.deadline ? (
            <>
              <p>
                {t('confirm.extension', { date: formatDate(due.deadline, language, 'long'), extended: formatDate(due.extendedDeadline, language, 'long') })}
              </p>
              <TaxReturnDownload form={preview} language={language} kind="extension" />
            </>
          ) : (
            <p>{t('confirm.extensionPassed', { date: formatDate(due.deadline, language, 'long') })}</p>
          )}
        </div>
      )}
      <p className={styles.lead}>{t('confirm.final')}</p>
    </>
  );
}
