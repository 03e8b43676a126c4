import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { categories } from '@domain/bookkeeping-terms';
import type { SelectOption } from '@src/components/form/select-field';

/**
 * A label and its control tied by id. A label wrapping a select would add the selected
 * option's text to the control's accessible name ("Category All categories").
 */
export function Field({
  label,
  className,
  labelClassName,
  children,
}: {
  label: string;
  className: string | undefined;
  labelClassName?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** The categories as options, in the person's language (translated once per language). */
export function useCategoryOptions(): SelectOption[] {
  const { t } = useTranslation('bookkeeping');
  return useMemo(() => categories.map((category) => ({ value: category.key, label: t(`categories.${category.key}`) })), [t]);
}

/** Accounts as options. */
export const accountOptions = (accounts: readonly { id: string; name: string }[]): SelectOption[] =>
  accounts.map((account) => ({ value: account.id, label: account.name }));
