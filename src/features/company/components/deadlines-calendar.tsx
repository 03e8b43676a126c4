import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deadline } from '@domain/company-deadlines';
import type { Language } from '@domain/constants';
import { usStates } from '@domain/countries';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import { useCurrentUser } from '@src/features/session/session-store';
import { formatDate } from '@src/i18n/format';
import { createCalendarFeed, deleteCalendarFeed, getCalendarFeed, getDeadlines } from '../api/company-api';
import styles from './deadlines-calendar.module.css';

/**
 * Every deadline of one company (`companyId`, on its page) or of all the user's companies (the
 * dashboard), overdue first, with the days left; and the user's private calendar subscription
 * (.ics), whose URL is shown only when made, since the server keeps only its hash.
 */
export function DeadlinesCalendar({ companyId, language }: { companyId?: string; language: Language }) {
  const { t } = useTranslation('company');
  const titleId = useId();
  const query = useQuery({ queryKey: ['deadlines', companyId ?? null], queryFn: ({ signal }) => getDeadlines(companyId, signal) });
  const deadlines = query.data ?? (query.isError ? 'failed' : null);

  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {t('deadlines.title')}
      </h2>
      {deadlines === null && <p role="status">{t('deadlines.loading')}</p>}
      {deadlines === 'failed' && <FormAlert>{t('deadlines.failed')}</FormAlert>}
      {Array.isArray(deadlines) && deadlines.length === 0 && <p className={styles.muted}>{t('deadlines.none')}</p>}
      {Array.isArray(deadlines) && deadlines.length > 0 && (
        <ul className={styles.list}>
          {deadlines.map((deadline) => (
            <li key={deadline.key} className={styles.item} data-overdue={deadline.daysRemaining < 0}>
              <span className={styles.what}>
                {companyId === undefined && <span className={styles.company}>{deadline.companyName}</span>}
                {deadlineTitle(deadline, t)}
              </span>
              <time dateTime={deadline.date}>{formatDate(deadline.date, language, 'long')}</time>
              <span className={styles.days}>{daysText(deadline.daysRemaining, t)}</span>
            </li>
          ))}
        </ul>
      )}
      <CalendarSubscription />
    </section>
  );
}

type T = ReturnType<typeof useTranslation<'company'>>['t'];

/** What falls due, in the reader's language (the server's .ics and mails say the same). */
function deadlineTitle(deadline: Deadline, t: T): string {
  if (deadline.kind === 'stateFiling')
    return t(`deadlines.stateFilings.${deadline.stateFiling!}`, { state: usStates[deadline.state as keyof typeof usStates] ?? deadline.state });
  if (deadline.kind === 'federalReturn' || deadline.kind === 'federalExtendedReturn') {
    const forms = (deadline.forms ?? []).map((form) => t(`taxForm:forms.${form}`)).join(' + ');
    return t(`deadlines.kinds.${deadline.kind}`, { forms, year: deadline.taxYear });
  }
  return t(`deadlines.kinds.${deadline.kind}`);
}

function daysText(days: number, t: T): string {
  if (days === 0) return t('deadlines.today');
  return days < 0 ? t('deadlines.overdue', { count: -days }) : t('deadlines.daysLeft', { count: days });
}

/**
 * The link made last in this tab, with whose it is. Only its hash is on the server, so it can be
 * shown only by the page that made it; kept here (in memory, never stored) so a section drawn
 * again — the company page moving from the server's answer to the device's copy, the dashboard
 * and the company page — still shows it until it is replaced, turned off or the tab closes.
 */
let revealed: { userId: string; url: string } | null = null;

const feedKey = ['calendar', 'feed'];

/** The private .ics URL: made (or replaced, which turns the old one off) on request, shown once, and revocable. */
function CalendarSubscription() {
  const { t } = useTranslation('company');
  const userId = useCurrentUser()?.id ?? null;
  const client = useQueryClient();
  const feed = useQuery({ queryKey: feedKey, queryFn: ({ signal }) => getCalendarFeed(signal) });
  const active = feed.data?.active ?? null;
  const setActive = (next: boolean) => client.setQueryData(feedKey, { active: next, createdAt: next ? new Date().toISOString() : null });
  const [url, setUrlState] = useState<string | null>(() => (revealed && revealed.userId === userId ? revealed.url : null));
  const setUrl = (next: string | null) => {
    revealed = next && userId ? { userId, url: next } : null;
    setUrlState(next);
  };
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setFailed(false);
    try {
      await action();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const create = () =>
    act(async () => {
      setUrl((await createCalendarFeed()).url);
      setActive(true);
    });
  const revoke = () =>
    act(async () => {
      await deleteCalendarFeed();
      setUrl(null);
      setActive(false);
    });

  return (
    <div className={styles.subscription}>
      <h3 className={styles.subtitle}>{t('deadlines.feed.title')}</h3>
      <p className={styles.muted}>{t('deadlines.feed.explain')}</p>
      {url && (
        <label className={styles.url}>
          {t('deadlines.feed.url')}
          <input readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        </label>
      )}
      {url && <p className={styles.muted}>{t('deadlines.feed.shownOnce')}</p>}
      {!url && active && <p>{t('deadlines.feed.active')}</p>}
      {failed && <FormAlert>{t('deadlines.feed.failed')}</FormAlert>}
      <div className={styles.actions}>
        <Button size="small" variant="secondary" busy={busy} onClick={create}>
          {active ? t('deadlines.feed.replace') : t('deadlines.feed.create')}
        </Button>
        {active && (
          <Button size="small" variant="secondary" disabled={busy} onClick={revoke}>
            {t('deadlines.feed.revoke')}
          </Button>
        )}
      </div>
    </div>
  );
}
