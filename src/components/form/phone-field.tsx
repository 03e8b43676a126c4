import { useDeferredValue, useId, useMemo, type ChangeEvent, type Ref } from 'react';
import { callingCodeOf, phoneCountries } from '@domain/calling-codes';
import type { Language } from '@domain/constants';
import { FieldError } from './field-error';
import styles from './field.module.css';
import own from './phone-field.module.css';

/** What a control of the field takes: controlled (`value`, `onChange`) or read from its form (`name`, `defaultValue`). */
interface ControlProps<E> {
  ref?: Ref<E>;
  name?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (event: ChangeEvent<E>) => void;
  onBlur?: () => void;
}

interface PhoneFieldProps {
  legend: string;
  hint: string;
  countryLabel: string;
  numberLabel: string;
  /** The country's select. */
  country: ControlProps<HTMLSelectElement>;
  /** The number's input; its ref lets a refused send focus it. */
  number: ControlProps<HTMLInputElement>;
  error?: string;
  language: Language;
  /** Which countries the list offers (all with a calling code when left out). */
  offered?: (code: string) => boolean;
  /** The country list comes in a render after the field's first (never on a pre-rendered page, which must list them all). */
  listLater?: boolean;
}

/**
 * A phone number with its country code (SPEC §5): a country list with calling codes, named in
 * the user's language by the browser (`Intl.DisplayNames`, no name tables to download), and
 * the number as typed. What the number means with its country is the form's business.
 */
export function PhoneField(props: PhoneFieldProps) {
  const { legend, hint, countryLabel, numberLabel, country, number, error, language, offered, listLater = false } = props;
  const id = useId();
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const collator = new Intl.Collator(language);
    return phoneCountries
      .filter((code) => !offered || offered(code))
      .map((code) => ({ code, name: names.of(code) ?? code, dial: callingCodeOf(code) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [language, offered]);
  // A form rendered in the browser first shows only the chosen country, and the list a moment
  // later, in a render of its own: some 250 options made in the form's first commit held the
  // main thread for tens of ms on a phone (issue 35 §4). A pre-rendered form has them all at once.
  // (The first list is read on the field's first render only.)
  const chosen = country.value ?? country.defaultValue;
  const listed = useDeferredValue(countries, listLater ? countries.filter((entry) => entry.code === chosen) : countries);
  const describedBy = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <fieldset className={own.phone}>
      <legend className={styles.label}>{legend}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      <div className={own.row}>
        <div className={styles.field}>
          <label htmlFor={`${id}-country`} className="visually-hidden">
            {countryLabel}
          </label>
          <select id={`${id}-country`} className={styles.control} autoComplete="tel-country-code" {...country}>
            {listed.map(({ code, name, dial }) => (
              // A pre-rendered page (register) was named by the build's ICU, which can name a country
              // otherwise than the browser does, and so sort it elsewhere: hydration keeps the page's
              // names, each with its own code, rather than discard what the visitor chose or typed.
              <option key={code} value={code} suppressHydrationWarning>
                {`${name} (+${dial})`}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-number`} className="visually-hidden">
            {numberLabel}
          </label>
          <input
            id={`${id}-number`}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            className={styles.control}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            data-missing-label={numberLabel}
            data-missing-message={error}
            {...number}
          />
        </div>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
