import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import type { ReturnFacts } from '@domain/tax-form';
import { formatDate, formatUsd } from '@src/i18n/format';
import type { CachedPageState } from '@src/lib/query/use-offline-query';
import styles from './tax-form.module.css';

interface DueLine {
  key: string;
  values: Record<string, string | number>;
  /** The forms the line is about (last year's, or the first return's). */
  forms: readonly string[];
  /** The IRS penalty sentence for a missing Form 5472, once the return is overdue. */
  penalty?: string;
}

/**
 * The line's message: the day the declaration was sent; else where it stands — the deadline
 * ahead with the days left, the extended one (which holds only with Form 7004 filed by the
 * first), or overdue with the days since the deadline and the Form 5472 penalty; for a company
 * that did not exist last year, when its first return will be due. Null when no return is due.
 */
export function dueLine(facts: ReturnFacts, language: Language): DueLine | null {
  const values = { year: facts.taxYear };
  if (facts.sentAt) return { key: 'due.sent', values: { ...values, date: formatDate(facts.sentAt, language, 'long') }, forms: facts.forms };
  if (facts.kind === null) {
    const first = facts.firstReturn;
    if (!first) return null;
    return { key: 'due.first', values: { ...values, firstYear: first.taxYear, date: formatDate(first.deadline, language, 'long') }, forms: first.forms };
  }
  // `!standing`: a copy cached on the device before standings existed says nothing until it reloads.
  if (!facts.standing || facts.daysRemaining === null) return null;
  if (facts.standing === 'overdue') {
    const penalty = facts.penaltyUsd === null ? undefined : formatUsd(facts.penaltyUsd, language);
    return {
      key: 'due.overdue',
      values: {
        ...values,
        date: formatDate(facts.deadline!, language, 'long'),
        extended: formatDate(facts.extendedDeadline!, language, 'long'),
        count: -facts.daysRemaining,
      },
      forms: facts.forms,
      ...(penalty ? { penalty } : {}),
    };
  }
  const date = formatDate(facts.nextDeadline!, language, 'long');
  if (facts.standing === 'extension')
    return {
      key: 'due.extended',
      values: { ...values, date, first: formatDate(facts.deadline!, language, 'long'), count: facts.daysRemaining },
      forms: facts.forms,
    };
  return { key: 'due.ahead', values: { ...values, date, count: facts.daysRemaining }, forms: facts.forms };
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
  const forms = line.forms.map((form) => t(`forms.${form}`)).join(' + ');
  return (
    <p className={styles.due}>
      {t(line.key, { ...line.values, forms })}
      {line.penalty && ` ${t('due.penalty', { amount: line.penalty })}`}
    </p>
  );
}
