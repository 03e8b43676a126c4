import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import { formatDate } from '@src/i18n/format';
import type { ContentPage } from '../../content/content-types';
import { Markdown } from '../markdown';
import { PageHeader } from './page-header';
import { PublicPage } from './public-page';
import { TableOfContents } from './table-of-contents';
import styles from './page.module.css';

/** Requirements, terms and privacy: the markdown page with its date and a table of contents. */
export function ContentPageView({ page, language }: { page: ContentPage; language: Language }) {
  const { t } = useTranslation('public');
  return (
    <PublicPage>
      <article>
        <PageHeader title={page.title} lead={page.description}>
          <p className={styles.meta}>
            <time dateTime={page.updated}>{t('page.updated', { date: formatDate(page.updated, language, 'long') })}</time>
          </p>
        </PageHeader>
        <div className={styles.layout}>
          <aside className={styles.aside}>
            <TableOfContents headings={page.toc} label={t('page.onThisPage')} />
          </aside>
          <Markdown html={page.html} className={styles.body} />
        </div>
      </article>
    </PublicPage>
  );
}
