import type { Language } from '@domain/constants';
import { longDate } from '@domain/locale-formats';
import type { TaxFormCode } from '@domain/tax-deadlines';

/** The IRS's own names of the forms (the same in every language). */
const names: Record<TaxFormCode, string> = {
  '5472': 'Form 5472',
  proForma1120: 'pro forma Form 1120',
  '1065': 'Form 1065',
  k1: 'Schedules K-1',
  '1120': 'Form 1120',
};

/** "Form 5472 + pro forma Form 1120". */
export const formNames = (forms: readonly TaxFormCode[]) => forms.map((form) => names[form]).join(' + ');

/** A calendar day (YYYY-MM-DD) written out in the reader's language. */
export const formatDay = (day: string, language: Language) => longDate(new Date(`${day}T00:00:00Z`), language);
