import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { Language } from '@domain/constants';
import type { PlanCatalogState } from '@src/features/plans/hooks/use-plan-catalog';

/**
 * What a step's fields need: the wizard's form, the language, the price list and the
 * translated error of a field. Steps are shared by the wizards (the owner, the partners,
 * the plan), so they address fields by path (`owner.email`, `partners.0.city`); each
 * wizard's values are checked by its own step schemas, not by these types.
 */
export interface StepContext {
  form: UseFormReturn<FieldValues>;
  language: Language;
  catalog: PlanCatalogState;
  /** The translated error of a field path (`owner.email`, `partners.root`), if any. */
  errorOf: (path: string) => string | undefined;
}
