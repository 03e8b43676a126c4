/** Business constants of SPEC §9, shared by browser, workers and server. */

export const languages = ['es', 'en', 'pt'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'es';

/** True when `value` is one of Alta's languages. */
export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (languages as readonly string[]).includes(value);

export const toastDurationMs = 3000;
export const closingAnimationMs = 300;
export const redirectCountdownSeconds = 3;

/** The special characters a password needs one of (SPEC §5); here so the live checklist loads without the schemas. */
export const passwordSpecials = '!@#*?$';

/**
 * The header that carries a guest draft's secret (never the query string, which servers log).
 * Here rather than in `draft.ts` so the login page sends it without loading zod.
 */
export const draftSecretHeader = 'X-Draft-Secret';

export const retry = { tries: 3, delayMs: 1000 } as const;
export const usersPageSize = 25;
export const statementMonthOptions = 7;

export const annualDiscount = 0.15;
export const companyCreationFromUsd = 450;

export const minimumSiteAge = 16;
export const minimumOwnerAge = 18;
export const ownershipDisclosureThreshold = 25;

export const fileLimits = {
  generalBytes: 20_971_520,
  receiptBytes: 5_242_880,
  transactionBatchBytes: 2_097_152,
  cryptoKybBytes: 20 * 1024 * 1024,
} as const;

export const withdrawalLimits = {
  minimumUsd: 100,
  minimumAfterFeesUsd: 10,
  liquidationMinimumUsd: 20_000,
} as const;

export const breakpoints = { xs: 410, sm: 768, md: 920, lg: 1024, xl: 1284 } as const;
