import { eq } from 'drizzle-orm';
import { longDate } from '@domain/locale-formats';
import { holdReasons, personToPersonLimitCents, type HoldReason } from '@domain/incoming-payments';
import { formatUsd } from '@domain/plans';
import { sendMailInBackground } from '../auth/mails';
import type { AppDeps } from '../context';
import { findCompanyForStaff } from '../db/queries/companies';
import { walletTransactions } from '../db/schema/banking';
import { renderMail } from '../providers/mail/render-mail';

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
        date: longDate(row.createdAt, language),
        limit: formatUsd(personToPersonLimitCents, language),
        reason: row.holdReason,
      },
    }),
  );
}
