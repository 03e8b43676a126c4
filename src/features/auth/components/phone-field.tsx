import { useId, useMemo, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import type { Language } from '@domain/constants';
import styles from '@src/components/form/field.module.css';
import own from './phone-field.module.css';

interface PhoneFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Receives the number input, so a failed submit can focus it. */
  inputRef: Ref<HTMLInputElement>;
  error?: string;
  language: Language;
}

const likelyCountry: Record<Language, CountryCode> = { es: 'MX', en: 'US', pt: 'BR' };

function initialCountry(language: Language): CountryCode {
  const known = new Set<string>(getCountries());
  for (const tag of typeof navigator === 'undefined' ? [] : navigator.languages) {
    const region = tag.split('-')[1]?.toUpperCase();
    if (region && known.has(region)) return region as CountryCode;
  }
  return likelyCountry[language];
}

/**
 * A phone number with its country code (SPEC §5): a country list with calling codes, named in
 * the user's language, and the national number. The form receives the international number
 * (+5491155551234) that the domain schema validates. A number pasted with its own `+` wins.
 */
export function PhoneField({ label, value, onChange, onBlur, inputRef, error, language }: PhoneFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [country, setCountry] = useState<CountryCode>(() => initialCountry(language));
  const [national, setNational] = useState(() => value);

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const collator = new Intl.Collator(language);
    return getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code, dial: getCountryCallingCode(code) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [language]);

  const compose = (nextCountry: CountryCode, nextNational: string) => {
    const trimmed = nextNational.trim();
    if (!trimmed) return '';
    if (trimmed.startsWith('+')) return `+${trimmed.replace(/\D/g, '')}`;
    return `+${getCountryCallingCode(nextCountry)}${trimmed.replace(/\D/g, '').replace(/^0+/, '')}`;
  };

  const describedBy = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <fieldset className={own.fieldset}>
      <legend className={styles.label}>{label}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('register.phoneHint')}
      </p>
      <div className={own.row}>
        <div className={own.country}>
          <label htmlFor={`${id}-country`} className="visually-hidden">
            {t('register.phoneCountry')}
          </label>
          <select
            id={`${id}-country`}
            className={styles.control}
            value={country}
            autoComplete="tel-country-code"
            onChange={(event) => {
              const next = event.target.value as CountryCode;
              setCountry(next);
              if (national) onChange(compose(next, national));
            }}
          >
            {countries.map(({ code, name, dial }) => (
              <option key={code} value={code}>
                {name} (+{dial})
              </option>
            ))}
          </select>
        </div>
        <div className={own.number}>
          <label htmlFor={`${id}-number`} className="visually-hidden">
            {t('register.phoneNumber')}
          </label>
          <input
            ref={inputRef}
            id={`${id}-number`}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            className={styles.control}
            value={national}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              setNational(event.target.value);
              onChange(compose(country, event.target.value));
            }}
            onBlur={onBlur}
          />
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
