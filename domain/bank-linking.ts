import { z } from 'zod';
import { languages } from './constants';

/**
 * Linked bank accounts (SPEC §2 "linked accounts", issue 10 part 6): a company links a bank
 * login (a provider "item", Plaid's word) through the provider's Link flow; the server keeps
 * the item and its accounts and writes their transactions into the company's synced
 * transactions. Shared by the server routes and the bookkeeping screen.
 */

/** Where a link stands: working, waiting for the person to sign in to the bank again, or failing for another reason. */
export const bankLinkStatuses = ['active', 'login_required', 'error'] as const;
export const bankLinkStatusSchema = z.enum(bankLinkStatuses);
export type BankLinkStatus = z.infer<typeof bankLinkStatusSchema>;

/** Which Link flow the browser runs: Alta's local sandbox page, or Plaid's own Link. */
export const bankLinkModeSchema = z.enum(['sandbox', 'plaid']);

export const linkedAccountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mask: z.string().nullable(),
  type: z.string(),
  subtype: z.string().nullable(),
});

/**
 * A linked bank account as synced to the company's devices (read-only for them: only the
 * server writes it), so the bookkeeping list names and filters linked transactions offline.
 * `linkId` is null once the bank is unlinked: the account stays to name its transactions.
 */
export const linkedAccountRowSchema = z.strictObject({
  id: z.uuid(),
  companyId: z.uuid(),
  linkId: z.uuid().nullable(),
  institutionName: z.string().nullable(),
  name: z.string(),
  mask: z.string().nullable(),
  type: z.string(),
  subtype: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type LinkedAccountRow = z.infer<typeof linkedAccountRowSchema>;

export const bankLinkSchema = z.object({
  id: z.uuid(),
  institutionName: z.string().nullable(),
  status: bankLinkStatusSchema,
  /** The provider's error code of the last failed sync (e.g. `ITEM_LOGIN_REQUIRED`), null when it worked. */
  errorCode: z.string().nullable(),
  lastSyncedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  accounts: z.array(linkedAccountSchema),
});
export type BankLink = z.infer<typeof bankLinkSchema>;

export const bankLinksSchema = z.object({ items: z.array(bankLinkSchema) });

/** POST …/bank-links/link-token: a new link, or `linkId` to sign in again to an existing one (Plaid's update mode). */
export const linkTokenRequestSchema = z.strictObject({ linkId: z.uuid().optional(), language: z.enum(languages).optional() });
export const linkTokenResponseSchema = z.object({ linkToken: z.string(), expiration: z.iso.datetime({ offset: true }), mode: bankLinkModeSchema });
export type LinkTokenResponse = z.infer<typeof linkTokenResponseSchema>;

/** POST …/bank-links: the public token Link handed to the browser, exchanged by the server. */
export const exchangeRequestSchema = z.strictObject({
  publicToken: z.string().min(1).max(200),
  /** Link's metadata: shown when the provider does not name the institution itself. */
  institutionName: z.string().trim().min(1).max(120).nullable().optional(),
});

/** What one sync call did: rows written to the books, and whether the provider has more to send. */
export const syncResultSchema = z.object({
  added: z.number().int().nonnegative(),
  modified: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  hasMore: z.boolean(),
  link: bankLinkSchema,
});
export type SyncResult = z.infer<typeof syncResultSchema>;

/** The institutions of the local sandbox's Link page (Plaid's sandbox institutions). */
export const sandboxInstitutionSchema = z.object({ id: z.string(), name: z.string() });
export type SandboxInstitution = z.infer<typeof sandboxInstitutionSchema>;

/** The sandbox Link page's sign-in to a test bank. */
export const sandboxLinkRequestSchema = z.strictObject({
  linkToken: z.string().min(1).max(2000),
  institutionId: z.string().min(1).max(40),
  username: z.string().max(100),
  password: z.string().max(100),
});
export const sandboxLinkResponseSchema = z.object({
  publicToken: z.string(),
  institution: sandboxInstitutionSchema,
  accounts: z.array(z.object({ id: z.string(), name: z.string(), mask: z.string().nullable() })),
});
export type SandboxLinkResponse = z.infer<typeof sandboxLinkResponseSchema>;
