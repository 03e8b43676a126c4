import { isLanguage } from '@domain/constants';
import { reachedWithRouterState, wireFormIsland } from '@src/components/form/form-island';
import { guessPhoneCountry, likelyPhoneCountry, phoneControls } from '@src/components/form/phone-country';

/**
 * The create-account form of a visitor's pre-rendered page (decision 082): a form island whose
 * phone country is the browser's guess from the start, as the app shows it. The page was
 * pre-rendered with the site language's usual country. A country the visitor already chose,
 * or the one an order just paid brings (the app sets it), is left as it is.
 */
export function wireRegisterForm(form: HTMLFormElement, language: string, handOver: () => boolean): () => void {
  const select = form.elements.namedItem(phoneControls.country);
  if (
    select instanceof HTMLSelectElement &&
    isLanguage(language) &&
    !reachedWithRouterState() &&
    select !== document.activeElement &&
    select.value === likelyPhoneCountry(language)
  )
    select.value = guessPhoneCountry(language);
  return wireFormIsland(form, language, handOver);
}
