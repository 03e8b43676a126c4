import { useMemo, type ComponentProps } from 'react';
import type { Language } from '@domain/constants';
import { countryOptions } from '@domain/countries';
import { SelectField } from '@src/components/form/select-field';

type CountrySelectProps = Omit<ComponentProps<typeof SelectField>, 'options'> & {
  language: Language;
  /** Countries not offered here (the US, for a company registered abroad). */
  exclude?: readonly string[];
};

/** Every ISO country, named and sorted in the visitor's language; the value is the alpha-2 code. */
export function CountrySelect({ language, exclude = [], ...select }: CountrySelectProps) {
  // Keyed by the excluded codes, not the array's identity, so a re-render never rebuilds 250 options.
  const excluded = exclude.join();
  const options = useMemo(
    () =>
      countryOptions(language)
        .filter(({ code }) => !excluded.split(',').includes(code))
        .map(({ code, name }) => ({ value: code, label: name })),
    [language, excluded],
  );
  return <SelectField options={options} {...select} />;
}
