import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Language } from '@domain/constants';
import { formatMonth, formatUsd } from '@src/i18n/format';
import type { MonthFigures } from '../analytics';
import styles from './accounting-home.module.css';

/**
 * Income and expenses per month as bars, profit as a line (Recharts, in its own lazy chunk).
 * Recharts' accessibility layer lets the keyboard walk the months with the tooltip; axes,
 * legend and tooltip speak the page's language and currency format.
 */
export default function AnalyticsChart({ months, language }: { months: MonthFigures[]; language: Language }) {
  const { t } = useTranslation('bookkeeping');
  const data = months.map((month) => ({
    month: month.month,
    income: month.incomeCents / 100,
    expenses: month.expensesCents / 100,
    profit: month.profitCents / 100,
  }));
  const money = (value: number) => formatUsd(Math.round(value), language);
  const series = [
    { key: 'income', color: 'var(--color-teal-600)' },
    { key: 'expenses', color: 'var(--color-gold-500)' },
    { key: 'profit', color: 'var(--color-ink-900)' },
  ] as const;
  return (
    <ResponsiveContainer width="100%" height={300}>
      <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer title={t('home.byMonth')}>
        <CartesianGrid stroke="var(--color-sand-200)" vertical={false} />
        <XAxis dataKey="month" tickFormatter={(month: string) => formatMonth(month, language)} tick={{ fontSize: 12 }} />
        <YAxis tickFormatter={money} width={84} tick={{ fontSize: 12 }} />
        <Tooltip
          labelFormatter={(month) => (typeof month === 'string' ? formatMonth(month, language, 'long') : month)}
          formatter={(value, name) => [formatUsd(Number(value), language), t(`home.series.${String(name)}`)]}
        />
        <Legend
          content={() => (
            // Our own legend: Recharts' names its icons in English ("income legend icon").
            <ul className={styles.legend}>
              {series.map((entry) => (
                <li key={entry.key}>
                  <span className={styles.swatch} style={{ background: entry.color }} aria-hidden="true" />
                  {t(`home.series.${entry.key}`)}
                </li>
              ))}
            </ul>
          )}
        />
        <Bar dataKey="income" fill={series[0].color} radius={[4, 4, 0, 0]} />
        <Bar dataKey="expenses" fill={series[1].color} radius={[4, 4, 0, 0]} />
        <Line dataKey="profit" stroke={series[2].color} strokeWidth={2} dot={false} type="monotone" />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
