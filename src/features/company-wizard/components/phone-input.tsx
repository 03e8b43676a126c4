import { useId, useMemo, type Ref } from 'react';
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import type { Language } from '@domain/constants';
import { countryName, isCountryCode } from '@domain/countries';
import fieldStyles from '@src/components/form/field.module.css';
import styles from '../wizard.module.css';

interface PhoneInputProps {
  legend: string;
  hint: string;
  countryLabel: string;
  numberLabel: string;
  country: string;
  number: string;
  onCountryChange: (country: string) => void;
  onNumberChange: (number: string) => void;
  onBlur: () => void;
  countryRef: Ref<HTMLSelectElement>;
  numberRef: Ref<HTMLInputElement>;
  error?: string;
  language: Language;
}

/**
 * The owner's phone (SPEC §5: valid with its country code): a country list with calling
 * codes, named in the visitor's language, and the number. Both are kept as typed — the
 * domain checks the number against that country, and the server stores it in E.164.
 */
export function PhoneInput(props: PhoneInputProps) {
  const { legend, hint, countryLabel, numberLabel, country, number, onCountryChange, onNumberChange, onBlur, countryRef, numberRef, error, language } = props;
  const id = useId();
  const countries = useMemo(() => {
    const collator = new Intl.Collator(language);
    return getCountries()
      .filter((code) => isCountryCode(code))
      .map((code) => ({ code, name: countryName(code, language), dial: getCountryCallingCode(code as CountryCode) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [language]);
  const describedBy = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <fieldset className={styles.phone}>
      <legend className={fieldStyles.label}>{legend}</legend>
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        {hint}
      </p>
      <div className={styles.phoneRow}>
        <div className={fieldStyles.field}>
          <label htmlFor={`${id}-country`} className="visually-hidden">
            {countryLabel}
          </label>
          <select
            ref={countryRef}
            id={`${id}-country`}
            className={fieldStyles.control}
            value={country}
            autoComplete="tel-country-code"
            onChange={(event) => onCountryChange(event.target.value)}
            onBlur={onBlur}
          >
            {countries.map(({ code, name, dial }) => (
              <option key={code} value={code}>
                {name} (+{dial})
              </option>
            ))}
          </select>
        </div>
        <div className={fieldStyles.field}>
          <label htmlFor={`${id}-number`} className="visually-hidden">
            {numberLabel}
          </label>
          <input
            ref={numberRef}
            id={`${id}-number`}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            className={fieldStyles.control}
            value={number}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            data-missing-label={numberLabel}
            data-missing-message={error}
            onChange={(event) => onNumberChange(event.target.value)}
            onBlur={onBlur}
          />
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
