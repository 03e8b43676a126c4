import { memo, useEffect, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@src/components/button';
import { activeFilterCount, noFilters, periods, type TransactionFilters } from '../filters';
import styles from './bookkeeping.module.css';
import { SelectField } from '@src/components/form/select-field';
import { accountOptions, Field, useCategoryOptions } from './labelled-field';

interface FilterBarProps {
  filters: TransactionFilters;
  accounts: readonly { id: string; name: string }[];
  onChange(filters: TransactionFilters): void;
  searchRef: Ref<HTMLInputElement>;
}

const centsToInput = (cents: number | null) => (cents === null ? '' : String(cents / 100));
function inputToCents(value: string): number | null {
  if (!/^\d{1,11}([.,]\d{0,2})?$/.test(value.trim())) return null;
  return Math.round(Number(value.trim().replace(',', '.')) * 100);
}

/**
 * The list's filters; every change goes to the URL, which the list reads back. Memoised: an
 * edit of a row repaints the list, not the filters (their labels are some thirty `t` calls).
 */
export const FilterBar = memo(function FilterBar({ filters, accounts, onChange, searchRef }: FilterBarProps) {
  const { t } = useTranslation('bookkeeping');
  const set = (patch: Partial<TransactionFilters>) => onChange({ ...filters, ...patch });
  const [query, setQuery] = useState(filters.query);
  const [min, setMin] = useState(centsToInput(filters.minCents));
  const [max, setMax] = useState(centsToInput(filters.maxCents));
  // The URL may change under the inputs (back button, "clear filters").
  useEffect(() => setQuery(filters.query), [filters.query]);
  useEffect(() => setMin(centsToInput(filters.minCents)), [filters.minCents]);
  useEffect(() => setMax(centsToInput(filters.maxCents)), [filters.maxCents]);
  const active = activeFilterCount(filters);
  const categoryOptions = useCategoryOptions();
  const select = { look: { field: styles.filter, label: styles.filterLabel, control: styles.filterControl } };
  const any = { value: '', label: t('list.filters.any') };

  return (
    <search className={styles.filters} aria-label={t('list.filters.label')}>
      <Field labelClassName={styles.filterLabel} className={`${styles.filter} ${styles.searchFilter}`} label={t('list.filters.search')}>
        {(id) => (
          <input
            id={id}
            ref={searchRef}
            type="search"
            className={styles.filterControl}
            value={query}
            placeholder={t('list.filters.searchPlaceholder')}
            onChange={(event) => {
              setQuery(event.target.value);
              set({ query: event.target.value });
            }}
          />
        )}
      </Field>
      <SelectField
        {...select}
        label={t('list.filters.period')}
        value={filters.period ?? ''}
        options={[{ value: '', label: t('list.filters.allDates') }, ...periods.map((period) => ({ value: period, label: t(`list.periods.${period}`) }))]}
        onChange={(event) => set({ period: (event.target.value || null) as TransactionFilters['period'] })}
      />
      {filters.period === 'custom' && (
        <>
          <Field labelClassName={styles.filterLabel} className={styles.filter} label={t('list.filters.from')}>
            {(id) => (
              <input
                id={id}
                type="date"
                className={styles.filterControl}
                value={filters.from ?? ''}
                onChange={(event) => set({ from: event.target.value || null })}
              />
            )}
          </Field>
          <Field labelClassName={styles.filterLabel} className={styles.filter} label={t('list.filters.to')}>
            {(id) => (
              <input
                id={id}
                type="date"
                className={styles.filterControl}
                value={filters.to ?? ''}
                onChange={(event) => set({ to: event.target.value || null })}
              />
            )}
          </Field>
        </>
      )}
      <SelectField
        {...select}
        label={t('list.filters.account')}
        value={filters.account ?? ''}
        options={[{ value: '', label: t('list.filters.allAccounts') }, { value: 'none', label: t('list.noAccount') }, ...accountOptions(accounts)]}
        onChange={(event) => set({ account: event.target.value || null })}
      />
      <SelectField
        {...select}
        label={t('list.filters.category')}
        value={filters.category ?? ''}
        options={[{ value: '', label: t('list.filters.allCategories') }, { value: 'uncategorised', label: t('list.uncategorised') }, ...categoryOptions]}
        onChange={(event) => set({ category: (event.target.value || null) as TransactionFilters['category'] })}
      />
      <SelectField
        {...select}
        label={t('list.filters.status')}
        value={filters.checked ?? ''}
        options={[any, { value: 'checked', label: t('list.filters.checked') }, { value: 'unchecked', label: t('list.filters.unchecked') }]}
        onChange={(event) => set({ checked: (event.target.value || null) as TransactionFilters['checked'] })}
      />
      <SelectField
        {...select}
        label={t('list.filters.receipt')}
        value={filters.receipt ?? ''}
        options={[any, { value: 'with', label: t('list.filters.withReceipt') }, { value: 'without', label: t('list.filters.withoutReceipt') }]}
        onChange={(event) => set({ receipt: (event.target.value || null) as TransactionFilters['receipt'] })}
      />
      <SelectField
        {...select}
        label={t('list.filters.direction')}
        value={filters.direction ?? ''}
        options={[any, { value: 'in', label: t('list.filters.moneyIn') }, { value: 'out', label: t('list.filters.moneyOut') }]}
        onChange={(event) => set({ direction: (event.target.value || null) as TransactionFilters['direction'] })}
      />
      <Field labelClassName={styles.filterLabel} className={`${styles.filter} ${styles.amountFilter}`} label={t('list.filters.minAmount')}>
        {(id) => (
          <input
            id={id}
            inputMode="decimal"
            className={styles.filterControl}
            value={min}
            onChange={(event) => {
              setMin(event.target.value);
              set({ minCents: inputToCents(event.target.value) });
            }}
          />
        )}
      </Field>
      <Field labelClassName={styles.filterLabel} className={`${styles.filter} ${styles.amountFilter}`} label={t('list.filters.maxAmount')}>
        {(id) => (
          <input
            id={id}
            inputMode="decimal"
            className={styles.filterControl}
            value={max}
            onChange={(event) => {
              setMax(event.target.value);
              set({ maxCents: inputToCents(event.target.value) });
            }}
          />
        )}
      </Field>
      {active > 0 && (
        <Button
          size="small"
          variant="ghost"
          className={styles.clearFilters}
          onClick={() => onChange({ ...noFilters, sort: filters.sort, order: filters.order })}
        >
          {t('list.filters.clear', { count: active })}
        </Button>
      )}
    </search>
  );
});
