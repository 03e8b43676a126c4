/**
 * Banking and crypto's vocabulary (SPEC §3, §4, §9): the states, rails, regions and fee tiers,
 * without the schemas of the views (`banking.ts`, which re-exports it), so the banking screen
 * paints without zod (decision 078). Money is integer cents everywhere.
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

export const bankRegions = ['US', 'EU', 'MX'] as const;
export type BankRegion = (typeof bankRegions)[number];

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

/** The network each liquidation currency arrives on. */
export const liquidationNetworks = { usdc: 'solana', usdt: 'tron' } as const;
