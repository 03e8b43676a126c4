/**
 * The bank-linking provider behind linked accounts, shaped like Plaid's API: Plaid when
 * PLAID_CLIENT_ID and PLAID_SECRET are set, the local sandbox (Plaid's sandbox, simulated)
 * otherwise. Amounts keep Plaid's sign: positive is money leaving the account.
 */

export type LinkLanguage = 'es' | 'en' | 'pt';

export interface CreateLinkTokenInput {
  /** Plaid's `user.client_user_id`: a stable id of the company that links, never personal data. */
  clientUserId: string;
  language: LinkLanguage;
  /** Where the provider sends webhooks about the item (null: none, e.g. a server Plaid cannot reach). */
  webhook: string | null;
  /** Update mode: the item whose sign-in is repaired (Plaid's `access_token` on /link/token/create). */
  accessToken?: string;
}

export interface ProviderItem {
  itemId: string;
  institutionId: string | null;
  institutionName: string | null;
}

export interface ProviderAccount {
  accountId: string;
  name: string;
  mask: string | null;
  type: string;
  subtype: string | null;
}

export interface ProviderTransaction {
  transactionId: string;
  accountId: string;
  /** Plaid's sign: positive is money out of the account, negative money in. */
  amount: number;
  isoCurrencyCode: string | null;
  /** The posted day, `YYYY-MM-DD`. */
  date: string;
  name: string;
  merchantName: string | null;
  pending: boolean;
}

/** One page of /transactions/sync. */
export interface TransactionsPage {
  accounts: ProviderAccount[];
  added: ProviderTransaction[];
  modified: ProviderTransaction[];
  removed: { transactionId: string; accountId: string | null }[];
  nextCursor: string;
  hasMore: boolean;
}

/** What a verified webhook asks Alta to do. */
export type BankWebhook =
  /** New, changed or removed transactions are waiting (TRANSACTIONS / SYNC_UPDATES_AVAILABLE). */
  | { kind: 'sync'; itemId: string }
  /** The item failed (ITEM / ERROR), e.g. ITEM_LOGIN_REQUIRED. */
  | { kind: 'error'; itemId: string; errorCode: string }
  /** The person signed in again elsewhere (ITEM / LOGIN_REPAIRED). */
  | { kind: 'repaired'; itemId: string }
  /** Anything Alta does not act on. */
  | { kind: 'ignored' };

export interface BankLinkingProvider {
  readonly name: 'sandbox' | 'plaid';
  createLinkToken(input: CreateLinkTokenInput): Promise<{ linkToken: string; expiration: string }>;
  exchangePublicToken(publicToken: string): Promise<{ accessToken: string; itemId: string }>;
  getAccounts(accessToken: string): Promise<{ item: ProviderItem; accounts: ProviderAccount[] }>;
  /** One page of changes after `cursor` (null: from the beginning), at most `count` transactions. */
  syncTransactions(input: { accessToken: string; cursor: string | null; count: number }): Promise<TransactionsPage>;
  removeItem(accessToken: string): Promise<void>;
  /** The webhook's meaning when its signature (Plaid-Verification) is valid for this exact body; null otherwise. */
  verifyWebhook(body: string, verificationHeader: string | undefined): Promise<BankWebhook | null>;
}

/** An error answer of the provider, with Plaid's `error_type` and `error_code`. */
export class BankLinkingError extends Error {
  constructor(
    readonly errorType: string,
    readonly errorCode: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The provider could not be reached or answered something that is not Plaid's shape. */
export class BankLinkingUnavailableError extends Error {}

/** A Plaid webhook body → what Alta does with it. */
export function readWebhook(payload: unknown): BankWebhook {
  if (typeof payload !== 'object' || payload === null) return { kind: 'ignored' };
  const { webhook_type: type, webhook_code: code, item_id: itemId, error } = payload as Record<string, unknown>;
  if (typeof itemId !== 'string') return { kind: 'ignored' };
  if (
    type === 'TRANSACTIONS' &&
    (code === 'SYNC_UPDATES_AVAILABLE' || code === 'DEFAULT_UPDATE' || code === 'INITIAL_UPDATE' || code === 'HISTORICAL_UPDATE')
  ) {
    return { kind: 'sync', itemId };
  }
  if (type === 'ITEM' && code === 'ERROR') {
    const errorCode = typeof error === 'object' && error !== null ? (error as Record<string, unknown>).error_code : undefined;
    return { kind: 'error', itemId, errorCode: typeof errorCode === 'string' ? errorCode : 'ITEM_ERROR' };
  }
  if (type === 'ITEM' && code === 'LOGIN_REPAIRED') return { kind: 'repaired', itemId };
  return { kind: 'ignored' };
}
