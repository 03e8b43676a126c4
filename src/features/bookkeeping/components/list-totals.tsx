import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import { formatNumber, formatUsd } from '@src/i18n/format';
import type { FilteredView } from '../filter-engine';
import styles from './bookkeeping.module.css';

/** The filtered rows' count, income, expenses and net, announced politely when they change. Drawn again only when they do. */
export const ListTotals = memo(function ListTotals({ totals, language }: { totals: FilteredView['totals']; language: Language }) {
  const { t } = useTranslation('bookkeeping');
  return (
    <div className={styles.totals} role="status" aria-live="polite">
      <span>
        <strong>{t('list.totals.count', { count: totals.count, formatted: formatNumber(totals.count, language) })}</strong>
      </span>
      <span>
        {t('list.totals.income')} <strong className={styles.income}>{formatUsd(totals.incomeCents / 100, language)}</strong>
      </span>
      <span>
        {t('list.totals.expenses')} <strong>{formatUsd(totals.expensesCents / 100, language)}</strong>
      </span>
      <span>
        {t('list.totals.net')} <strong>{formatUsd(totals.netCents / 100, language)}</strong>
      </span>
    </div>
  );
});
