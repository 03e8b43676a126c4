import { isCountryCode } from '@domain/countries';
import { wireFormIsland } from '@src/components/form/form-island';
import { showGuessedPhoneCountry } from '@src/components/form/phone-country';
import { pageFormFits } from './page-form';

/**
 * A wizard's first step on a visitor's pre-rendered page (issue 35 §4): a form island (decision
 * 082) whose phone country is the browser's guess from the start, as the app shows it. Typing
 * starts at once; the first touch loads the app, which hydrates the step and saves what was typed.
 * Where the empty step is not what the wizard shows (someone signed in, a draft to resume), the
 * app comes at once to render the wizard, and the page's step takes no input meanwhile.
 */
export function wireWizardForm(form: HTMLFormElement, language: string, handOver: () => boolean): () => void {
  if (!pageFormFits()) {
    form.inert = true;
    if (handOver()) return () => {};
    // Offline without the service worker's copy: the page's step is all there is.
    form.inert = false;
  }
  showGuessedPhoneCountry(form.elements.namedItem('owner.phoneCountry'), language, isCountryCode);
  return wireFormIsland(form, language, handOver);
}
