import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import { reminderVariant } from '@domain/tax-figures';
import type { PendingDeclarations } from '@domain/tax-form';
import { ButtonLink } from '@src/components/button';
import { Popup } from '@src/components/popup/popup';
import { formatDate, formatUsd } from '@src/i18n/format';
import { href, paths } from '@src/lib/paths';
import { fetchPendingDeclarations } from '../api/tax-form-api';

const shownKey = 'alta.declarationsReminderShown';

/**
 * The reminder's deadline sentences for the most urgent group (overdue first): the days left,
 * the extended deadline that holds only with Form 7004, or overdue with the days since the
 * deadline and then the IRS penalty for a missing Form 5472.
 */
export function reminderDeadlineLines(pending: PendingDeclarations, language: Language): { key: string; values: Record<string, string | number> }[] {
  const deadlines = [pending.llcMultiPartnerDeadlineData, pending.llcSoloPartnerOrCCorpDeadlineData]
    .filter((data) => data !== null)
    .sort((a, b) => a.daysRemaining - b.daysRemaining);
  const nearest = deadlines[0];
  if (!nearest) return [];
  const deadline = formatDate(nearest.deadline, language, 'long');
  if (nearest.standing !== 'overdue')
    return [{ key: nearest.standing === 'extension' ? 'reminder.extension' : 'reminder.daysLeft', values: { count: nearest.daysRemaining, deadline } }];
  const overdue = { key: 'reminder.overdue', values: { count: -nearest.daysRemaining, deadline } };
  return nearest.penaltyUsd === null ? [overdue] : [overdue, { key: 'reminder.penalty', values: { amount: formatUsd(nearest.penaltyUsd, language) } }];
}

/**
 * SPEC §2 pending-declarations reminder on the dashboard: the generic, multi-partner or
 * single-member/C-Corp variant, with the days left (or, overdue, the days since the deadline
 * and the Form 5472 penalty) and the company's name when exactly one;
 * its button opens the tax form. Once per session (tab), counted when closed; `onDecided`
 * says whether it opened, so the renewals reminder waits for it (SPEC §2).
 */
export function DeclarationsReminder({ language, onDecided }: { language: Language; onDecided: (opened: boolean) => void }) {
  const { t } = useTranslation('taxForm');
  // Once per session: after it was closed, nothing is asked.
  const [due] = useState(() => !sessionStorage.getItem(shownKey));
  // SPEC §7: retried; nothing shows after the last failure.
  const { data: pending, isError } = useQuery({ queryKey: ['tax-forms', 'pending'], queryFn: ({ signal }) => fetchPendingDeclarations(signal), enabled: due });
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!due || isError) return onDecided(false);
    if (!pending) return;
    const opens = reminderVariant(pending) !== null;
    setOpen(opens);
    onDecided(opens);
  }, [due, pending, isError, onDecided]);
  const variant = pending ? reminderVariant(pending) : null;
  if (!pending || !variant) return null;
  const group = variant === 'multiPartner' ? pending.llcMultiPartnerResult : variant === 'singleMember' ? pending.llcSingleMemberOrCcorpResult : null;
  const values = { company: group?.companyName ?? '', companies: group?.companiesCount ?? 0 };
  return (
    <Popup
      open={open}
      onClose={() => {
        // Seen once it is closed: a dashboard re-mounted before that shows it again.
        sessionStorage.setItem(shownKey, '1');
        setOpen(false);
      }}
      tone="warning"
      autoCloseMs={null}
      title={t(`reminder.${variant}.title`)}
    >
      <p>{group?.companyName ? t(`reminder.${variant}.bodyOne`, values) : t(`reminder.${variant}.body`, values)}</p>
      {reminderDeadlineLines(pending, language).map((line) => (
        <p key={line.key}>{t(line.key, line.values)}</p>
      ))}
      <ButtonLink to={href(language, paths.taxForm)}>{t('reminder.open')}</ButtonLink>
    </Popup>
  );
}
