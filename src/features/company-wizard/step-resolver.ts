import type { FieldErrors, Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import type { OrderFlow } from '@domain/order-flows';
import { loadCatalogs } from '@src/i18n/i18n';
import { loadOnce } from '@src/lib/load-once';
import type { StepId } from './wizard-steps';
import type { WizardValuesOf } from './wizard-values';

/**
 * The steps' validation (zod, the phone rules, with the `validation` catalog their messages come
 * from and the popup that lists them) and the order's placing: loaded once the form is on screen,
 * not with the page, so the wizard's first paint does not wait for them (decision 076).
 */
export const loadChecks = loadOnce(async () => {
  const catalogs = Promise.all([loadCatalogs(['validation']), loadMissingFieldsPopup()]);
  // Evaluated in steps, each in a task of its own, so none blocks the page for long (issue 35
  // §4): zod with the shared field rules, then the phone rules and their metadata, then the
  // company's rules, then the wizards' schemas built from them. Not `import('zod')`: that would
  // make all of zod a chunk of its own, which every other screen's schemas would then load.
  await import('@domain/field-schemas');
  await import('@domain/phone');
  await import('@domain/company');
  const [checks] = await Promise.all([import('./wizard-checks'), catalogs]);
  return checks;
});
/**
 * Placing the order, and the record of paid orders (with the checkout's API the next step needs):
 * loaded with the checks, so a "Pay" pressed offline finds them, and again once back online. A
 * module the browser failed to download at the first press is not downloaded again by the next.
 */
export const loadOrder = loadOnce(() =>
  Promise.all([import('./place-order'), import('@src/features/checkout/paid-orders')]).then(([order, paidOrders]) => ({ ...order, ...paidOrders })),
);
export const loadMissingFieldsPopup = loadOnce(() => import('./components/missing-fields-popup'));

/**
 * The wizard form's resolver: only the step on screen is validated (earlier answers are already
 * checked, later ones not asked yet), with the checks loaded at the first validation if the form
 * has not fetched them yet.
 */
export function stepResolver<F extends OrderFlow>(flow: F, currentStep: () => StepId): Resolver<WizardValuesOf[F]> {
  return async (values, _context, options) => {
    const { validateStep } = await loadChecks();
    const errors = validateStep(flow, currentStep(), values);
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    const flat: FieldErrors = Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, { type: 'validation', message }]));
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
