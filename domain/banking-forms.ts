import { z } from 'zod';
import { bankRegions, withdrawalRails } from './banking-terms';
import { bankAccountIssues, withdrawalIssues } from './banking-rules';

/**
 * The banking forms (SPEC §3, §5): what a withdrawal, a bank account and a liquidation address
 * must hold, with the rules across their fields. The browser checks them before sending and
 * the server again before anything reaches the provider.
 */

// The rules across fields, apart from the schemas, so the forms check them without zod (decision 078).
export { bankAccountIssues, railsOfRegion, withdrawalIssues } from './banking-rules';
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

const holderName = z
  .string({ error: 'validation.required' })
  .trim()
  .min(3, { error: 'banking.validation.holderName' })
  .max(35, { error: 'banking.validation.holderName' });

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

/** SPEC §5 "2FA code is 6 digits". */
export const twoFactorCodeSchema = z.string({ error: 'validation.required' }).regex(/^\d{6}$/, { error: 'banking.validation.code' });

export const liquidationAddressSchema = z
  .object({
    currency: z.enum(['usdc', 'usdt'], { error: 'validation.required' }),
    bankAccountId: z.uuid({ error: 'validation.required' }),
    method: z.enum(['wire', 'ach', 'ach_same_day', 'sepa', 'spei'], { error: 'validation.required' }),
  })
  .strict();
export type LiquidationAddressInput = z.infer<typeof liquidationAddressSchema>;
