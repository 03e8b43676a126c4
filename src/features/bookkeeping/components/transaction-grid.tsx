import { memo, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent as ReactMouseEvent, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useVirtualizer } from '@tanstack/react-virtual';
import { categoryKeys, type CategoryKey, type Transaction } from '@domain/bookkeeping';
import type { Language } from '@domain/constants';
import { formatDate, formatUsd } from '@src/i18n/format';
import { href, paths } from '@src/lib/paths';
import type { TransactionFilters } from '../filters';
import type { ListCursor } from '../keyboard';
import { readOnlyReason, type ReadOnlyReason } from '../read-only';
import { CategoryPicker } from './category-picker';
import styles from './bookkeeping.module.css';

export type EditableField = 'category' | 'merchant' | 'note';
export interface EditingCell {
  id: string;
  field: EditableField;
}

interface TransactionGridProps {
  rows: readonly Transaction[];
  order: Uint32Array;
  language: Language;
  filters: TransactionFilters;
  cursor: ListCursor;
  editing: EditingCell | null;
  /** Transactions whose receipt waits on this device for upload. */
  waitingReceipts: ReadonlySet<string>;
  /** Years whose declaration is sent: their rows are read-only. */
  lockedYears: ReadonlySet<number>;
  accountName(row: Transaction): string;
  gridLabel: string;
  onKeyDown(event: KeyboardEvent<HTMLDivElement>): void;
  onFocusRow(position: number): void;
  onSelectRow(position: number, range: boolean): void;
  onSort(sort: TransactionFilters['sort']): void;
  onToggleChecked(row: Transaction): void;
  onEdit(cell: EditingCell | null): void;
  onCategory(row: Transaction, category: CategoryKey | null): void;
  onText(row: Transaction, field: 'merchant' | 'note', value: string): void;
  onDropFiles(row: Transaction, files: File[]): void;
  /** Where the grid's focus container is, so the page can return focus after an edit. */
  gridRef: React.RefObject<HTMLDivElement | null>;
  empty: ReactNode;
}

const rowHeight = (narrow: boolean) => (narrow ? 84 : 56);

function useNarrow(): boolean {
  const query = '(max-width: 767px)';
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const change = () => setNarrow(media.matches);
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, []);
  return narrow;
}

/**
 * The transactions table: an ARIA grid whose rows are virtualised (only the rows in view and
 * a few around exist in the DOM, so 50,000 rows scroll like 50). The grid holds the focus and
 * points at the active row with `aria-activedescendant`; keys are handled by the page.
 */
export function TransactionGrid(props: TransactionGridProps) {
  const { t } = useTranslation('bookkeeping');
  const labels = useMemo(() => rowLabels(t), [t]);
  const navigate = useNavigate();
  const { rows, order, cursor, filters } = props;
  const narrow = useNarrow();
  const scrollRef = useRef<HTMLDivElement>(null);
  // Rows are memoised on their data; they call the page through this stable object, which
  // always reaches the page's latest callbacks.
  const latest = useRef(props);
  latest.current = props;
  const handlers = useMemo<RowHandlers>(
    () => ({
      sort: (column) => latest.current.onSort(column),
      focusRow: (position) => latest.current.onFocusRow(position),
      selectRow: (position, range) => latest.current.onSelectRow(position, range),
      toggleChecked: (row) => latest.current.onToggleChecked(row),
      edit: (cell) => latest.current.onEdit(cell),
      category: (row, category) => latest.current.onCategory(row, category),
      text: (row, field, value) => latest.current.onText(row, field, value),
      dropFiles: (row, files) => latest.current.onDropFiles(row, files),
      // A plain link (a router Link in every row would repaint every row on each URL change,
      // i.e. each filter change); a plain click navigates within the app.
      openLink: (event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(event.currentTarget.getAttribute('href')!);
      },
    }),
    [navigate],
  );
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight(narrow),
    // Rows drawn beyond the view on each side: every row drawn is laid out and painted again at
    // each filter change.
    overscan: 2,
  });
  useEffect(() => virtualizer.measure(), [narrow, virtualizer]);
  // Only when the active row moves: scrolling to it measures the list (a forced layout), which a
  // filter change (a new length, the same active position) must not pay.
  const scrolledTo = useRef(cursor.active);
  useEffect(() => {
    if (cursor.active === scrolledTo.current) return;
    scrolledTo.current = cursor.active;
    if (cursor.active >= 0 && cursor.active < order.length) virtualizer.scrollToIndex(cursor.active, { align: 'auto' });
  }, [cursor.active, order.length, virtualizer]);

  const activeRow = cursor.active >= 0 ? rows[order[cursor.active]!] : undefined;
  // Rows are keyed by their position modulo the number drawn, not by transaction: a row scrolled
  // out of view lends its elements to the one scrolled in (a jump across the list rewrites them
  // all), and a filter change rewrites the rows in view. Creating the rows scrolled in, some
  // twenty form controls each, and collecting the ones scrolled out made the long garbage
  // collections of a fast scroll. The number drawn is the most the view has needed, so it stays
  // the same as the list scrolls; the row being edited keeps its own key, so its editor stays.
  const height = rowHeight(narrow);
  const inView = virtualizer.getVirtualItems();
  const drawn = useRef(0);
  drawn.current = Math.max(drawn.current, inView.length);
  const pool = drawn.current;
  const first = Math.max(0, Math.min(inView[0]?.index ?? 0, order.length - pool));
  const positions = Array.from({ length: Math.min(pool, order.length - first) }, (_, offset) => first + offset);

  return (
    <div
      ref={props.gridRef}
      role="grid"
      aria-label={props.gridLabel}
      aria-rowcount={order.length + 1}
      aria-multiselectable="true"
      aria-activedescendant={activeRow && !props.editing ? `row-${activeRow.id}` : undefined}
      tabIndex={0}
      className={styles.grid}
      onKeyDown={props.onKeyDown}
    >
      <GridHeader sort={filters.sort} order={filters.order} onSort={handlers.sort} />
      <div ref={scrollRef} className={styles.scroller} data-testid="transaction-scroller">
        {order.length === 0 ? (
          <div className={styles.empty}>{props.empty}</div>
        ) : (
          <div className={styles.scrollBody} style={{ height: virtualizer.getTotalSize() }}>
            {positions.map((position) => {
              const row = rows[order[position]!]!;
              const edited = props.editing?.id === row.id;
              return (
                <GridRow
                  key={edited ? row.id : position % pool}
                  row={row}
                  position={position}
                  top={position * height}
                  height={height}
                  active={position === cursor.active}
                  selected={cursor.selected.has(row.id)}
                  editing={edited ? props.editing!.field : null}
                  waitingReceipt={props.waitingReceipts.has(row.id)}
                  readOnly={readOnlyReason(row, props.lockedYears)}
                  accountName={props.accountName(row)}
                  language={props.language}
                  t={t}
                  labels={labels}
                  handlers={handlers}
                />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

interface GridHeaderProps {
  sort: TransactionFilters['sort'];
  order: TransactionFilters['order'];
  onSort(sort: TransactionFilters['sort']): void;
}

/** The column headers, with the two sortable ones: painted again only when the sort changes. */
const GridHeader = memo(function GridHeader({ sort, order, onSort }: GridHeaderProps) {
  const { t } = useTranslation('bookkeeping');
  const plain = (label: string, className: string | undefined) => (
    <span role="columnheader" className={className}>
      {label}
    </span>
  );
  const sortable = (column: TransactionFilters['sort'], label: string, className: string | undefined) => (
    <span role="columnheader" aria-sort={sort === column ? (order === 'asc' ? 'ascending' : 'descending') : 'none'} className={className}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true">{sort === column ? (order === 'asc' ? ' ↑' : ' ↓') : ''}</span>
      </button>
    </span>
  );
  return (
    <div role="row" aria-rowindex={1} className={`${styles.row} ${styles.headerRow}`}>
      <span role="columnheader" className={styles.selectCell}>
        <span className={styles.visuallyHidden}>{t('list.columns.select')}</span>
      </span>
      {sortable('date', t('list.columns.date'), styles.dateCell)}
      {plain(t('list.columns.description'), styles.descriptionCell)}
      {plain(t('list.columns.merchant'), styles.merchantCell)}
      {plain(t('list.columns.account'), styles.accountCell)}
      {plain(t('list.columns.category'), styles.categoryCell)}
      {sortable('amount', t('list.columns.amount'), styles.amountCell)}
      {plain(t('list.columns.receipt'), styles.receiptCell)}
      {plain(t('list.columns.checked'), styles.checkedCell)}
    </div>
  );
});

interface RowHandlers {
  sort(column: TransactionFilters['sort']): void;
  focusRow(position: number): void;
  selectRow(position: number, range: boolean): void;
  toggleChecked(row: Transaction): void;
  edit(cell: EditingCell | null): void;
  category(row: Transaction, category: CategoryKey | null): void;
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
  accountName: string;
  language: Language;
  /** The grid's translator: one `useTranslation` for the grid, not one per row. */
  t: TFunction<'bookkeeping'>;
  labels: RowLabels;
  handlers: RowHandlers;
}

const slots = { description: '\u0001', category: '\u0002' };

/** A label translated once with markers in its slots, each row's values put in their place. */
function labelOf(t: TFunction<'bookkeeping'>, key: 'list.selectRow' | 'list.checkedLabel' | 'editing.changeCategory') {
  const text = t(key, slots);
  return (description: string, category = '') => text.replace(/[\u0001\u0002]/g, (slot) => (slot === slots.description ? description : category));
}

/**
 * The labels every row shows, translated once per language: i18next's `t` costs tens of
 * microseconds a call, and each row drawn (forty after a filter change) asked for five.
 */
function rowLabels(t: TFunction<'bookkeeping'>) {
  return {
    category: Object.fromEntries(categoryKeys.map((key) => [key, t(`categories.${key}`)])) as Record<CategoryKey, string>,
    uncategorised: t('list.uncategorised'),
    selectRow: labelOf(t, 'list.selectRow'),
    changeCategory: labelOf(t, 'editing.changeCategory'),
    checked: labelOf(t, 'list.checkedLabel'),
    noReceipt: t('list.noReceipt'),
  };
}
type RowLabels = ReturnType<typeof rowLabels>;

/** One transaction. Memoised on its own fields: an edit repaints only the row it changed. */
const GridRow = memo(
  function GridRow({ row, position, top, height, active, selected, editing, waitingReceipt, readOnly, accountName, language, t, labels, handlers }: GridRowProps) {
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
            <TextEditor label={t('editing.noteOf', { description: name })} value={row.note} onSave={(value) => handlers.text(row, 'note', value)} onCancel={() => handlers.edit(null)} />
          ) : (
            row.note && <span className={styles.note}>{row.note}</span>
          )}
          {readOnly && (
            <span className={styles.blockedBadge} title={t(`editing.refused.${readOnly}`)}>
              {t(readOnly === 'blocked' ? 'editing.blockedBadge' : 'editing.lockedBadge')}
            </span>
          )}
        </span>
        <span role="gridcell" className={styles.merchantCell} onDoubleClick={() => !readOnly && handlers.edit({ id: row.id, field: 'merchant' })}>
          {editing === 'merchant' ? (
            <TextEditor label={t('editing.merchantOf', { description: name })} value={row.merchant ?? ''} onSave={(value) => handlers.text(row, 'merchant', value)} onCancel={() => handlers.edit(null)} />
          ) : (
            <span className={row.merchant ? undefined : styles.muted}>{row.merchant ?? '—'}</span>
          )}
        </span>
        <span role="gridcell" className={styles.accountCell}>
          {accountName}
        </span>
        <span role="gridcell" className={styles.categoryCell}>
          {editing === 'category' ? (
            <CategoryPicker value={row.category} label={t('editing.categoryOf', { description: name })} onPick={(category) => handlers.category(row, category)} onCancel={() => handlers.edit(null)} />
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
          {row.receipt ? (
            <span className={styles.receiptMark} role="img" aria-label={t('list.hasReceipt', { name: row.receipt.name })}>
              ●
            </span>
          ) : waitingReceipt ? (
            <span className={styles.receiptWaiting} role="img" aria-label={t('list.receiptWaiting')}>
              ◐
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
    before.accountName === after.accountName &&
    before.language === after.language &&
    before.labels === after.labels,
);

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
