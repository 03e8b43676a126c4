import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import type { Loaded } from '../hooks/use-billing-load';

interface BillingListProps<T> {
  state: Loaded<T[]>;
  reload(): void;
  /** What the screen says while it loads, and when the list is empty. */
  loading: string;
  empty: string;
  children(items: T[]): ReactNode;
}

/** A billing list as the API answered it: loading, failed with a way to try again, empty, or its items. */
export function BillingList<T>({ state, reload, loading, empty, children }: BillingListProps<T>) {
  const { t } = useTranslation('billing');
  if (state.kind === 'loading') return <p role="status">{loading}</p>;
  if (state.kind === 'failed')
    return (
      <FormAlert>
        {t('failed')}{' '}
        <Button size="small" variant="secondary" onClick={reload}>
          {t('retry')}
        </Button>
      </FormAlert>
    );
  return state.value.length === 0 ? <p>{empty}</p> : children(state.value);
}
