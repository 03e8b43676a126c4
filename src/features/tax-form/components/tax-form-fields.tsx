import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import fieldStyles from '@src/components/form/field.module.css';
import { FieldError } from '@src/components/form/field-error';
import { SelectField } from '@src/components/form/select-field';
import { loadOnce } from '@src/lib/load-once';
import { useLoaded } from '@src/lib/use-loaded';
import { lookUpActivityCodes } from '../api/tax-form-api';
import styles from './tax-form.module.css';

/** Dollars as typed (`1234.5`, `1234,5`) to cents; NaN when it is not an amount. */
export function centsFromInput(text: string): number {
  const normalized = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d{0,2})?$/.test(normalized)) return Number.NaN;
  return Math.round(Number(normalized) * 100);
}

/** Cents as the input shows them. */
export const inputFromCents = (cents: unknown) => (typeof cents === 'number' && Number.isFinite(cents) ? String(cents / 100) : '');

/** A yes/no question as a radio group (SPEC §3: investments, digital assets, US resident). */
export function YesNoField({ legend, value, onChange, error }: { legend: string; value: unknown; onChange(value: boolean): void; error?: string }) {
  const { t } = useTranslation('taxForm');
  const name = useId();
  return (
    <fieldset className={styles.yesNo} aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined}>
      <legend className={fieldStyles.label}>{legend}</legend>
      <label>
        <input type="radio" name={name} checked={value === true} onChange={() => onChange(true)} /> {t('yes')}
      </label>
      <label>
        <input type="radio" name={name} checked={value === false} onChange={() => onChange(false)} /> {t('no')}
      </label>
      <FieldError id={`${name}-error`} error={error} />
    </fieldset>
  );
}

/** The NAICS list held by the app (4 KiB), loaded as the field shows rather than with the page. */
const loadActivityCodes = loadOnce(() => import('@domain/naics'));

/**
 * The principal business activity code: words or digits searched in the NAICS list (the API
 * when online; the same list held by the app when not), then picked from the results.
 */
export function ActivityCodeField({ value, onChange, language, error }: { value: string; onChange(code: string): void; language: Language; error?: string }) {
  const { t } = useTranslation('taxForm');
  const [query, setQuery] = useState('');
  // The API is asked once typing pauses for 250 ms.
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(query), 250);
    return () => clearTimeout(timer);
  }, [query]);
  // No retry: the app's own list answers at once when the API does not.
  const lookUp = useQuery({
    queryKey: ['activity-codes', asked],
    queryFn: ({ signal }) => lookUpActivityCodes(asked!, 20, signal),
    enabled: asked !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const naics = useLoaded(loadActivityCodes);
  const searchActivityCodes = (text: string, limit: number) => naics?.searchActivityCodes(text, limit) ?? [];
  const results =
    asked === null ? searchActivityCodes(value, 10) : lookUp.isError ? searchActivityCodes(asked, 20) : (lookUp.data ?? searchActivityCodes(value, 10));
  const current = searchActivityCodes(value, 1).find((activity) => activity.code === value);
  const options = [...(current && !results.some((activity) => activity.code === value) ? [current] : []), ...results];
  const searchId = useId();
  return (
    <div className={styles.activity}>
      <div className={fieldStyles.field}>
        <label htmlFor={searchId} className={fieldStyles.label}>
          {t('fields.activitySearch')}
        </label>
        <input id={searchId} type="search" className={fieldStyles.control} value={query} onChange={(event) => setQuery(event.target.value)} />
      </div>
      <SelectField
        label={t('fields.activityCode')}
        value={value}
        placeholder={t('fields.activityCodePlaceholder')}
        options={options.map((activity) => ({ value: activity.code, label: `${activity.code} · ${activity.title[language]}` }))}
        onChange={(event) => onChange(event.target.value)}
        error={error}
      />
    </div>
  );
}
