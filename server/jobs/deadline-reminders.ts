import { reminderStepOf } from '@domain/company-deadlines';
import { deadlineTitle } from '../calendar/deadline-labels';
import type { AppDeps } from '../context';
import { companiesPage, deadlinesOf } from '../db/queries/calendar';
import { dayOf } from '../db/queries/renewals';
import { findUserById } from '../db/queries/users';
import { deadlineReminders } from '../db/schema/calendar';
import { logError } from '../lib/log-error';
import { renderMail } from '../providers/mail/render-mail';
import { formatDay } from '../tax-forms/labels';
import { repeatEvery } from './repeat';

/** Companies read per step: the job's work is bounded per step, whatever the number of companies. */
const pageSize = 200;
const hour = 60 * 60 * 1000;

/**
 * Mails each company owner 30, 7 and 1 days before every deadline of the calendar
 * (domain/company-deadlines.ts, `reminderStepOf`), in the owner's language. Each mail is recorded
 * in `deadline_reminders` (company, deadline key, step) in the transaction that sends it: with
 * several instances on one PostgreSQL the second insert waits for the first to commit, then
 * conflicts, so exactly one instance mails; a failed send rolls the record back and the next run
 * retries (logged; the other reminders go on). Returns how many mails this run sent.
 */
export async function sendDeadlineReminders(deps: Pick<AppDeps, 'database' | 'mailer' | 'env' | 'now'>): Promise<number> {
  const { db } = deps.database;
  const today = dayOf(deps.now());
  let mailed = 0;
  let after: string | null = null;
  for (;;) {
    const rows = await companiesPage(db, after, pageSize);
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    const owners = new Map(rows.map((row) => [row.id, row.ownerId]));
    for (const deadline of await deadlinesOf(db, rows, today)) {
      const step = reminderStepOf(deadline);
      if (step === null) continue;
      const didSend = await db
        .transaction(async (tx) => {
          const recorded = await tx
            .insert(deadlineReminders)
            .values({ companyId: deadline.companyId, deadlineKey: deadline.key, daysBefore: step, sentAt: deps.now() })
            .onConflictDoNothing()
            .returning();
          if (recorded.length === 0) return false;
          const owner = await findUserById(tx, owners.get(deadline.companyId)!);
          if (!owner) return false;
          const { language } = owner;
          await deps.mailer.send(
            renderMail('deadlineReminder', {
              to: owner.email,
              language,
              appUrl: deps.env.APP_URL,
              values: {
                firstName: owner.firstName,
                company: deadline.companyName,
                companyId: deadline.companyId,
                what: deadlineTitle(deadline, language),
                deadline: formatDay(deadline.date, language),
              },
            }),
          );
          return true;
        })
        .catch((error: unknown) => {
          logError('deadline reminder not sent', { companyId: deadline.companyId, deadline: deadline.key }, error);
          return false;
        });
      if (didSend) mailed += 1;
    }
    if (rows.length < pageSize) break;
  }
  return mailed;
}

/** Runs the reminders now and every hour on this instance; every instance may run it. Returns the stop function. */
export function startDeadlineReminders(deps: Pick<AppDeps, 'database' | 'mailer' | 'env' | 'now'>): () => void {
  return repeatEvery(hour, 'deadline reminders failed', () => sendDeadlineReminders(deps));
}
