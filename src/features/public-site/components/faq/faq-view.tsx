import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { FaqPage } from '../../content/content-types';
import { useHydrated } from '@src/lib/use-hydrated';
import { Icon } from '../icons';
import { Markdown } from '../markdown';
import { CopyLinkButton } from '../share/copy-link-button';
import { searchFaq } from './faq-search';
import styles from './faq-view.module.css';

/**
 * The FAQ: topics, a search box and one native disclosure (<details>) per question, so the
 * pre-rendered page already opens and closes answers before any script runs. `#question-id`
 * in the address opens that question and scrolls to it.
 */
export function FaqView({ faq }: { faq: FaqPage }) {
  const { t } = useTranslation('public');
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const groups = searchFaq(faq.groups, deferredQuery);
  const matches = groups.reduce((sum, group) => sum + group.questions.length, 0);
  const searching = deferredQuery.trim() !== '';
  const searchId = useId();
  const { hash } = useLocation();
  // The search runs in the app: disabled until hydrated, so nothing typed before is lost.
  const hydrated = useHydrated();

  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const target = document.getElementById(id);
    if (target instanceof HTMLDetailsElement) target.open = true;
    target?.scrollIntoView({ block: 'start' });
    target?.querySelector('summary')?.focus({ preventScroll: true });
  }, [hash]);

  return (
    // A page without the app searches with the same function (faq-island.ts), hiding what React leaves out.
    <div className={styles.faq} data-faq>
      <div className={styles.search} role="search">
        <label htmlFor={searchId} className={styles.searchLabel}>
          {t('faq.searchLabel')}
        </label>
        <div className={styles.searchBox}>
          <Icon name="search" className={styles.searchIcon} size={20} />
          <input
            id={searchId}
            type="search"
            disabled={!hydrated}
            data-island="faq-search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('faq.searchPlaceholder')}
            autoComplete="off"
            enterKeyHint="search"
            className={styles.searchInput}
          />
          <button type="button" className={styles.clear} hidden={!query} onClick={() => setQuery('')}>
            {t('faq.clear')}
          </button>
        </div>
        <p className={styles.status} role="status">
          {searching && (matches > 0 ? t('faq.results', { count: matches, query: deferredQuery.trim() }) : t('faq.noResults', { query: deferredQuery.trim() }))}
        </p>
      </div>

      <nav className={styles.topics} aria-label={t('faq.groups')} hidden={searching}>
        <ul>
          {faq.groups.map((group) => (
            <li key={group.id}>
              <a href={`#${group.id}`}>{group.title}</a>
            </li>
          ))}
        </ul>
      </nav>

      {groups.map((group) => (
        <section key={group.id} className={styles.group} aria-labelledby={group.id}>
          <h2 id={group.id}>{group.title}</h2>
          <div className={styles.questions}>
            {group.questions.map((question) => (
              <details key={question.id} id={question.id} className={styles.question}>
                <summary>
                  <span>{question.question}</span>
                  <span className={styles.chevron} aria-hidden="true" />
                </summary>
                <div className={styles.answer}>
                  <Markdown html={question.html} className={styles.answerText} />
                  <CopyLinkButton hash={question.id} label={t('faq.copyLink')} copiedLabel={t('faq.linkCopied')} compact />
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
