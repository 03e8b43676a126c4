import { reachedWithRouterState, wireFormIsland } from '@src/components/form/form-island';
import { phoneControls, showGuessedPhoneCountry } from '@src/components/form/phone-country';

/**
 * The create-account form of a visitor's pre-rendered page (decision 082): a form island whose
 * phone country is the browser's guess from the start, as the app shows it. The one an order just
 * paid brings (the app sets it) is left as it is.
 */
export function wireRegisterForm(form: HTMLFormElement, language: string, handOver: () => boolean): () => void {
  if (!reachedWithRouterState()) showGuessedPhoneCountry(form.elements.namedItem(phoneControls.country), language);
  return wireFormIsland(form, language, handOver);
}
