import { loadOnce } from '@src/lib/load-once';

/**
 * The tax form's schemas (zod, with the company and country rules the server applies too):
 * loaded as the wizard mounts, not with the page; a step's check, the send and the
 * confirmation's preview wait for them (decision 078).
 */
export const loadTaxFormRules = loadOnce(() => import('@domain/tax-form'));
export type TaxFormRules = Awaited<ReturnType<typeof loadTaxFormRules>>;
