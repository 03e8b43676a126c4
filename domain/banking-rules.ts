import type { BankAccountInput, Withdrawal } from './banking-forms';
import { feeCents, type BankRegion, type WithdrawalRail } from './banking-terms';
import { withdrawalLimits } from './constants';

/**
 * The banking forms' rules across fields (SPEC §5 withdrawals and bank accounts), apart from
 * their schemas in `banking-forms.ts`, which apply them too: the banking screen checks a form
 * with these without loading zod (decision 078).
 */

const wireMessage = /^[A-Za-z0-9 ]*$/;
const sepaReference = /^[A-Za-z0-9 &\-./]+$/;

export interface RuleIssue {
  path: string;
  message: string;
}

/** SPEC §5 withdrawal rules that do not need the balance (the server checks it atomically). */
export function withdrawalIssues(withdrawal: Pick<Withdrawal, 'rail' | 'bankAccountId' | 'walletAddress' | 'amountCents' | 'reference'>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const { rail, amountCents } = withdrawal;
  if (amountCents < withdrawalLimits.minimumUsd * 100) issues.push({ path: 'amountCents', message: 'banking.validation.minimumAmount' });
  else if (amountCents - feeCents(rail, amountCents) < withdrawalLimits.minimumAfterFeesUsd * 100) {
    issues.push({ path: 'amountCents', message: 'banking.validation.minimumAfterFees' });
  }
  if (rail === 'tron') {
    if ((withdrawal.walletAddress ?? '').length < 30) issues.push({ path: 'walletAddress', message: 'banking.validation.walletAddress' });
  } else if (!withdrawal.bankAccountId) {
    issues.push({ path: 'bankAccountId', message: 'validation.required' });
  }
  const reference = withdrawal.reference ?? '';
  switch (rail) {
    case 'wire':
      if (reference.length > 255 || !wireMessage.test(reference)) issues.push({ path: 'reference', message: 'banking.validation.wireMessage' });
      break;
    case 'sepa':
      if (reference.length < 6 || reference.length > 140 || !sepaReference.test(reference))
        issues.push({ path: 'reference', message: 'banking.validation.sepaReference' });
      break;
    case 'ach':
    case 'ach_same_day':
      if (reference.length > 10) issues.push({ path: 'reference', message: 'banking.validation.achReference' });
      break;
    case 'spei':
      if (reference.length < 1 || reference.length > 40) issues.push({ path: 'reference', message: 'banking.validation.speiReference' });
      break;
    case 'tron':
      break;
  }
  return issues;
}

/** A street with its number and its name: "123 Main St", "Calle Mayor 5", "Av. Paulista, 1000". */
export const hasStreetNumberAndName = (street: string) => /\d/.test(street) && /\p{L}{2,}/u.test(street);

/** Postal codes by region: US ZIP (5 or 9), 4–10 letters/digits for the EU, 5 digits in Mexico. */
const postalCodePatterns: Record<BankRegion, RegExp> = {
  US: /^\d{5}(?:-\d{4})?$/,
  EU: /^[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/,
  MX: /^\d{5}$/,
};

/** SPEC §5 bank-account rules across fields. */
export function bankAccountIssues(account: BankAccountInput): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (account.ownerType === 'person') {
    if (!account.firstName) issues.push({ path: 'firstName', message: 'validation.required' });
    if (!account.lastName) issues.push({ path: 'lastName', message: 'validation.required' });
  } else if (!account.businessName) {
    issues.push({ path: 'businessName', message: 'validation.required' });
  }
  if (account.region === 'MX') {
    if (!/^\d{18}$/.test(account.clabe ?? '')) issues.push({ path: 'clabe', message: 'banking.validation.clabe' });
  } else if (!account.accountNumber) {
    issues.push({ path: 'accountNumber', message: 'validation.required' });
  } else if (account.region === 'US' && !/^\d{4,17}$/.test(account.accountNumber)) {
    issues.push({ path: 'accountNumber', message: 'banking.validation.accountNumber' });
  } else if (account.region === 'EU' && !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(account.accountNumber.replace(/\s/g, '').toUpperCase())) {
    issues.push({ path: 'accountNumber', message: 'banking.validation.iban' });
  }
  if (account.region === 'US' && !/^\d{9}$/.test(account.routingNumber ?? ''))
    issues.push({ path: 'routingNumber', message: 'banking.validation.routingNumber' });
  if (account.bic && !/^[A-Za-z0-9]{8,11}$/.test(account.bic)) issues.push({ path: 'bic', message: 'banking.validation.bic' });
  if (!hasStreetNumberAndName(account.street)) issues.push({ path: 'street', message: 'banking.validation.street' });
  if (!postalCodePatterns[account.region].test(account.postalCode)) issues.push({ path: 'postalCode', message: 'banking.validation.postalCode' });
  return issues;
}

/** The rails a bank account of a region can receive. */
export const railsOfRegion: Record<BankRegion, readonly WithdrawalRail[]> = {
  US: ['wire', 'ach_same_day', 'ach'],
  EU: ['sepa'],
  MX: ['spei'],
};
