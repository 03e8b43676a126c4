import { daysBetween } from '@domain/tax-deadlines';
import type { AppDeps } from '../context';
import { findUserById } from '../db/queries/users';
import { companyTaxFacts, pendingReturn, sentDeclarationYears } from '../db/queries/tax-forms';
import { taxReminders } from '../db/schema/bookkeeping';
import { logError } from '../lib/log-error';
import { renderMail } from '../providers/mail/render-mail';
import { formNames, formatDay } from '../tax-forms/labels';
import { repeatEvery } from './repeat';

/** SPEC §2 reminders: a mail this many days before each deadline of a declaration not yet sent. */
export const reminderDaysBefore = [30, 7] as const;

const hour = 60 * 60 * 1000;

/**
 * Mails each company owner whose declaration of last year is not sent, 30 and 7 days before
 * its deadline and again before the extended one. Each mail is recorded in `tax_reminders`
 * (company, deadline, step) in the transaction that sends it: with several instances running
 * the job on one PostgreSQL, the second insert waits for the first to commit and then
 * conflicts, so exactly one instance mails; a failed send rolls the record back and the
 * next run retries (a failure is logged and the other companies go on). Returns how many
 * mails this run sent.
 */
export async function sendDeclarationReminders(deps: Pick<AppDeps, 'database' | 'mailer' | 'env' | 'now'>): Promise<number> {
  const { db } = deps.database;
  const today = deps.now().toISOString().slice(0, 10);
  const taxYear = Number(today.slice(0, 4)) - 1;
  const companies = await companyTaxFacts(db, null);
  const sent = await sentDeclarationYears(
    db,
    companies.map((company) => company.id),
  );
  let mailed = 0;
  for (const company of companies) {
    const due = pendingReturn(company, taxYear, sent);
    if (!due) continue;
    for (const deadline of [due.deadline, due.extendedDeadline]) {
      const days = daysBetween(today, deadline);
      // The nearest step the day is within: a first run 5 days before sends the 7-day mail only.
      const step = [...reminderDaysBefore].sort((a, b) => a - b).find((before) => days >= 0 && days <= before);
      if (step === undefined) continue;
      // One company's failing mail must not hold back the others' reminders.
      const didSend = await db
        .transaction(async (tx) => {
          const recorded = await tx
            .insert(taxReminders)
            .values({ companyId: company.id, deadline, daysBefore: step, sentAt: deps.now() })
            .onConflictDoNothing()
            .returning();
          if (recorded.length === 0) return false;
          const owner = await findUserById(tx, company.ownerId);
          if (!owner) return false;
          const language = owner.language;
          await deps.mailer.send(
            renderMail('declarationReminder', {
              to: owner.email,
              language,
              appUrl: deps.env.APP_URL,
              values: {
                firstName: owner.firstName,
                company: company.name,
                year: taxYear,
                forms: formNames(due.forms),
                deadline: formatDay(deadline, language),
                days,
              },
            }),
          );
          return true;
        })
        .catch((error: unknown) => {
          logError('declaration reminder not sent', { companyId: company.id }, error);
          return false;
        });
      if (didSend) mailed += 1;
    }
  }
  return mailed;
}

/** Runs the reminders now and every hour on this instance; returns the stop function. */
export function startDeclarationReminders(deps: Pick<AppDeps, 'database' | 'mailer' | 'env' | 'now'>): () => void {
  return repeatEvery(hour, 'declaration reminders failed', () => sendDeclarationReminders(deps));
}
