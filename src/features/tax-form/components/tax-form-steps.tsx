import { useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import { usStateCodes, usStates } from '@domain/countries';
import { capitalTransactionCategories } from '@domain/tax-figures';
import type { TaxFormData } from '@domain/tax-form';
import { Button } from '@src/components/button';
import { CheckboxField } from '@src/components/form/checkbox-field';
import { FormAlert } from '@src/components/form/form-alert';
import layout from '@src/components/form/form-layout.module.css';
import { TextField } from '@src/components/form/text-field';
import { CountrySelect } from '@src/features/company-wizard/components/country-select';
import { SelectField } from '@src/components/form/select-field';
import { einGroups, formatDigits, taxIdGroups } from '@src/features/company-wizard/digit-mask';
import { formatDate, formatUsd } from '@src/i18n/format';
import { useYearBooks } from '../hooks/use-year-books';
import type { TaxFormValues } from '../prefill';
import { ActivityCodeField, centsFromInput, inputFromCents, YesNoField } from './tax-form-fields';
import styles from './tax-form.module.css';

/** The tax form's steps and their fields, over the wizard's react-hook-form values (tax-form-wizard.tsx holds the form, the draft and the sending). */

export interface StepProps {
  values: TaxFormValues;
  change(patch: Partial<TaxFormValues>): void;
  error(path: string): string | undefined;
}

export function CompanyStep({ values, change, error, language }: StepProps & { language: Language }) {
  const { t } = useTranslation('taxForm');
  const text = (key: keyof TaxFormValues) => (typeof values[key] === 'string' ? values[key] : '');
  return (
    <>
      <SelectField
        label={t('fields.companyType')}
        placeholder={t('choose')}
        options={[
          { value: 'LLC', label: 'LLC' },
          { value: 'C-Corp', label: 'C-Corp' },
        ]}
        value={text('companyType')}
        onChange={(event) => change({ companyType: event.target.value as TaxFormData['companyType'] })}
        error={error('companyType')}
      />
      <div className={layout.row}>
        <TextField
          label={t('fields.companyName')}
          value={text('companyName')}
          onChange={(event) => change({ companyName: event.target.value })}
          error={error('companyName')}
        />
        <SelectField
          label={t('fields.usState')}
          placeholder={t('choose')}
          options={usStateCodes.map((code) => ({ value: code, label: usStates[code] }))}
          value={text('usState')}
          onChange={(event) => change({ usState: event.target.value })}
          error={error('usState')}
        />
      </div>
      <div className={layout.row}>
        <TextField
          label={t('fields.ein')}
          inputMode="numeric"
          placeholder="12-3456789"
          value={text('ein')}
          onChange={(event) => change({ ein: formatDigits(event.target.value, einGroups) })}
          error={error('ein')}
        />
        <TextField
          label={t('fields.creationDate')}
          type="date"
          value={text('creationDate')}
          onChange={(event) => change({ creationDate: event.target.value })}
          error={error('creationDate')}
        />
      </div>
      <TextField
        label={t('fields.mainActivity')}
        value={text('mainActivity')}
        onChange={(event) => change({ mainActivity: event.target.value })}
        error={error('mainActivity')}
      />
      <ActivityCodeField value={text('activityCode')} onChange={(activityCode) => change({ activityCode })} language={language} error={error('activityCode')} />
      <YesNoField
        legend={t('fields.investments')}
        value={values.realEstateOrBusinessInvestments}
        onChange={(answer) => change({ realEstateOrBusinessInvestments: answer })}
        error={error('realEstateOrBusinessInvestments')}
      />
      <YesNoField
        legend={t('fields.digitalAssets')}
        value={values.digitalAssets}
        onChange={(answer) => change({ digitalAssets: answer })}
        error={error('digitalAssets')}
      />
    </>
  );
}

type PartnerValues = Partial<TaxFormData['partners'][number]>;

export function PartnersStep({ values, error, form }: StepProps & { form: UseFormReturn<TaxFormValues> }) {
  const { t } = useTranslation('taxForm');
  const partners = (Array.isArray(values.partners) ? values.partners : []) as PartnerValues[];
  // The partners' rows keep their identity (and their inputs) when one before them is removed.
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'partners' });
  const update = (index: number, patch: PartnerValues) => {
    for (const [key, value] of Object.entries(patch)) form.setValue(`partners.${index}.${key}` as never, value as never);
  };
  return (
    <>
      <p className={styles.lead}>{t('partners.lead')}</p>
      {error('partners') && <FormAlert>{error('partners')}</FormAlert>}
      {fields.map((item, index) => {
        const partner = partners[index] ?? {};
        return (
          <fieldset key={item.id} className={styles.partner}>
            <legend>{t('partners.legend', { number: index + 1 })}</legend>
            <div className={layout.row}>
              <TextField
                label={t('fields.partnerName')}
                value={partner.name ?? ''}
                onChange={(event) => update(index, { name: event.target.value })}
                error={error(`partners.${index}.name`)}
              />
              <TextField
                label={t('fields.percentage')}
                type="number"
                min={1}
                max={100}
                step="0.01"
                value={partner.percentage ?? ''}
                onChange={(event) => update(index, { percentage: event.target.value === '' ? undefined : Number(event.target.value) })}
                error={error(`partners.${index}.percentage`)}
              />
            </div>
            <TextField
              label={t('fields.address')}
              value={partner.address ?? ''}
              onChange={(event) => update(index, { address: event.target.value })}
              error={error(`partners.${index}.address`)}
            />
            <TextField
              label={t('fields.taxId')}
              hint={t('fields.taxIdHint')}
              inputMode="numeric"
              autoComplete="off"
              value={partner.taxId ?? ''}
              onChange={(event) => update(index, { taxId: formatDigits(event.target.value, taxIdGroups) || undefined })}
              error={error(`partners.${index}.taxId`)}
            />
            <YesNoField
              legend={t('fields.usResident')}
              value={partner.usResident}
              onChange={(usResident) => update(index, { usResident })}
              error={error(`partners.${index}.usResident`)}
            />
            {fields.length > 1 && (
              <Button variant="ghost" size="small" onClick={() => remove(index)}>
                {t('partners.remove', { number: index + 1 })}
              </Button>
            )}
          </fieldset>
        );
      })}
      <Button variant="secondary" onClick={() => append({ name: '', address: '' } as TaxFormData['partners'][number])}>
        {t('partners.add')}
      </Button>
    </>
  );
}

export function ResidenceStep({ values, change, error, language }: StepProps & { language: Language }) {
  const { t } = useTranslation('taxForm');
  const countries = Array.isArray(values.countriesWorkedFrom) ? values.countriesWorkedFrom : [];
  return (
    <>
      <p className={styles.lead}>{t('residence.lead')}</p>
      <div className={layout.row}>
        <CountrySelect
          language={language}
          label={t('fields.nationality')}
          placeholder={t('choose')}
          value={values.nationality ?? ''}
          onChange={(event) => change({ nationality: event.target.value })}
          error={error('nationality')}
        />
        <CountrySelect
          language={language}
          label={t('fields.taxResidenceCountry')}
          placeholder={t('choose')}
          value={values.taxResidenceCountry ?? ''}
          onChange={(event) => change({ taxResidenceCountry: event.target.value })}
          error={error('taxResidenceCountry')}
        />
      </div>
      <TextField
        label={t('fields.countryTaxId')}
        value={values.countryTaxId ?? ''}
        onChange={(event) => change({ countryTaxId: event.target.value })}
        error={error('countryTaxId')}
      />
      <CountrySelect
        language={language}
        label={t('fields.countriesWorkedFrom')}
        hint={t('fields.countriesWorkedFromHint')}
        placeholder={t('choose')}
        multiple
        size={6}
        value={countries}
        onChange={(event) => change({ countriesWorkedFrom: [...event.target.selectedOptions].map((option) => option.value).filter(Boolean) })}
        error={error('countriesWorkedFrom')}
      />
    </>
  );
}

export type YearBooks = NonNullable<ReturnType<typeof useYearBooks>>;

export function MoneyStep({
  values,
  change,
  error,
  language,
  books,
  confirmed,
  onConfirm,
}: StepProps & { language: Language; books: YearBooks | null; confirmed: boolean; onConfirm(confirmed: boolean): void }) {
  const { t } = useTranslation('taxForm');
  const profits = (values.profits ?? {}) as Partial<TaxFormData['profits']>;
  const lines = ['income', 'expenses', 'salariesAndFreelancersPayments', 'rent'] as const;
  const [typed, setTyped] = useState<Record<string, string>>(() => Object.fromEntries(lines.map((line) => [line, inputFromCents(profits[line])])));
  const capital = Array.isArray(values.capitalTransactions) ? values.capitalTransactions : [];
  return (
    <>
      {books && (
        <div className={styles.books} role="note">
          <p>{t('money.fromBooks', { count: books.count })}</p>
          <ul>
            {lines.map((line) => (
              <li key={line}>
                {t(`money.${line}`)}: <strong>{formatUsd(books.profits[line] / 100, language)}</strong>
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            size="small"
            onClick={() => {
              setTyped(Object.fromEntries(lines.map((line) => [line, inputFromCents(books.profits[line])])));
              change({ profits: books.profits, capitalTransactions: books.capitalTransactions });
            }}
          >
            {t('money.useBooks')}
          </Button>
        </div>
      )}
      <div className={layout.row}>
        {lines.map((line) => (
          <TextField
            key={line}
            label={t(`money.${line}`)}
            inputMode="decimal"
            value={typed[line] ?? ''}
            onChange={(event) => {
              setTyped({ ...typed, [line]: event.target.value });
              change({ profits: { ...profits, [line]: centsFromInput(event.target.value) } as TaxFormData['profits'] });
            }}
            error={error(`profits.${line}`)}
          />
        ))}
      </div>
      <section aria-labelledby="capital-title" className={styles.capital}>
        <h3 id="capital-title">{t('money.capitalTitle')}</h3>
        {capital.length === 0 ? (
          <p>{t('money.noCapital')}</p>
        ) : (
          <ul>
            {capital.map((transaction, index) => (
              <li key={`${transaction.date}-${index}`}>
                {formatDate(transaction.date, language)} · {t(`money.capital.${transaction.category}`)} · {formatUsd(transaction.amountCents / 100, language)}{' '}
                <Button variant="ghost" size="small" onClick={() => change({ capitalTransactions: capital.filter((_, at) => at !== index) })}>
                  {t('money.removeCapital')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <AddCapitalTransaction onAdd={(transaction) => change({ capitalTransactions: [...capital, transaction] })} />
      </section>
      <CheckboxField label={t('money.confirm')} checked={confirmed} onChange={(event) => onConfirm(event.target.checked)} error={error('profitsConfirmed')} />
    </>
  );
}

function AddCapitalTransaction({ onAdd }: { onAdd(transaction: TaxFormData['capitalTransactions'][number]): void }) {
  const { t } = useTranslation('taxForm');
  const [category, setCategory] = useState('');
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState('');
  const cents = centsFromInput(amount);
  const ready = category !== '' && Number.isFinite(cents) && cents >= 0 && date !== '';
  return (
    <div className={layout.row}>
      <SelectField
        label={t('money.capitalCategory')}
        placeholder={t('choose')}
        options={capitalTransactionCategories.map((value) => ({ value, label: t(`money.capital.${value}`) }))}
        value={category}
        onChange={(event) => setCategory(event.target.value)}
      />
      <TextField label={t('money.capitalAmount')} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
      <TextField label={t('money.capitalDate')} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      <Button
        variant="secondary"
        disabled={!ready}
        onClick={() => {
          onAdd({ category: category as TaxFormData['capitalTransactions'][number]['category'], amountCents: cents, date });
          setCategory('');
          setAmount('');
          setDate('');
        }}
      >
        {t('money.addCapital')}
      </Button>
    </div>
  );
}
