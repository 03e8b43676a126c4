import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { categories, type CategoryKey } from '@domain/bookkeeping-terms';
import { searchable } from '../filter-engine';
import styles from './bookkeeping.module.css';

interface CategoryPickerProps {
  value: CategoryKey | null;
  /** The row or rows it categorises, for the accessible name. */
  label: string;
  onPick(category: CategoryKey | null): void;
  onCancel(): void;
}

/**
 * Type-ahead category choice (an ARIA combobox): typing narrows the list by any part of the
 * translated name, arrows move, Enter takes the highlighted one, Escape leaves unchanged.
 * "Uncategorised" is the last option, so clearing is one choice like the others.
 */
export function CategoryPicker({ value, label, onPick, onCancel }: CategoryPickerProps) {
  const { t } = useTranslation('bookkeeping');
  const listId = useId();
  const [query, setQuery] = useState('');
  const options = useMemo(() => {
    const all: { key: CategoryKey | null; label: string }[] = [
      ...categories.map((category) => ({ key: category.key, label: t(`categories.${category.key}`) })),
      { key: null, label: t('list.uncategorised') },
    ];
    const words = searchable(query).split(/\s+/).filter(Boolean);
    return words.length === 0 ? all : all.filter((option) => words.every((word) => searchable(option.label).includes(word)));
  }, [query, t]);
  const [highlight, setHighlight] = useState(() =>
    Math.max(
      0,
      options.findIndex((option) => option.key === value),
    ),
  );
  const active = Math.min(highlight, options.length - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    event.stopPropagation();
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setHighlight((current) => Math.min(current + 1, options.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((current) => Math.max(current - 1, 0));
    } else if (event.key === 'Enter' || (event.key === 'Tab' && query)) {
      event.preventDefault();
      const option = options[active];
      if (option) onPick(option.key);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <div className={styles.picker}>
      <input
        className={styles.inlineInput}
        role="combobox"
        aria-label={label}
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options[active] ? `${listId}-${active}` : undefined}
        autoFocus
        value={query}
        placeholder={t('editing.categoryPlaceholder')}
        onChange={(event) => {
          setQuery(event.target.value);
          setHighlight(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={onCancel}
      />
      <ul id={listId} role="listbox" className={styles.pickerList} aria-label={t('editing.categories')}>
        {options.length === 0 && <li className={styles.pickerEmpty}>{t('editing.noCategory')}</li>}
        {options.map((option, index) => (
          <li
            key={option.key ?? 'none'}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={styles.pickerOption}
            data-current={option.key === value || undefined}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(option.key);
            }}
          >
            {option.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
