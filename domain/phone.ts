import { getCountryCallingCode, isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { z } from 'zod';

/**
 * Phone rules (SPEC §5). The only module that reads libphonenumber-js, whose metadata is about
 * 30 KiB gzipped: a schema with a phone field lives in a module of its own form (`register.ts`,
 * `company-wizard.ts`, `kyb.ts`, `boi-report.ts`), so a page without a phone field, the
 * dashboard's sync runtime included, never downloads it (decision 071).
 */

/** International phone with its country code, e.g. +5491155551234. */
export const phoneSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .refine((value) => value.startsWith('+') && isValidPhoneNumber(value), { error: 'validation.phone' });

/** True when `phone` is a valid number of `country` (national digits, or international with that country's code). */
export function isPhoneOfCountry(phone: string, country: string): boolean {
  const code = country as CountryCode;
  try {
    if (!isValidPhoneNumber(phone, code)) return false;
    return parsePhoneNumberFromString(phone, code)?.countryCallingCode === getCountryCallingCode(code);
  } catch {
    // libphonenumber throws for a country it has no metadata for (e.g. 'AQ'): not a valid phone there.
    return false;
  }
}

/** The phone in E.164 (+5491155551234), as stored; undefined when it is not a valid number of `country`. */
export function toE164(phone: string, country: string): string | undefined {
  if (!isPhoneOfCountry(phone, country)) return undefined;
  return parsePhoneNumberFromString(phone, country as CountryCode)?.number;
}
