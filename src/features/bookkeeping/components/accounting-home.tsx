import { lazy, Suspense, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { Transaction } from '@domain/bookkeeping';
import { demoBooks } from '@domain/demo-books';
import eyebrow from '@src/components/eyebrow.module.css';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { formatDate, formatMonth, formatNumber, formatUsd } from '@src/i18n/format';
import { currentUserDatabase } from '@sync/client/db';
import { href, paths } from '@src/lib/paths';
import { usePageTitle } from '@src/lib/use-page-title';
import { analyticsOf, homePeriods, type HomePeriod } from '../analytics';
import { localToday } from '@domain/days';
import { noFilters, writeFilters, type TransactionFilters } from '../filters';
import { useBookkeepingCompany } from '../hooks/use-bookkeeping-company';
import { useTransactions } from '../hooks/use-transactions';
import { CompanyPicker } from './company-picker';
import { CryptoOnlyNotice } from './crypto-only-notice';
import styles from './accounting-home.module.css';
import shared from './bookkeeping.module.css';
import { Field } from './labelled-field';

// Recharts is large: it loads only when a chart is on screen, in its own chunk.
const AnalyticsChart = lazy(() => import('./analytics-chart'));

/** The demo company's id: a fixed one, so its books are the same on every visit. */
const demoCompanyId = '00000000-0000-4000-8000-00000000de30';

/**
 * The accounting home (SPEC §2 "Accounting"): analytics of a SPEC period from the company's
 * transactions on this device — income, expenses and profit by month, top categories, recent
 * transactions, what still needs work (linking to the filtered list) and the declarations.
 * Without books (or with `?demo=1`) it shows a sample company, marked as such, computed in
 * memory: never stored, never synced.
 */
export function AccountingHome() {
  const { t } = useTranslation('bookkeeping');
  const language = useLanguage();
  usePageTitle(t('home.title'));
  const [params, setParams] = useSearchParams();
  const period: HomePeriod = (homePeriods as readonly string[]).includes(params.get('period') ?? '') ? (params.get('period') as HomePeriod) : 'last12Months';
  const { companies, cryptoOnly, companyId, choose } = useBookkeepingCompany();
  const db = useMemo(() => currentUserDatabase(), []);
  const snapshot = useTransactions(db, cryptoOnly ? null : companyId);
  const today = localToday();
  const wantsDemo = params.get('demo') === '1';
  const demo = wantsDemo || (snapshot.loaded && snapshot.rows.length === 0) || (!companyId && !cryptoOnly);
  const demoRows = useMemo(() => (demo ? demoBooks(demoCompanyId, today).transactions : null), [demo, today]);
  const rows: readonly Transaction[] = demoRows ?? snapshot.rows;
  const figures = useMemo(() => analyticsOf(rows, period, today), [rows, period, today]);
  const previousYear = useMemo(() => analyticsOf(rows, 'previousYear', today), [rows, today]);
  const chartTitle = useId();

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const listLink = (filters: Partial<TransactionFilters>) => {
    const query = writeFilters({ ...noFilters, ...filters }, companyId && !demo ? new URLSearchParams({ company: companyId }) : undefined).toString();
    return `${href(language, paths.bookkeeping)}${query ? `?${query}` : ''}`;
  };

  if (cryptoOnly) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('home.title')}</h1>
        <CryptoOnlyNotice cryptoOnly />
      </div>
    );
  }

  const maxShare = Math.max(...figures.topCategories.map((entry) => entry.share), 0.0001);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <p className={eyebrow.eyebrow}>{t('list.eyebrow')}</p>
          <h1 className={styles.title}>{t('home.title')}</h1>
        </div>
        <div className={styles.controls}>
          {companies.length > 1 && companyId && !demo && <CompanyPicker companies={companies} value={companyId} onChange={choose} />}
          <Field className={styles.control} label={t('list.filters.period')}>
            {(id) => (
              <select id={id} value={period} onChange={(event) => setParam('period', event.target.value === 'last12Months' ? null : event.target.value)}>
                {homePeriods.map((option) => (
                  <option key={option} value={option}>
                    {t(`list.periods.${option}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </header>

      {demo && (
        <section className={styles.demo} role="note" aria-label={t('home.demo.label')}>
          <strong>{t('home.demo.title')}</strong>
          <p>{t('home.demo.body')}</p>
          <div className={styles.actions}>
            {wantsDemo && snapshot.rows.length > 0 ? (
              <button type="button" className={styles.linkButton} onClick={() => setParam('demo', null)}>
                {t('home.demo.leave')}
              </button>
            ) : (
              companyId && <Link to={href(language, paths.bookkeeping)}>{t('home.demo.start')}</Link>
            )}
          </div>
        </section>
      )}

      <section className={styles.kpis} aria-label={t('home.summary', { from: formatDate(figures.from, language), to: formatDate(figures.to, language) })}>
        <div className={styles.kpi}>
          <span>{t('home.series.income')}</span>
          <strong className={styles.income}>{formatUsd(figures.incomeCents / 100, language)}</strong>
        </div>
        <div className={styles.kpi}>
          <span>{t('home.series.expenses')}</span>
          <strong>{formatUsd(figures.expensesCents / 100, language)}</strong>
        </div>
        <div className={styles.kpi}>
          <span>{t('home.series.profit')}</span>
          <strong data-negative={figures.profitCents < 0 || undefined}>{formatUsd(figures.profitCents / 100, language)}</strong>
        </div>
      </section>

      <section className={styles.card} aria-labelledby={chartTitle}>
        <h2 id={chartTitle} className={styles.cardTitle}>
          {t('home.byMonth')}
        </h2>
        <figure className={styles.chart} aria-label={t('home.chartLabel', { from: formatDate(figures.from, language), to: formatDate(figures.to, language) })}>
          <Suspense fallback={<p role="status">{t('home.chartLoading')}</p>}>
            <AnalyticsChart months={figures.months} language={language} />
          </Suspense>
        </figure>
        <details className={styles.table}>
          <summary>{t('home.asTable')}</summary>
          <table>
            <caption className={shared.visuallyHidden}>{t('home.byMonth')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('home.month')}</th>
                <th scope="col">{t('home.series.income')}</th>
                <th scope="col">{t('home.series.expenses')}</th>
                <th scope="col">{t('home.series.profit')}</th>
              </tr>
            </thead>
            <tbody>
              {figures.months.map((month) => (
                <tr key={month.month}>
                  <th scope="row">{formatMonth(month.month, language, 'long')}</th>
                  <td>{formatUsd(month.incomeCents / 100, language)}</td>
                  <td>{formatUsd(month.expensesCents / 100, language)}</td>
                  <td>{formatUsd(month.profitCents / 100, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>

      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby="top-categories">
          <h2 id="top-categories" className={styles.cardTitle}>
            {t('home.topCategories')}
          </h2>
          {figures.topCategories.length === 0 ? (
            <p className={styles.muted}>{t('home.noExpenses')}</p>
          ) : (
            <ol className={styles.categories}>
              {figures.topCategories.map((entry) => {
                const label = entry.category ? t(`categories.${entry.category}`) : t('list.uncategorised');
                return (
                  <li key={entry.category ?? 'none'}>
                    {demo ? (
                      <span className={styles.categoryLink}>
                        <span>{label}</span>
                        <span>
                          {formatUsd(entry.cents / 100, language)} · {formatNumber(entry.share * 100, language, 0)}%
                        </span>
                      </span>
                    ) : (
                      <Link to={listLink({ category: entry.category ?? 'uncategorised', period })} className={styles.categoryLink}>
                        <span>{label}</span>
                        <span>
                          {formatUsd(entry.cents / 100, language)} · {formatNumber(entry.share * 100, language, 0)}%
                        </span>
                      </Link>
                    )}
                    <span className={styles.bar} style={{ width: `${(entry.share / maxShare) * 100}%` }} aria-hidden="true" />
                  </li>
                );
              })}
            </ol>
          )}
        </section>

        <section className={styles.card} aria-labelledby="to-do">
          <h2 id="to-do" className={styles.cardTitle}>
            {t('home.toDo')}
          </h2>
          <ul className={styles.todo}>
            <li>
              {demo ? (
                <span>{t('home.uncategorised', { count: figures.uncategorisedCount })}</span>
              ) : (
                <Link to={listLink({ category: 'uncategorised', period })}>{t('home.uncategorised', { count: figures.uncategorisedCount })}</Link>
              )}
            </li>
            <li>
              {demo ? (
                <span>{t('home.unchecked', { count: figures.uncheckedCount })}</span>
              ) : (
                <Link to={listLink({ checked: 'unchecked', period })}>{t('home.unchecked', { count: figures.uncheckedCount })}</Link>
              )}
            </li>
          </ul>
          <h3 className={styles.subTitle}>{t('home.declarations.title')}</h3>
          <p>
            {previousYear.uncategorisedCount + previousYear.uncheckedCount > 0
              ? t('home.declarations.blocked', {
                  year: Number(today.slice(0, 4)) - 1,
                  uncategorised: previousYear.uncategorisedCount,
                  unchecked: previousYear.uncheckedCount,
                })
              : t('home.declarations.ready', { year: Number(today.slice(0, 4)) - 1 })}
          </p>
          <Link to={href(language, paths.taxForm)}>{t('home.declarations.open')}</Link>
        </section>
      </div>

      <section className={styles.card} aria-labelledby="recent">
        <h2 id="recent" className={styles.cardTitle}>
          {t('home.recent')}
        </h2>
        {figures.recent.length === 0 ? (
          <p className={styles.muted}>{t('home.noRecent')}</p>
        ) : (
          <ul className={styles.recent}>
            {figures.recent.map((row) => (
              <li key={row.id}>
                {demo ? <span>{row.description}</span> : <Link to={href(language, paths.transaction(row.id))}>{row.description}</Link>}
                <span className={styles.muted}>
                  {formatDate(row.date, language)} · {row.category ? t(`categories.${row.category}`) : t('list.uncategorised')}
                </span>
                <strong data-direction={row.amountCents >= 0 ? 'in' : 'out'}>{formatUsd(row.amountCents / 100, language)}</strong>
              </li>
            ))}
          </ul>
        )}
        {!demo && <Link to={href(language, paths.bookkeeping)}>{t('home.allTransactions')}</Link>}
      </section>
      {!demo && snapshot.rows.length > 0 && (
        <button type="button" className={styles.linkButton} onClick={() => setParam('demo', '1')}>
          {t('home.demo.show')}
        </button>
      )}
    </div>
  );
}
