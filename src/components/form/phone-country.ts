import { callingCodeOf } from '@domain/calling-codes';
import { isLanguage, type Language } from '@domain/constants';

const likelyCountry: Record<Language, string> = { es: 'MX', en: 'US', pt: 'BR' };

/** The site language's usual phone country: what a page pre-rendered without the browser's languages shows. */
export const likelyPhoneCountry = (language: Language): string => likelyCountry[language];

/**
 * The phone country a new visitor most likely has: the first region of the browser's languages
 * that `offered` accepts, else the site language's usual one.
 */
export function guessPhoneCountry(language: Language, offered: (code: string) => boolean = () => true): string {
  for (const tag of typeof navigator === 'undefined' ? [] : navigator.languages) {
    const region = tag.split('-')[1]?.toUpperCase();
    if (region && callingCodeOf(region) && offered(region)) return region;
  }
  return likelyPhoneCountry(language);
}

/** The names of a phone field's controls in a form read when it is sent: `phone` is the number as typed, so a refusal of `phone` focuses it. */
export const phoneControls = { country: 'phoneCountry', number: 'phone' } as const;

/**
 * A pre-rendered form's phone country, set to the browser's guess as the app would show it. The
 * page was pre-rendered with the site language's usual country, without the browser's languages;
 * a country the visitor already chose (or is choosing) is left as it is.
 */
export function showGuessedPhoneCountry(select: unknown, language: string, offered?: (code: string) => boolean): void {
  if (select instanceof HTMLSelectElement && isLanguage(language) && select !== document.activeElement && select.value === likelyPhoneCountry(language))
    select.value = guessPhoneCountry(language, offered);
}
