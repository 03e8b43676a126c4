import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CategoryKey, Transaction } from '@domain/bookkeeping';
import type { Language } from '@domain/constants';
import { Button } from '@src/components/button';
import { formatNumber } from '@src/i18n/format';
import { CategoryPicker } from './category-picker';
import styles from './bookkeeping.module.css';

interface BulkBarProps {
  /** The selected rows the bar acts on (never empty: the bar shows only with a selection). */
  rows: Transaction[];
  /** Whether the category picker is open in place of its button. */
  picking: boolean;
  onPicking: (picking: boolean) => void;
  onCategorise: (category: CategoryKey | null) => void;
  onSetChecked: (checked: boolean) => void;
  onDelete: () => void;
  onClear: () => void;
}

/** The actions on a selection of rows: categorise, check, uncheck, delete, clear. */
export function BulkBar({ rows, picking, onPicking, onCategorise, onSetChecked, onDelete, onClear }: BulkBarProps) {
  const { t } = useTranslation('bookkeeping');
  return (
    <div className={styles.bulkBar} role="region" aria-label={t('editing.bulk.label')}>
      <span>{t('editing.bulk.selected', { count: rows.length })}</span>
      {picking ? (
        <div className={styles.bulkPicker}>
          <CategoryPicker value={null} label={t('editing.bulk.categoryOf', { count: rows.length })} onPick={onCategorise} onCancel={() => onPicking(false)} />
        </div>
      ) : (
        <Button size="small" onClick={() => onPicking(true)}>
          {t('editing.bulk.categorise')}
        </Button>
      )}
      <Button size="small" variant="secondary" onClick={() => onSetChecked(true)}>
        {t('editing.bulk.check')}
      </Button>
      <Button size="small" variant="secondary" onClick={() => onSetChecked(false)}>
        {t('editing.bulk.uncheck')}
      </Button>
      <Button size="small" variant="danger" onClick={onDelete}>
        {t('editing.bulk.delete')}
      </Button>
      <Button size="small" variant="ghost" onClick={onClear}>
        {t('editing.bulk.clear')}
      </Button>
    </div>
  );
}

/** The thresholds "accept all above" offers, from where suggestions start to show (decision 066). */
const thresholds = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95];

interface AcceptSuggestionsBarProps {
  /** The categoriser has not answered yet: nothing to accept so far. */
  looking: boolean;
  /** How many shown rows have a suggestion at `threshold` or more. */
  count: number;
  threshold: number;
  language: Language;
  onThreshold: (threshold: number) => void;
  onAccept: () => void;
}

/** "Accept all above N %": every row the filters show whose suggestion is at least that sure gets it, as one undoable change. */
export function AcceptSuggestionsBar({ looking, count, threshold, language, onThreshold, onAccept }: AcceptSuggestionsBarProps) {
  const { t } = useTranslation('bookkeeping');
  const id = useId();
  const percent = (value: number) => t('categoriser.percent', { value: formatNumber(Math.round(value * 100), language, 0) });
  return (
    <div className={styles.bulkBar} role="region" aria-label={t('categoriser.acceptAll.label')}>
      <span className={styles.suggestionsCount}>
        {looking
          ? t('categoriser.acceptAll.looking')
          : t('categoriser.acceptAll.count', { count, formatted: formatNumber(count, language), threshold: percent(threshold) })}
      </span>
      <label htmlFor={id}>{t('categoriser.acceptAll.threshold')}</label>
      <select id={id} value={threshold} onChange={(event) => onThreshold(Number(event.target.value))}>
        {thresholds.map((value) => (
          <option key={value} value={value}>
            {percent(value)}
          </option>
        ))}
      </select>
      <Button size="small" disabled={count === 0} onClick={onAccept}>
        {t('categoriser.acceptAll.accept', { threshold: percent(threshold) })}
      </Button>
    </div>
  );
}
