import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import type { ReturnFacts } from '@domain/tax-form';
import { formatDate } from '@src/i18n/format';
import type { CachedPageState } from '@src/lib/use-cached-page';
import styles from './tax-form.module.css';

/**
 * The line's message: the day the declaration was sent; else the deadline ahead with the days
 * left (the extended one once the first has passed); else that both have passed. Null when no
 * return is due.
 */
export function dueLine(facts: ReturnFacts, language: Language): { key: string; values: Record<string, string | number> } | null {
  if (facts.kind === null) return null;
  const values = { year: facts.taxYear };
  if (facts.sentAt) return { key: 'due.sent', values: { ...values, date: formatDate(facts.sentAt, language, 'long') } };
  if (!facts.nextDeadline || facts.daysRemaining === null) return { key: 'due.late', values };
  const key = facts.nextDeadline === facts.extendedDeadline ? 'due.extended' : 'due.ahead';
  return { key, values: { ...values, date: formatDate(facts.nextDeadline, language, 'long'), count: facts.daysRemaining } };
}

/**
 * One line above the wizard on what the IRS expects of the company for last year, as the
 * server states it (`useReturnFacts`). Nothing while it loads or cannot be read.
 */
export function ReturnDue({ state, language }: { state: CachedPageState<ReturnFacts>; language: Language }) {
  const { t } = useTranslation('taxForm');
  if (state.kind !== 'ready') return null;
  const line = dueLine(state.page, language);
  if (!line) return null;
  const forms = state.page.forms.map((form) => t(`forms.${form}`)).join(' + ');
  return <p className={styles.due}>{t(line.key, { ...line.values, forms })}</p>;
}
