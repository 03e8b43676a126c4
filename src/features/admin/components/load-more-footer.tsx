import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import { Button } from '@src/components/button';
import { formatNumber } from '@src/i18n/format';
import type { usePagedList } from '../hooks/use-paged-list';
import styles from './admin.module.css';

/** Under an admin list: how many rows are shown of how many (exact, about, or more than — decision 033) and "load more". */
export function LoadMoreFooter<T>({ list, language }: { list: ReturnType<typeof usePagedList<T>>; language: Language }) {
  const { t } = useTranslation('admin');
  return (
    <div className={styles.footer}>
      {list.total !== null && (
        <p role="status">
          {t('list.showing', { context: list.totalKind, shown: formatNumber(list.items.length, language), total: formatNumber(list.total, language) })}
        </p>
      )}
      {list.hasMore && (
        <Button variant="secondary" onClick={list.loadMore} busy={list.loading}>
          {t('list.loadMore')}
        </Button>
      )}
    </div>
  );
}
