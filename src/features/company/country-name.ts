import type { Language } from '@domain/constants';

/** A country's name in the user's language from its alpha-2 code (the browser's `Intl.DisplayNames`); the code when unknown. */
export function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
