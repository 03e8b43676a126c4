import { useTranslation } from 'react-i18next';
import type { CategoryKey, Transaction } from '@domain/bookkeeping';
import { Button } from '@src/components/button';
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
