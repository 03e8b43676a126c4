import isoCodes from 'i18n-iso-countries/codes.json';
import type { Language } from './constants';

/**
 * Countries (ISO 3166-1 codes from i18n-iso-countries' code table), the US states of the company wizards,
 * and the SPEC §1 list of countries whose residents cannot open digital banking. Names come
 * from the runtime's own region names (`Intl.DisplayNames`, CLDR) in the one language asked,
 * so the browser downloads no name tables. Their schemas are `country-schemas.ts`: a screen
 * that lists countries does not load zod (decision 076).
 */

/** Alpha-2 → alpha-3. The package's code table alone: its entry point also brings name lookups Alta does not use. */
const alpha3Of = new Map<string, string>(isoCodes.map(([alpha2, alpha3]) => [alpha2, alpha3] as [string, string]));

/** Every ISO 3166-1 alpha-2 code, upper case (e.g. 'AR', 'BR', 'US'). */
export const countryCodes: readonly string[] = [...alpha3Of.keys()].sort();

/** True for an ISO 3166-1 alpha-2 code in upper case. */
export const isCountryCode = (value: unknown): value is string => typeof value === 'string' && alpha3Of.has(value);

const regionNames = (language: Language) => new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });

/** The country's name in `language`, or the code itself for an unknown code. */
export function countryName(code: string, language: Language): string {
  return regionNames(language).of(code) ?? code;
}

/** The ISO alpha-3 code of an alpha-2 code (e.g. 'AR' → 'ARG'). */
export function toAlpha3(alpha2: string): string | undefined {
  return alpha3Of.get(alpha2.toUpperCase());
}

export interface CountryOption {
  code: string;
  alpha3: string;
  name: string;
}

/** Every country with its name in `language`, sorted by that name for a select. */
export function countryOptions(language: Language): CountryOption[] {
  const names = regionNames(language);
  const collator = new Intl.Collator(language);
  return countryCodes.map((code) => ({ code, alpha3: alpha3Of.get(code)!, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * SPEC §1: residents of these countries cannot open digital banking (cross-border crypto,
 * KYB, virtual accounts). "Both Congos" are the Republic of the Congo (CG) and the
 * Democratic Republic of the Congo (CD); Palestine is PS.
 */
export const bankingUnavailableCountries = [
  'AF', // Afghanistan
  'AL', // Albania
  'BY', // Belarus
  'BA', // Bosnia and Herzegovina
  'BI', // Burundi
  'KH', // Cambodia
  'CM', // Cameroon
  'CF', // Central African Republic
  'CG', // Republic of the Congo
  'CD', // Democratic Republic of the Congo
  'HR', // Croatia
  'CU', // Cuba
  'ER', // Eritrea
  'HT', // Haiti
  'IR', // Iran
  'IQ', // Iraq
  'LB', // Lebanon
  'LR', // Liberia
  'LY', // Libya
  'ML', // Mali
  'MZ', // Mozambique
  'MM', // Myanmar
  'NI', // Nicaragua
  'NG', // Nigeria
  'KP', // North Korea
  'PK', // Pakistan
  'PS', // Palestine
  'PH', // Philippines
  'RU', // Russia
  'SO', // Somalia
  'SS', // South Sudan
  'SD', // Sudan
  'SY', // Syria
  'UA', // Ukraine
  'VE', // Venezuela
  'YE', // Yemen
  'ZW', // Zimbabwe
] as const;

/** The same list as ISO alpha-3 codes (e.g. 'AFG', 'COD'). */
export const bankingUnavailableCountriesAlpha3: readonly string[] = bankingUnavailableCountries.map((code) => alpha3Of.get(code)!);

const unavailable = new Set<string>([...bankingUnavailableCountries, ...bankingUnavailableCountriesAlpha3]);

/** False when residents of `country` (alpha-2 or alpha-3, any case) cannot open digital banking (SPEC §1). */
export function isBankingAvailable(country: string): boolean {
  return !unavailable.has(country.trim().toUpperCase());
}

/** The 50 US states and the District of Columbia, by USPS code, with their official names, listed by name (the lists that offer them keep this order). */
export const usStates = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
} as const;
export type UsStateCode = keyof typeof usStates;
export const usStateCodes = Object.keys(usStates) as UsStateCode[];
