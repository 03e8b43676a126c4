import { z } from 'zod';
import { holdReasons } from './incoming-payments';
import { kybSubmittedSchema } from './kyb-record';
import { bankRegions, verificationStatuses, walletCurrencies, walletTransactionStatuses, withdrawalRails } from './banking-terms';

/**
 * Banking and crypto (SPEC §3, §4, §5, §9): the states, rails, fee tiers and the views the
 * banking screen reads (the forms and their rules are in banking-forms.ts). Money is integer
 * cents everywhere (a stablecoin is worth one US cent per cent); a float never carries an amount.
 */

// The states, rails and fees without the views' schemas, so the banking screen paints without zod (decision 078).
export {
  centsToDecimal,
  decimalToCents,
  depositRails,
  feeCents,
  feeTier,
  liquidationNetworks,
  parseUsdInput,
  reversedStatuses,
  verificationStatuses,
  walletTransactionStatuses,
  type BankRegion,
  type DepositRail,
  type VerificationStatus,
  type WalletTransactionStatus,
  type WithdrawalRail,
} from './banking-terms';

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
