import { useEffect, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { categories } from '@domain/bookkeeping';
import { Button } from '@src/components/button';
import { activeFilterCount, noFilters, periods, type TransactionFilters } from '../filters';
import styles from './bookkeeping.module.css';
import { Field } from './labelled-field';

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

/** The list's filters; every change goes to the URL, which the list reads back. */
export function FilterBar({ filters, accounts, onChange, searchRef }: FilterBarProps) {
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
      <Field labelClassName={styles.filterLabel} className={styles.filter} label={t('list.filters.period')}>
        {(id) => (
          <select id={id} className={styles.filterControl} value={filters.period ?? ''} onChange={(event) => set({ period: (event.target.value || null) as TransactionFilters['period'] })}>
            <option value="">{t('list.filters.allDates')}</option>
            {periods.map((period) => (
              <option key={period} value={period}>
                {t(`list.periods.${period}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {filters.period === 'custom' && (
        <>
          <Field labelClassName={styles.filterLabel} className={styles.filter} label={t('list.filters.from')}>
            {(id) => (
              <input id={id} type="date" className={styles.filterControl} value={filters.from ?? ''} onChange={(event) => set({ from: event.target.value || null })} />
            )}
          </Field>
          <Field labelClassName={styles.filterLabel} className={styles.filter} label={t('list.filters.to')}>
            {(id) => (
              <input id={id} type="date" className={styles.filterControl} value={filters.to ?? ''} onChange={(event) => set({ to: event.target.value || null })} />
            )}
          </Field>
        </>
      )}
      <Field labelClassName={styles.filterLabel} className={styles.filter} label={t('list.filters.account')}>
        {(id) => (
          <select id={id} className={styles.filterControl} value={filters.account ?? ''} onChange={(event) => set({ account: event.target.value || null })}>
            <option value="">{t('list.filters.allAccounts')}</option>
            <option value="none">{t('list.noAccount')}</option>
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field labelClassName={styles.filterLabel} className={styles.filter} label={t('list.filters.category')}>
        {(id) => (
          <select id={id} className={styles.filterControl} value={filters.category ?? ''} onChange={(event) => set({ category: (event.target.value || null) as TransactionFilters['category'] })}>
            <option value="">{t('list.filters.allCategories')}</option>
            <option value="uncategorised">{t('list.uncategorised')}</option>
            {categories.map((category) => (
              <option key={category.key} value={category.key}>
                {t(`categories.${category.key}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field labelClassName={styles.filterLabel} className={styles.filter} label={t('list.filters.status')}>
        {(id) => (
          <select id={id} className={styles.filterControl} value={filters.checked ?? ''} onChange={(event) => set({ checked: (event.target.value || null) as TransactionFilters['checked'] })}>
            <option value="">{t('list.filters.any')}</option>
            <option value="checked">{t('list.filters.checked')}</option>
            <option value="unchecked">{t('list.filters.unchecked')}</option>
          </select>
        )}
      </Field>
      <Field labelClassName={styles.filterLabel} className={styles.filter} label={t('list.filters.receipt')}>
        {(id) => (
          <select id={id} className={styles.filterControl} value={filters.receipt ?? ''} onChange={(event) => set({ receipt: (event.target.value || null) as TransactionFilters['receipt'] })}>
            <option value="">{t('list.filters.any')}</option>
            <option value="with">{t('list.filters.withReceipt')}</option>
            <option value="without">{t('list.filters.withoutReceipt')}</option>
          </select>
        )}
      </Field>
      <Field labelClassName={styles.filterLabel} className={styles.filter} label={t('list.filters.direction')}>
        {(id) => (
          <select id={id} className={styles.filterControl} value={filters.direction ?? ''} onChange={(event) => set({ direction: (event.target.value || null) as TransactionFilters['direction'] })}>
            <option value="">{t('list.filters.any')}</option>
            <option value="in">{t('list.filters.moneyIn')}</option>
            <option value="out">{t('list.filters.moneyOut')}</option>
          </select>
        )}
      </Field>
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
        <Button size="small" variant="ghost" className={styles.clearFilters} onClick={() => onChange({ ...noFilters, sort: filters.sort, order: filters.order })}>
          {t('list.filters.clear', { count: active })}
        </Button>
      )}
    </search>
  );
}
