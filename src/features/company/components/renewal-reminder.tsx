import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RenewalSummary } from '@domain/renewal';
import { Button } from '@src/components/button';
import dialog from '@src/components/dialog/dialog.module.css';
import { useModalDialog } from '@src/components/dialog/use-modal-dialog';
import { useCurrentUser } from '@src/features/session/session-store';
import { href, paths } from '@src/lib/paths';
import { getRenewalSummary } from '../api/company-api';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

/** Which text the reminder shows (SPEC §2): one company by name, or a count of pending, overdue or both. */
export function reminderVariant(
  summary: RenewalSummary,
): { kind: 'none' } | { kind: 'one'; id: string; name: string; overdue: boolean } | { kind: 'pending' | 'overdue' | 'both' } {
  const total = summary.pendingCount + summary.overdueCount;
  if (total === 0) return { kind: 'none' };
  const companies = [...summary.overdueCompanies, ...summary.pendingCompanies];
  if (total === 1 && companies.length === 1) return { kind: 'one', id: companies[0]!.id, name: companies[0]!.name, overdue: summary.overdueCount === 1 };
  if (summary.pendingCount === 0) return { kind: 'overdue' };
  if (summary.overdueCount === 0) return { kind: 'pending' };
  return { kind: 'both' };
}

/**
 * The renewals reminder modal (SPEC §2): once per load of the signed-in area, when pending plus
 * overdue is above 0; `Reminders` mounts it only when neither the new-company popup nor the
 * declarations modal is due. With exactly one such
 * company it offers "view details" (its renewal page); otherwise an OK and a count.
 */
export function RenewalReminder() {
  const { t } = useTranslation('company');
  const language = useLanguage();
  const navigate = useNavigate();
  const userId = useCurrentUser()?.id;
  // SPEC §7: 3 tries 1 s apart, nothing on failure (no modal then).
  const { data: summary } = useQuery({ queryKey: ['renewals', 'summary'], queryFn: ({ signal }) => getRenewalSummary(signal), enabled: Boolean(userId) });
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const { ref, dialogProps } = useModalDialog(open, () => setOpen(false));

  useEffect(() => {
    if (summary && summary.pendingCount + summary.overdueCount > 0) setOpen(true);
  }, [summary]);

  if (!summary) return null;
  const variant = reminderVariant(summary);
  if (variant.kind === 'none') return null;
  return (
    <dialog ref={ref} className={dialog.dialog} aria-labelledby={titleId} {...dialogProps}>
      <h2 id={titleId} className={dialog.title}>
        {t('reminder.title')}
      </h2>
      <p className={dialog.description}>
        {variant.kind === 'one'
          ? t(variant.overdue ? 'reminder.oneOverdue' : 'reminder.onePending', { name: variant.name })
          : variant.kind === 'both'
            ? t('reminder.both', { pending: summary.pendingCount, overdue: summary.overdueCount })
            : t(`reminder.${variant.kind}`, { count: variant.kind === 'pending' ? summary.pendingCount : summary.overdueCount })}
      </p>
      <div className={dialog.actions}>
        {variant.kind === 'one' ? (
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('reminder.later')}
            </Button>
            <Button
              autoFocus
              onClick={() => {
                setOpen(false);
                void navigate(href(language, paths.companyRenewal(variant.id)));
              }}
            >
              {t('reminder.viewDetails')}
            </Button>
          </>
        ) : (
          <Button autoFocus onClick={() => setOpen(false)}>
            {t('reminder.ok')}
          </Button>
        )}
      </div>
    </dialog>
  );
}
