import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callingCodeOf } from '@domain/calling-codes';
import type { Language } from '@domain/constants';
import { PhoneField } from '@src/components/form/phone-field';
import { guessPhoneCountry, likelyPhoneCountry, phoneControls } from '@src/components/form/phone-country';
import { useHydrated } from '@src/lib/use-hydrated';

interface InternationalPhoneFieldProps {
  label: string;
  error?: string;
  language: Language;
  /** A number given before (the wizard's) and its country, instead of the browser's guess. */
  initial?: { phone: string; country: string | null } | null;
}

/** The country and the national number as one international number (+5491155551234); a number typed with its own `+` wins. */
function compose(country: string, national: string): string {
  const trimmed = national.trim();
  if (!trimmed) return '';
  if (trimmed.startsWith('+')) return `+${trimmed.replace(/\D/g, '')}`;
  return `+${callingCodeOf(country) ?? ''}${trimmed.replace(/\D/g, '').replace(/^0+/, '')}`;
}

/** The international number the domain schema validates, read from the form's data (`useFormDataChecks`). */
export function phoneOf(data: FormData): string {
  const read = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return compose(read(phoneControls.country), read(phoneControls.number));
}

/**
 * The account's phone (SPEC §5), read from its form when the form is checked, so what a visitor
 * chose and typed on the pre-rendered register page before the app hydrated it counts (decision
 * 082). The page is pre-rendered with the site language's usual country; its page script sets
 * the browser's guess (its languages' regions, `register-island.ts`), and the app sets it, or the
 * wizard's country after a payment, once hydrated, unless the visitor chose one already or is
 * choosing one.
 */
export function InternationalPhoneField({ label, error, language, initial }: InternationalPhoneFieldProps) {
  const { t } = useTranslation('auth');
  const hydrated = useHydrated();
  const select = useRef<HTMLSelectElement>(null);
  // What the select showed first (pre-rendered, or rendered at once on a client-side visit).
  const [first] = useState(() => (hydrated ? chosenCountry(initial, language) : likelyPhoneCountry(language)));
  const country = hydrated ? chosenCountry(initial, language) : first;
  useEffect(() => {
    // Not while the visitor is on the select: what they are choosing is not changed under them.
    const control = select.current;
    if (control && control.value === first && control !== document.activeElement) control.value = country;
  }, [first, country]);
  // An international number of that country shows as its national part.
  const prefix = `+${callingCodeOf(country) ?? ''}`;
  const phone = initial?.phone ?? '';
  const national = prefix.length > 1 && phone.startsWith(prefix) ? phone.slice(prefix.length) : phone;
  return (
    <PhoneField
      legend={label}
      hint={t('register.phoneHint')}
      countryLabel={t('register.phoneCountry')}
      numberLabel={t('register.phoneNumber')}
      country={{ ref: select, name: phoneControls.country, defaultValue: first }}
      number={{ name: phoneControls.number, defaultValue: national }}
      error={error}
      language={language}
    />
  );
}

function chosenCountry(initial: InternationalPhoneFieldProps['initial'], language: Language): string {
  return initial?.country && callingCodeOf(initial.country) ? initial.country : guessPhoneCountry(language);
}
