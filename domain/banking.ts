import { z } from 'zod';
import { withdrawalLimits } from './constants';
import { holdReasons } from './incoming-payments';
import { kybSubmittedSchema } from './kyb';

/**
 * Banking and crypto (SPEC §3, §4, §5, §9): the withdrawal and bank-account forms, their
 * rules, the fee tiers and the cut-off times. Money is integer cents everywhere (a stablecoin
 * is worth one US cent per cent); a float never carries an amount.
 */

/** SPEC §4 banking verification states. */
export const verificationStatuses = ['pending', 'underReview', 'awaitingUbo', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/**
 * SPEC §4 wallet transaction states, as the provider names them, and Alta's own `pending`: a
 * withdrawal the provider has not answered for yet (its answer was lost: a timeout, an outage),
 * until the provider says what became of it (issue 30).
 */
export const walletTransactionStatuses = [
  'pending',
  'payment_processed',
  'awaiting_funds',
  'in_review',
  'payment_submitted',
  'funds_scheduled',
  'under_review',
  'funds_received',
  'microdeposit',
  'activation',
  'canceled',
  'error',
  'undeliverable',
  'returned',
  'refunded',
  'deactivation',
] as const;
export type WalletTransactionStatus = (typeof walletTransactionStatuses)[number];

/** States after which a withdrawal's money is back in the balance. */
export const reversedStatuses: readonly WalletTransactionStatus[] = ['canceled', 'error', 'undeliverable', 'returned', 'refunded'];

export const walletCurrencies = ['usd', 'usdc', 'usdt'] as const;

/** Withdrawal rails: bank (wire, same-day or next-day ACH, SEPA, SPEI) or crypto (USDT on TRON). */
export const withdrawalRails = ['wire', 'ach_same_day', 'ach', 'sepa', 'spei', 'tron'] as const;
export type WithdrawalRail = (typeof withdrawalRails)[number];

/**
 * What the virtual accounts take in (SPEC §1): ACH push and US wire to the USD account, SEPA to
 * the EUR one, SPEI to the MXN one. SWIFT is not among them.
 */
export const depositRails = ['ach_push', 'wire', 'sepa', 'spei'] as const;
export type DepositRail = (typeof depositRails)[number];

/** Fee of one tier: basis points of the amount plus a fixed part in cents. */
export interface FeeRate {
  bps: number;
  fixedCents: number;
}

/**
 * SPEC §9 tiers: under $200,000, $200,000 to $499,999.99, $500,000 and above. The rates are
 * configuration (the SPEC gives none): this table is the one place they live, read by the
 * preview in the browser and recomputed by the server before anything is sent.
 */
export const feeTierFloorsCents = [0, 20_000_000, 50_000_000] as const;

export const feeSchedule: Record<
  WithdrawalRail | 'liquidation_usdc' | 'liquidation_usdt' | 'deposit_usdt' | `deposit_${DepositRail}`,
  readonly [FeeRate, FeeRate, FeeRate]
> = {
  wire: [
    { bps: 50, fixedCents: 2_500 },
    { bps: 35, fixedCents: 2_500 },
    { bps: 20, fixedCents: 2_500 },
  ],
  ach_same_day: [
    { bps: 40, fixedCents: 500 },
    { bps: 30, fixedCents: 500 },
    { bps: 15, fixedCents: 500 },
  ],
  ach: [
    { bps: 30, fixedCents: 0 },
    { bps: 20, fixedCents: 0 },
    { bps: 10, fixedCents: 0 },
  ],
  sepa: [
    { bps: 50, fixedCents: 300 },
    { bps: 35, fixedCents: 300 },
    { bps: 20, fixedCents: 300 },
  ],
  spei: [
    { bps: 50, fixedCents: 200 },
    { bps: 35, fixedCents: 200 },
    { bps: 20, fixedCents: 200 },
  ],
  tron: [
    { bps: 30, fixedCents: 100 },
    { bps: 20, fixedCents: 100 },
    { bps: 10, fixedCents: 100 },
  ],
  liquidation_usdc: [
    { bps: 50, fixedCents: 0 },
    { bps: 35, fixedCents: 0 },
    { bps: 20, fixedCents: 0 },
  ],
  liquidation_usdt: [
    { bps: 75, fixedCents: 0 },
    { bps: 50, fixedCents: 0 },
    { bps: 30, fixedCents: 0 },
  ],
  deposit_usdt: [
    { bps: 25, fixedCents: 0 },
    { bps: 15, fixedCents: 0 },
    { bps: 10, fixedCents: 0 },
  ],
  // SPEC §9: bank deposits are free. Each rail keeps its own row so a rate is one edit here.
  deposit_ach_push: [
    { bps: 0, fixedCents: 0 },
    { bps: 0, fixedCents: 0 },
    { bps: 0, fixedCents: 0 },
  ],
  deposit_wire: [
    { bps: 0, fixedCents: 0 },
    { bps: 0, fixedCents: 0 },
    { bps: 0, fixedCents: 0 },
  ],
  deposit_sepa: [
    { bps: 0, fixedCents: 0 },
    { bps: 0, fixedCents: 0 },
    { bps: 0, fixedCents: 0 },
  ],
  deposit_spei: [
    { bps: 0, fixedCents: 0 },
    { bps: 0, fixedCents: 0 },
    { bps: 0, fixedCents: 0 },
  ],
};

/** The tier (0, 1, 2) of an amount in cents. */
export function feeTier(amountCents: number): 0 | 1 | 2 {
  if (amountCents >= feeTierFloorsCents[2]) return 2;
  if (amountCents >= feeTierFloorsCents[1]) return 1;
  return 0;
}

/** The fee in cents for `amountCents` on `rail`: the tier's basis points rounded up to the cent, plus its fixed part. */
export function feeCents(rail: keyof typeof feeSchedule, amountCents: number): number {
  const rate = feeSchedule[rail][feeTier(amountCents)];
  // Integer arithmetic: bps × cents stays far below 2^53 for any amount a form accepts.
  return Math.ceil((amountCents * rate.bps) / 10_000) + rate.fixedCents;
}

/** Reads a dollar amount typed as `1234.56` (no grouping) into cents; null if it is not one. */
export function parseUsdInput(text: string): number | null {
  const match = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number(((match[2] ?? '') + '00').slice(0, 2));
}

/** Cents as a decimal string for the provider: 12345 → "123.45". */
export const centsToDecimal = (cents: number) => `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** A provider's decimal string ("75.0", "12.345") into cents, rounded half up on the digits. */
export function decimalToCents(decimal: string): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) throw new Error(`Not a decimal amount: ${decimal}`);
  const fraction = match[3] ?? '';
  let cents = Number(match[2]) * 100 + Number((fraction + '00').slice(0, 2));
  if (fraction.length > 2 && Number(fraction[2]) >= 5) cents += 1;
  return match[1] === '-' ? -cents : cents;
}

const wireMessage = /^[A-Za-z0-9 ]*$/;
const sepaReference = /^[A-Za-z0-9 &\-./]+$/;

/** The withdrawal form (SPEC §3 Withdrawal, §5 Withdrawals): amount in cents; the company is in the path. */
export const withdrawalRequestSchema = z
  .object({
    rail: z.enum(withdrawalRails, { error: 'validation.required' }),
    /** The bank account (external account) for bank rails. */
    bankAccountId: z.uuid({ error: 'validation.required' }).optional(),
    /** The TRON wallet address for the crypto rail. */
    walletAddress: z.string().trim().max(128, { error: 'banking.validation.walletAddress' }).optional(),
    amountCents: z.number({ error: 'validation.required' }).int({ error: 'validation.invalid' }).max(100_000_000_000, { error: 'validation.invalid' }),
    reference: z.string().max(255, { error: 'banking.validation.wireMessage' }).optional(),
  })
  .strict()
  .superRefine((withdrawal, ctx) => {
    for (const issue of withdrawalIssues(withdrawal)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type Withdrawal = z.infer<typeof withdrawalRequestSchema>;

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

export const bankRegions = ['US', 'EU', 'MX'] as const;
export type BankRegion = (typeof bankRegions)[number];

const holderName = z
  .string({ error: 'validation.required' })
  .trim()
  .min(3, { error: 'banking.validation.holderName' })
  .max(35, { error: 'banking.validation.holderName' });

/** A street with its number and its name: "123 Main St", "Calle Mayor 5", "Av. Paulista, 1000". */
export const hasStreetNumberAndName = (street: string) => /\d/.test(street) && /\p{L}{2,}/u.test(street);

/** Postal codes by region: US ZIP (5 or 9), 4–10 letters/digits for the EU, 5 digits in Mexico. */
const postalCodePatterns: Record<BankRegion, RegExp> = {
  US: /^\d{5}(?:-\d{4})?$/,
  EU: /^[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/,
  MX: /^\d{5}$/,
};

/** The bank account to add (SPEC §3, §5 Bank account); the company is in the path. */
export const bankAccountSchema = z
  .object({
    region: z.enum(bankRegions, { error: 'validation.required' }),
    ownerType: z.enum(['person', 'business'], { error: 'validation.required' }),
    bankName: z.string({ error: 'validation.required' }).trim().min(2, { error: 'validation.required' }).max(80, { error: 'validation.invalid' }),
    firstName: holderName.optional(),
    lastName: holderName.optional(),
    businessName: holderName.optional(),
    /** US account number or EU IBAN. */
    accountNumber: z.string().trim().max(34, { error: 'validation.invalid' }).optional(),
    routingNumber: z.string().trim().optional(),
    bic: z.string().trim().optional(),
    clabe: z.string().trim().optional(),
    street: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(35, { error: 'banking.validation.street' }),
    city: z.string({ error: 'validation.required' }).trim().min(2, { error: 'validation.required' }).max(35, { error: 'validation.invalid' }),
    state: z.string().trim().max(35, { error: 'validation.invalid' }).optional(),
    postalCode: z.string({ error: 'validation.required' }).trim(),
    country: z.string({ error: 'validation.required' }).trim().length(2, { error: 'validation.country' }),
  })
  .strict()
  .superRefine((account, ctx) => {
    for (const issue of bankAccountIssues(account)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type BankAccountInput = z.infer<typeof bankAccountSchema>;

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

/** SPEC §5 "2FA code is 6 digits". */
export const twoFactorCodeSchema = z.string({ error: 'validation.required' }).regex(/^\d{6}$/, { error: 'banking.validation.code' });

/** A bank account as the screen lists it (never the full account number). */
export const bankAccountViewSchema = z.object({
  id: z.string(),
  region: z.enum(bankRegions),
  ownerType: z.enum(['person', 'business']),
  bankName: z.string(),
  holderName: z.string(),
  last4: z.string(),
  createdAt: z.string(),
});
export type BankAccountView = z.infer<typeof bankAccountViewSchema>;

/** SPEC §3 Wallet transaction: date, origin/destination, amount, status, sender, bank, hash. */
export const walletTransactionSchema = z.object({
  id: z.string(),
  date: z.string(),
  direction: z.enum(['incoming', 'outgoing']),
  rail: z.string(),
  currency: z.enum(walletCurrencies),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  status: z.enum(walletTransactionStatuses),
  counterparty: z.string(),
  senderName: z.string().nullable(),
  fromBank: z.string().nullable(),
  hash: z.string().nullable(),
  reference: z.string().nullable(),
  /** Why an incoming payment is held for review (SPEC §1's rule, or the provider's own review); null otherwise. */
  holdReason: z.enum([...holdReasons, 'provider_review']).nullable(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

/** SPEC §3 Liquidation address: date, currency, network, bank, beneficiary, method, address. */
export const liquidationAddressViewSchema = z.object({
  id: z.string(),
  date: z.string(),
  currency: z.enum(['usdc', 'usdt']),
  network: z.string(),
  bank: z.string(),
  beneficiary: z.string(),
  method: z.enum(withdrawalRails),
  address: z.string(),
});
export type LiquidationAddressView = z.infer<typeof liquidationAddressViewSchema>;

export const liquidationAddressSchema = z
  .object({
    currency: z.enum(['usdc', 'usdt'], { error: 'validation.required' }),
    bankAccountId: z.uuid({ error: 'validation.required' }),
    method: z.enum(['wire', 'ach', 'ach_same_day', 'sepa', 'spei'], { error: 'validation.required' }),
  })
  .strict();
export type LiquidationAddressInput = z.infer<typeof liquidationAddressSchema>;

/** The network each liquidation currency arrives on. */
export const liquidationNetworks = { usdc: 'solana', usdt: 'tron' } as const;

/**
 * The bank-account screen of one company. Without two-factor access only `twoFactor` is
 * filled: a teammate without it, like any other user, gets nothing else.
 */
export const bankingOverviewSchema = z.object({
  twoFactor: z.object({
    enabled: z.boolean(),
    /** Whether this user may generate a QR for this company (the owner; a teammate once the owner has). */
    canSetUp: z.boolean(),
    /** This session entered a valid code recently enough to see banking. */
    access: z.boolean(),
    /** Seconds left of the step-up that lets money move (0 when none). */
    stepUpSeconds: z.number().int(),
  }),
  relation: z.enum(['owner', 'teammate']),
  impersonated: z.boolean(),
  /** SPEC §1: the residence country (ISO code) that closes banking to this company, said before any KYB; null when open. */
  bankingUnavailable: z.string().nullable(),
  /** The KYB this company gives: the full form, or the basic crypto KYB of a Cross Border Crypto company. */
  kybKind: z.enum(['business', 'crypto']),
  /** The submitted KYB (read-only), or null while none is. */
  kyb: kybSubmittedSchema.nullable(),
  profile: z
    .object({
      status: z.enum(verificationStatuses),
      kycUrl: z.string(),
      /** Where each rail pays in, per virtual account (null until the provider opened it). */
      virtualAccounts: z.object({
        usd: z
          .object({
            bankName: z.string(),
            bankAddress: z.string(),
            beneficiaryName: z.string(),
            accountNumber: z.string(),
            routingNumber: z.string(),
            rails: z.array(z.string()),
          })
          .nullable(),
        eur: z.object({ bankName: z.string(), bankAddress: z.string(), beneficiaryName: z.string(), iban: z.string(), bic: z.string() }).nullable(),
        mxn: z.object({ bankName: z.string(), bankAddress: z.string(), beneficiaryName: z.string(), clabe: z.string() }).nullable(),
      }),
      walletAddress: z.string().nullable(),
    })
    .nullable(),
  balances: z.record(z.enum(walletCurrencies), z.number().int()).nullable(),
  bankAccounts: z.array(bankAccountViewSchema).nullable(),
  liquidationAddresses: z.array(liquidationAddressViewSchema).nullable(),
});
export type BankingOverview = z.infer<typeof bankingOverviewSchema>;
