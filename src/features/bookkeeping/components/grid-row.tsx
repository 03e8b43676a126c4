import { memo, useState, type DragEvent, type MouseEvent as ReactMouseEvent } from 'react';
import type { TFunction } from 'i18next';
import type { Transaction } from '@domain/bookkeeping';
import { categoryKeys, type CategoryKey } from '@domain/bookkeeping-terms';
import { bandOf } from '@domain/categoriser-confidence';
import type { Language } from '@domain/constants';
import type { RowSuggestion } from '@src/features/categoriser/use-row-suggestions';
import { formatDate, formatNumber, formatUsd } from '@src/i18n/format';
import { href, paths } from '@src/lib/paths';
import type { TransactionFilters } from '../filters';
import type { ReadOnlyReason } from '../read-only';
import { CategoryPicker } from './category-picker';
import styles from './bookkeeping.module.css';
import suggestionStyles from './category-suggestion.module.css';

/** One row of the transaction grid (transaction-grid.tsx), its inline editors and its labels. */

export type EditableField = 'category' | 'merchant' | 'note';
export interface EditingCell {
  id: string;
  field: EditableField;
}

export interface RowHandlers {
  sort(column: TransactionFilters['sort']): void;
  focusRow(position: number): void;
  selectRow(position: number, range: boolean): void;
  toggleChecked(row: Transaction): void;
  edit(cell: EditingCell | null): void;
  category(row: Transaction, category: CategoryKey | null): void;
  acceptSuggestion(row: Transaction): void;
  text(row: Transaction, field: 'merchant' | 'note', value: string): void;
  dropFiles(row: Transaction, files: File[]): void;
  openLink(event: ReactMouseEvent<HTMLAnchorElement>): void;
}

interface GridRowProps {
  row: Transaction;
  position: number;
  top: number;
  height: number;
  active: boolean;
  selected: boolean;
  editing: EditableField | null;
  waitingReceipt: boolean;
  readOnly: ReadOnlyReason | null;
  /** The categoriser's suggestion, for a row without a category. */
  suggestion: RowSuggestion | undefined;
  accountName: string;
  language: Language;
  /** The grid's translator: one `useTranslation` for the grid, not one per row. */
  t: TFunction<'bookkeeping'>;
  labels: RowLabels;
  handlers: RowHandlers;
}

const slots = { description: '\uE000', category: '\uE001', confidence: '\uE002', band: '\uE003' };

/** A label translated once with markers in its slots, each row's values put in their place. */
function labelOf(
  t: TFunction<'bookkeeping'>,
  key: 'list.selectRow' | 'list.checkedLabel' | 'editing.changeCategory' | 'categoriser.suggested' | 'categoriser.accept',
) {
  const text = t(key, slots);
  return (description: string, category = '', confidence = '', band = '') =>
    text.replace(/[\uE000-\uE003]/g, (slot) =>
      slot === slots.description ? description : slot === slots.category ? category : slot === slots.confidence ? confidence : band,
    );
}

/**
 * The labels every row shows, translated once per language: i18next's `t` costs tens of
 * microseconds a call, and each row drawn (forty after a filter change) asked for five.
 */
export function rowLabels(t: TFunction<'bookkeeping'>) {
  return {
    category: Object.fromEntries(categoryKeys.map((key) => [key, t(`categories.${key}`)])) as Record<CategoryKey, string>,
    uncategorised: t('list.uncategorised'),
    selectRow: labelOf(t, 'list.selectRow'),
    changeCategory: labelOf(t, 'editing.changeCategory'),
    checked: labelOf(t, 'list.checkedLabel'),
    noReceipt: t('list.noReceipt'),
    suggested: labelOf(t, 'categoriser.suggested'),
    accept: labelOf(t, 'categoriser.accept'),
    percent: t('categoriser.percent', { value: slots.description }),
    band: { possible: t('categoriser.bands.possible'), likely: t('categoriser.bands.likely'), veryLikely: t('categoriser.bands.veryLikely') },
  };
}
type RowLabels = ReturnType<typeof rowLabels>;

/** One transaction. Memoised on its own fields: an edit repaints only the row it changed. */
export const GridRow = memo(
  function GridRow({
    row,
    position,
    top,
    height,
    active,
    selected,
    editing,
    waitingReceipt,
    readOnly,
    suggestion,
    accountName,
    language,
    t,
    labels,
    handlers,
  }: GridRowProps) {
    // The transaction a file is dragged over: the row's elements serve other transactions as it scrolls.
    const [draggedOver, setDraggedOver] = useState<string | null>(null);
    const dragging = draggedOver === row.id;
    const categoryName = row.category ? labels.category[row.category] : labels.uncategorised;
    const name = row.description;
    const onDrop = (event: DragEvent<HTMLDivElement>) => {
      event.preventDefault();
      setDraggedOver(null);
      const files = [...event.dataTransfer.files];
      if (files.length > 0) handlers.dropFiles(row, files);
    };
    return (
      // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the grid keeps focus and points at its row with aria-activedescendant (decision 019): a row is never focused itself
      <div
        id={`row-${row.id}`}
        role="row"
        aria-rowindex={position + 2}
        aria-selected={selected}
        data-active={active || undefined}
        data-blocked={readOnly !== null || undefined}
        data-dragging={dragging || undefined}
        data-editing={editing !== null || undefined}
        className={styles.row}
        style={{ transform: `translateY(${top}px)`, height }}
        onMouseDown={(event) => {
          if ((event.target as HTMLElement).closest('input, button, a, [role="listbox"]')) return;
          if (event.shiftKey || event.metaKey || event.ctrlKey) {
            event.preventDefault();
            handlers.selectRow(position, event.shiftKey);
          } else handlers.focusRow(position);
        }}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDraggedOver(row.id);
        }}
        onDragLeave={() => setDraggedOver(null)}
        onDrop={onDrop}
      >
        <span role="gridcell" className={styles.selectCell}>
          <input
            type="checkbox"
            tabIndex={-1}
            checked={selected}
            aria-label={labels.selectRow(name)}
            onChange={(event) => handlers.selectRow(position, (event.nativeEvent as MouseEvent).shiftKey ?? false)}
          />
        </span>
        <span role="gridcell" className={styles.dateCell}>
          {formatDate(row.date, language)}
        </span>
        <span role="gridcell" className={styles.descriptionCell}>
          <a href={href(language, paths.transaction(row.id))} tabIndex={-1} className={styles.description} title={row.description} onClick={handlers.openLink}>
            {row.description}
          </a>
          {editing === 'note' ? (
            <TextEditor
              label={t('editing.noteOf', { description: name })}
              value={row.note}
              onSave={(value) => handlers.text(row, 'note', value)}
              onCancel={() => handlers.edit(null)}
            />
          ) : (
            row.note && <span className={styles.note}>{row.note}</span>
          )}
          {readOnly && (
            <span className={styles.blockedBadge} title={t(`editing.refused.${readOnly}`)}>
              {t(readOnly === 'blocked' ? 'editing.blockedBadge' : 'editing.lockedBadge')}
            </span>
          )}
        </span>
        {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the grid keeps focus (aria-activedescendant); a cell is never focused itself */}
        <span role="gridcell" className={styles.merchantCell} onDoubleClick={() => !readOnly && handlers.edit({ id: row.id, field: 'merchant' })}>
          {editing === 'merchant' ? (
            <TextEditor
              label={t('editing.merchantOf', { description: name })}
              value={row.merchant ?? ''}
              onSave={(value) => handlers.text(row, 'merchant', value)}
              onCancel={() => handlers.edit(null)}
            />
          ) : (
            <span className={row.merchant ? undefined : styles.muted}>{row.merchant ?? '—'}</span>
          )}
        </span>
        <span role="gridcell" className={styles.accountCell}>
          {accountName}
        </span>
        <span role="gridcell" className={styles.categoryCell}>
          {editing === 'category' ? (
            <CategoryPicker
              value={row.category}
              label={t('editing.categoryOf', { description: name })}
              onPick={(category) => handlers.category(row, category)}
              onCancel={() => handlers.edit(null)}
            />
          ) : suggestion && row.category === null && readOnly === null ? (
            <SuggestedCategory row={row} suggestion={suggestion} language={language} labels={labels} handlers={handlers} />
          ) : (
            <button
              type="button"
              tabIndex={-1}
              className={styles.categoryButton}
              data-empty={row.category === null || undefined}
              disabled={readOnly !== null}
              aria-label={labels.changeCategory(name, categoryName)}
              onClick={() => handlers.edit({ id: row.id, field: 'category' })}
            >
              {categoryName}
            </button>
          )}
        </span>
        <span role="gridcell" className={styles.amountCell} data-direction={row.amountCents >= 0 ? 'in' : 'out'}>
          {formatUsd(row.amountCents / 100, language)}
        </span>
        <span role="gridcell" className={styles.receiptCell}>
          {/* A receipt waiting on the device shows as waiting, also when it replaces one already sent. */}
          {waitingReceipt ? (
            <span className={styles.receiptWaiting} role="img" aria-label={t('list.receiptWaiting')}>
              ◐
            </span>
          ) : row.receipt ? (
            <span className={styles.receiptMark} role="img" aria-label={t('list.hasReceipt', { name: row.receipt.name })}>
              ●
            </span>
          ) : (
            <span className={styles.visuallyHidden}>{labels.noReceipt}</span>
          )}
        </span>
        <span role="gridcell" className={styles.checkedCell}>
          <input
            type="checkbox"
            tabIndex={-1}
            checked={row.checked}
            disabled={readOnly !== null}
            aria-label={labels.checked(name)}
            onChange={() => handlers.toggleChecked(row)}
          />
        </span>
      </div>
    );
  },
  (before, after) =>
    before.row === after.row &&
    before.position === after.position &&
    before.top === after.top &&
    before.height === after.height &&
    before.active === after.active &&
    before.selected === after.selected &&
    before.editing === after.editing &&
    before.waitingReceipt === after.waitingReceipt &&
    before.readOnly === after.readOnly &&
    before.suggestion === after.suggestion &&
    before.accountName === after.accountName &&
    before.language === after.language &&
    before.labels === after.labels,
);

/**
 * The categoriser's suggestion in the category cell, drawn apart from a category that is set
 * (dashed, in italics, with its confidence as people read it), and named as a suggestion:
 * choosing opens the picker, ✓ (or the A key) accepts it.
 */
function SuggestedCategory({
  row,
  suggestion,
  language,
  labels,
  handlers,
}: {
  row: Transaction;
  suggestion: RowSuggestion;
  language: Language;
  labels: RowLabels;
  handlers: RowHandlers;
}) {
  const category = labels.category[suggestion.category];
  const percent = labels.percent.replace(slots.description, formatNumber(Math.round(suggestion.confidence * 100), language, 0));
  const band = labels.band[bandOf(suggestion.confidence)];
  return (
    <span className={suggestionStyles.suggested}>
      <button
        type="button"
        tabIndex={-1}
        className={`${styles.categoryButton} ${suggestionStyles.suggestion}`}
        data-suggested
        title={band}
        aria-label={labels.suggested(row.description, category, percent, band)}
        onClick={() => handlers.edit({ id: row.id, field: 'category' })}
      >
        {/* The space keeps the visible text "Meals 93%" a part of the name (WCAG 2.5.3); the flex layout draws none. */}
        <span className={suggestionStyles.suggestionName}>{category}</span> <span className={suggestionStyles.confidence}>{percent}</span>
      </button>
      <button
        type="button"
        tabIndex={-1}
        className={suggestionStyles.accept}
        aria-label={labels.accept(row.description, category)}
        onClick={() => handlers.acceptSuggestion(row)}
      >
        ✓
      </button>
    </span>
  );
}

/** An inline text editor: Enter saves, Escape (or leaving the field) cancels. */
function TextEditor({ label, value, onSave, onCancel }: { label: string; value: string; onSave(value: string): void; onCancel(): void }) {
  const [text, setText] = useState(value);
  return (
    <input
      className={styles.inlineInput}
      aria-label={label}
      autoFocus
      value={text}
      maxLength={2000}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter') {
          event.preventDefault();
          onSave(text);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
      onBlur={() => (text === value ? onCancel() : onSave(text))}
    />
  );
}
