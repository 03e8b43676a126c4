import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';
import {
  BankLinkingError,
  BankLinkingUnavailableError,
  readWebhook,
  type BankLinkingProvider,
  type ProviderAccount,
  type ProviderTransaction,
} from './bank-linking-provider';

export interface PlaidOptions {
  clientId: string;
  secret: string;
  /** https://sandbox.plaid.com or https://production.plaid.com; tests point it at a fake Plaid server. */
  baseUrl: string;
  /** Shown at the top of Link. */
  clientName?: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** Plaid's API version this adapter speaks (the `Plaid-Version` header of plaid-node). */
export const plaidVersion = '2020-09-14';

/** Plaid's base URLs per environment (plaid-node `PlaidEnvironments`). */
export const plaidEnvironments = { sandbox: 'https://sandbox.plaid.com', production: 'https://production.plaid.com' } as const;

interface PlaidAccount {
  account_id: string;
  name: string;
  official_name?: string | null;
  mask: string | null;
  type: string;
  subtype: string | null;
}

interface PlaidTransaction {
  transaction_id: string;
  account_id: string;
  amount: number;
  iso_currency_code: string | null;
  date: string;
  name?: string | null;
  merchant_name?: string | null;
  original_description?: string | null;
  pending: boolean;
}

const toAccount = (account: PlaidAccount): ProviderAccount => ({
  accountId: account.account_id,
  name: account.name || account.official_name || account.type,
  mask: account.mask ?? null,
  type: account.type,
  subtype: account.subtype ?? null,
});

const toTransaction = (transaction: PlaidTransaction): ProviderTransaction => ({
  transactionId: transaction.transaction_id,
  accountId: transaction.account_id,
  amount: transaction.amount,
  isoCurrencyCode: transaction.iso_currency_code ?? null,
  date: transaction.date,
  name: transaction.name || transaction.original_description || transaction.merchant_name || '',
  merchantName: transaction.merchant_name ?? null,
  pending: transaction.pending,
});

/** How long a fetched webhook verification key is trusted before it is asked for again. */
const keyCacheMs = 24 * 60 * 60 * 1000;

/**
 * Plaid's HTTP API, spoken directly (JSON POSTs with the PLAID-CLIENT-ID / PLAID-SECRET
 * headers plaid-node sends): /link/token/create, /item/public_token/exchange, /accounts/get,
 * /transactions/sync, /item/remove, and /webhook_verification_key/get for verifying the
 * ES256 JWT of a webhook's Plaid-Verification header. Error answers become
 * `BankLinkingError` with Plaid's error_type and error_code.
 */
export function createPlaidBankLinking(options: PlaidOptions): BankLinkingProvider {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const keys = new Map<string, { key: JWK; expiredAt: number | null; fetchedAt: number }>();

  async function call<T>(path: string, body: Record<string, unknown>): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${options.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'PLAID-CLIENT-ID': options.clientId, 'PLAID-SECRET': options.secret, 'Plaid-Version': plaidVersion },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new BankLinkingUnavailableError(`Plaid ${path} unreachable: ${error instanceof Error ? error.name : 'error'}`);
    }
    const payload = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok) {
      if (payload && typeof payload.error_code === 'string') {
        const type = typeof payload.error_type === 'string' ? payload.error_type : 'API_ERROR';
        const message = typeof payload.error_message === 'string' ? payload.error_message : payload.error_code;
        throw new BankLinkingError(type, payload.error_code, response.status, message);
      }
      throw new BankLinkingUnavailableError(`Plaid ${path} answered ${response.status}`);
    }
    if (!payload) throw new BankLinkingUnavailableError(`Plaid ${path} answered no JSON`);
    return payload as T;
  }

  async function verificationKey(keyId: string): Promise<JWK | null> {
    let entry = keys.get(keyId);
    try {
      if (!entry || now().getTime() - entry.fetchedAt >= keyCacheMs) {
        const { key } = await call<{ key: JWK & { expired_at: number | null } }>('/webhook_verification_key/get', { key_id: keyId });
        entry = { key, expiredAt: key.expired_at, fetchedAt: now().getTime() };
        keys.set(keyId, entry);
      }
      // A rotated-out key (expired_at set and past) no longer signs genuine webhooks.
      return entry.expiredAt !== null && entry.expiredAt * 1000 <= now().getTime() ? null : entry.key;
    } catch (error) {
      // An unknown key id is an answer about the webhook (forged), not an outage.
      if (error instanceof BankLinkingError) return null;
      throw error;
    }
  }

  return {
    name: 'plaid',

    async createLinkToken(input) {
      const answer = await call<{ link_token: string; expiration: string }>('/link/token/create', {
        client_name: options.clientName ?? 'Alta',
        language: input.language,
        country_codes: ['US'],
        user: { client_user_id: input.clientUserId },
        // Update mode (sign in again) takes the item's token and no products.
        ...(input.accessToken ? { access_token: input.accessToken } : { products: ['transactions'], transactions: { days_requested: 730 } }),
        ...(input.webhook ? { webhook: input.webhook } : {}),
      });
      return { linkToken: answer.link_token, expiration: answer.expiration };
    },

    async exchangePublicToken(publicToken) {
      const answer = await call<{ access_token: string; item_id: string }>('/item/public_token/exchange', { public_token: publicToken });
      return { accessToken: answer.access_token, itemId: answer.item_id };
    },

    async getAccounts(accessToken) {
      const answer = await call<{ accounts: PlaidAccount[]; item: { item_id: string; institution_id?: string | null; institution_name?: string | null } }>(
        '/accounts/get',
        { access_token: accessToken },
      );
      return {
        item: { itemId: answer.item.item_id, institutionId: answer.item.institution_id ?? null, institutionName: answer.item.institution_name ?? null },
        accounts: answer.accounts.map(toAccount),
      };
    },

    async syncTransactions({ accessToken, cursor, count }) {
      const answer = await call<{
        accounts?: PlaidAccount[];
        added: PlaidTransaction[];
        modified: PlaidTransaction[];
        removed: { transaction_id: string; account_id?: string }[];
        next_cursor: string;
        has_more: boolean;
      }>('/transactions/sync', { access_token: accessToken, count, ...(cursor ? { cursor } : {}) });
      return {
        accounts: (answer.accounts ?? []).map(toAccount),
        added: answer.added.map(toTransaction),
        modified: answer.modified.map(toTransaction),
        removed: answer.removed.map((removed) => ({ transactionId: removed.transaction_id, accountId: removed.account_id ?? null })),
        nextCursor: answer.next_cursor,
        hasMore: answer.has_more,
      };
    },

    async removeItem(accessToken) {
      await call('/item/remove', { access_token: accessToken });
    },

    async verifyWebhook(body, verificationHeader) {
      if (!verificationHeader) return null;
      let keyId: string | undefined;
      try {
        const header = decodeProtectedHeader(verificationHeader);
        // Plaid signs with ES256 only: any other algorithm (none, HS256 with a public key) is a forgery.
        if (header.alg !== 'ES256') return null;
        keyId = header.kid;
      } catch {
        return null;
      }
      if (!keyId) return null;
      const jwk = await verificationKey(keyId);
      if (!jwk) return null;
      try {
        const key = await importJWK({ ...jwk, alg: 'ES256' }, 'ES256');
        // Plaid's rule: a webhook older than five minutes is refused (replays).
        const { payload } = await jwtVerify(verificationHeader, key, { algorithms: ['ES256'], maxTokenAge: '5 min', currentDate: now() });
        const claimed = Buffer.from(typeof payload.request_body_sha256 === 'string' ? payload.request_body_sha256 : '', 'utf8');
        const actual = Buffer.from(createHash('sha256').update(body, 'utf8').digest('hex'), 'utf8');
        if (claimed.length !== actual.length || !timingSafeEqual(claimed, actual)) return null;
        return readWebhook(JSON.parse(body));
      } catch {
        return null;
      }
    },
  };
}
