import { eq } from 'drizzle-orm';
import { bankingUnavailableResidence } from '@domain/company';
import { isBankingAvailable } from '@domain/countries';
import type { SessionUser } from '../context';
import type { Db } from '../db/client';
import { findCompanyOf } from '../db/queries/companies';
import { twoFactorSecrets } from '../db/schema/banking';
import { ProblemError } from '../lib/problem';
import { sessionWindow } from './two-factor';

export type BankingCompany = NonNullable<Awaited<ReturnType<typeof findCompanyOf>>>;

export interface BankingAccess {
  company: BankingCompany;
  enabled: boolean;
  access: boolean;
  stepUp: boolean;
  stepUpSeconds: number;
}

/** The company (owner or teammate only, else 404) and what this session may do with its banking. */
export async function bankingAccessOf(db: Db, user: SessionUser, companyId: string, now: Date): Promise<BankingAccess> {
  const company = await findCompanyOf(db, user.id, companyId);
  if (!company) throw new ProblemError(404, 'not_found');
  const [secret] = await db.select({ confirmedAt: twoFactorSecrets.confirmedAt }).from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
  const enabled = Boolean(secret?.confirmedAt);
  const window = enabled ? await sessionWindow(db, user.id, user.familyId, now) : { access: false, stepUp: false, stepUpSeconds: 0 };
  return { company, enabled, ...window };
}

/** Reading banking: a confirmed two-factor and a code entered in this session. */
export async function requireBankingAccess(db: Db, user: SessionUser, companyId: string, now: Date): Promise<BankingAccess> {
  const access = await bankingAccessOf(db, user, companyId, now);
  if (!access.enabled) throw new ProblemError(403, 'two_factor_required');
  if (!access.access) throw new ProblemError(403, 'two_factor_step_up_required');
  return access;
}

/**
 * Moving money or changing where it goes (withdrawal, bank account, liquidation address): a
 * fresh step-up. An admin acting as the user never gets here (`refuseUnsafeWhileImpersonating`
 * refuses every unsafe method not on its list): they would be spending the customer's money with
 * the customer's authority.
 */
export async function requireMoneyMovement(db: Db, user: SessionUser, companyId: string, now: Date): Promise<BankingAccess> {
  const access = await bankingAccessOf(db, user, companyId, now);
  if (!access.enabled) throw new ProblemError(403, 'two_factor_required');
  if (!access.stepUp) throw new ProblemError(403, 'two_factor_step_up_required');
  return access;
}

/**
 * SPEC §6: only the owner generates the banking QR. A teammate generates their own once the
 * owner has opened banking with theirs, so every person who sees the money has their own code.
 */
export async function mayGenerateQr(db: Db, company: BankingCompany): Promise<boolean> {
  if (company.relation === 'owner') return true;
  const [owner] = await db
    .select({ confirmedAt: twoFactorSecrets.confirmedAt })
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, company.company.ownerId));
  return Boolean(owner?.confirmedAt);
}

/** SPEC §1: the residence that closes banking to this company (a partner's, or the crypto owner's), or null. */
export function sanctionedResidence(company: BankingCompany): string | null {
  const fromPartners = bankingUnavailableResidence(company.partners);
  if (fromPartners) return fromPartners;
  const residence = company.company.details?.residenceCountry;
  return typeof residence === 'string' && !isBankingAvailable(residence) ? residence : null;
}
