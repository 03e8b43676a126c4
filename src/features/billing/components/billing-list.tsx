import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';

interface BillingListProps<T> {
  query: Pick<UseQueryResult<T[]>, 'data' | 'isError' | 'refetch'>;
  /** What the screen says while it loads, and when the list is empty. */
  loading: string;
  empty: string;
  children(items: T[]): ReactNode;
}

/** A billing list as the API answered it: its items (kept while a new read fails), failed with a way to try again, or loading. */
export function BillingList<T>({ query, loading, empty, children }: BillingListProps<T>) {
  const { t } = useTranslation('billing');
  const { data, isError, refetch } = query;
  if (data) return data.length === 0 ? <p>{empty}</p> : children(data);
  if (isError)
    return (
      <FormAlert>
        {t('failed')}{' '}
        <Button size="small" variant="secondary" onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </FormAlert>
    );
  return <p role="status">{loading}</p>;
}
