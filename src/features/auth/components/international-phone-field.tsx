import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { callingCodeOf } from '@domain/calling-codes';
import type { Language } from '@domain/constants';
import { guessPhoneCountry, PhoneField } from '@src/components/form/phone-field';

interface InternationalPhoneFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error?: string;
  language: Language;
  /** The country of a number given before (the wizard's), instead of the browser's guess. */
  initialCountry?: string | null;
}

/** The country and the national number as one international number (+5491155551234); a number typed with its own `+` wins. */
function compose(country: string, national: string): string {
  const trimmed = national.trim();
  if (!trimmed) return '';
  if (trimmed.startsWith('+')) return `+${trimmed.replace(/\D/g, '')}`;
  return `+${callingCodeOf(country) ?? ''}${trimmed.replace(/\D/g, '').replace(/^0+/, '')}`;
}

/** The account's phone (SPEC §5): the form receives the international number the domain schema validates. */
export function InternationalPhoneField({ label, value, onChange, onBlur, inputRef, error, language, initialCountry }: InternationalPhoneFieldProps) {
  const { t } = useTranslation('auth');
  const [country, setCountry] = useState(() => (initialCountry && callingCodeOf(initialCountry) ? initialCountry : guessPhoneCountry(language)));
  // An international number of that country shows as its national part.
  const [national, setNational] = useState(() => {
    const prefix = `+${callingCodeOf(country) ?? ''}`;
    return prefix.length > 1 && value.startsWith(prefix) ? value.slice(prefix.length) : value;
  });
  return (
    <PhoneField
      legend={label}
      hint={t('register.phoneHint')}
      countryLabel={t('register.phoneCountry')}
      numberLabel={t('register.phoneNumber')}
      country={country}
      number={national}
      onCountryChange={(next) => {
        setCountry(next);
        if (national) onChange(compose(next, national));
      }}
      onNumberChange={(next) => {
        setNational(next);
        onChange(compose(country, next));
      }}
      onBlur={onBlur}
      numberRef={inputRef}
      error={error}
      language={language}
    />
  );
}
