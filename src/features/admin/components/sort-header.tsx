import styles from './admin.module.css';

export interface Sort<K extends string> {
  orderBy: K;
  orderDirection: 'asc' | 'desc';
}

/** A column header that sorts the list by its column; a second click turns the direction. */
export function SortHeader<K extends string>({ column, label, sort, onSort }: { column: K; label: string; sort: Sort<K>; onSort: (sort: Sort<K>) => void }) {
  const active = sort.orderBy === column;
  const next = (): Sort<K> => ({ orderBy: column, orderDirection: active && sort.orderDirection === 'asc' ? 'desc' : 'asc' });
  return (
    <th scope="col" aria-sort={active ? (sort.orderDirection === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(next())}>
        {label}
        <span aria-hidden="true">{active ? (sort.orderDirection === 'asc' ? '▲' : '▼') : '↕'}</span>
      </button>
    </th>
  );
}
