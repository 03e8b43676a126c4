import { eq } from 'drizzle-orm';
import type { Language } from '@domain/constants';
import { holdReasons, personToPersonLimitCents, type HoldReason } from '@domain/incoming-payments';
import { formatUsd } from '@domain/plans';
import { sendMailInBackground } from '../auth/mails';
import type { AppDeps } from '../context';
import { findCompanyForStaff } from '../db/queries/companies';
import { walletTransactions } from '../db/schema/banking';
import { renderMail } from '../providers/mail/render-mail';

const dateLocales: Record<Language, string> = { es: 'es-419', en: 'en-US', pt: 'pt-BR' };
const isHoldReason = (reason: string | null): reason is HoldReason => holdReasons.includes(reason as HoldReason);

/** Tells the company's owner, in their language, that SPEC §1 held an incoming payment: why, and what they can do. */
export async function mailHeldPayment(deps: AppDeps, transactionId: string) {
  const db = deps.database.db;
  const [row] = await db.select().from(walletTransactions).where(eq(walletTransactions.id, transactionId));
  if (!row || !isHoldReason(row.holdReason)) return;
  const found = await findCompanyForStaff(db, row.companyId);
  if (!found) return;
  const language = found.owner.language;
  sendMailInBackground(
    deps,
    'paymentHeld',
    renderMail('paymentHeld', {
      to: found.owner.email,
      language,
      appUrl: deps.env.APP_URL,
      values: {
        firstName: found.owner.firstName,
        company: found.company.nameOption1,
        amount: formatUsd(row.amountCents, language),
        sender: row.senderName ?? row.counterparty,
        date: new Intl.DateTimeFormat(dateLocales[language], { dateStyle: 'long', timeZone: 'UTC' }).format(row.createdAt),
        limit: formatUsd(personToPersonLimitCents, language),
        reason: row.holdReason,
      },
    }),
  );
}
