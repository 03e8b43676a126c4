import { longDate } from '@domain/locale-formats';
import type { AppDeps } from '../context';
import { claimRenewalReminder, markRenewalReminderSent, renewableCompaniesPage, renewalStatesOf } from '../db/queries/renewals';
import { renderMail } from '../providers/mail/render-mail';
import { repeatEvery } from './repeat';

/** Companies read per query: the job's work is bounded per step, whatever the number of companies. */
const pageSize = 200;
/** A claim with no mail after this long belongs to an instance that died: another may take it over. */
export const renewalReminderClaimMs = 10 * 60_000;
const hour = 60 * 60_000;

/**
 * Sends the renewal reminders due now: one when a company's renewal enters its window
 * ('upcoming'), one when it becomes overdue. Each (company, due date, stage) is claimed in the
 * database before its mail goes out, so instances sharing a database send it exactly once.
 */
export async function sendRenewalReminders(deps: AppDeps): Promise<{ sent: number }> {
  const db = deps.database.db;
  let sent = 0;
  let after: string | null = null;
  for (;;) {
    const rows = await renewableCompaniesPage(db, after, pageSize);
    if (rows.length === 0) break;
    after = rows.at(-1)!.company.id;
    const now = deps.now();
    const states = await renewalStatesOf(
      db,
      rows.map((row) => row.company),
      now,
    );
    for (const [index, { company, state }] of states.entries()) {
      if (!state.dueDate || (state.status !== 'WITHIN_TIMEFRAME' && state.status !== 'OVERDUE')) continue;
      const reminder = { companyId: company.id, dueDate: state.dueDate, stage: state.status === 'OVERDUE' ? ('overdue' as const) : ('upcoming' as const) };
      if (!(await claimRenewalReminder(db, reminder, now, new Date(now.getTime() - renewalReminderClaimMs)))) continue;
      const owner = rows[index]!;
      const dueDate = longDate(new Date(`${state.dueDate}T00:00:00Z`), owner.ownerLanguage);
      await deps.mailer.send(
        renderMail('renewalReminder', {
          to: owner.ownerEmail,
          language: owner.ownerLanguage,
          appUrl: deps.env.APP_URL,
          values: { firstName: owner.ownerFirstName, companyName: company.nameOption1, companyId: company.id, dueDate, stage: reminder.stage },
        }),
      );
      await markRenewalReminderSent(db, reminder, deps.now());
      sent += 1;
    }
    if (rows.length < pageSize) break;
  }
  return { sent };
}

/** Runs the reminders now and every hour on this instance; every instance may run it. Returns the stop function. */
export function startRenewalReminders(deps: AppDeps): () => void {
  // A failed mail leaves its claim unsent: after the claim goes stale the next run sends it.
  return repeatEvery(hour, 'renewal reminders failed', () => sendRenewalReminders(deps));
}
