import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/**
 * A local stand-in for Plaid's API (there is no internet here), answering in Plaid's own
 * request and response shapes (plaid-node's `LinkTokenCreateResponse`,
 * `ItemPublicTokenExchangeResponse`, `AccountsGetResponse`, `TransactionsSyncResponse`,
 * `ItemRemoveResponse`, `WebhookVerificationKeyGetResponse`, and `PlaidError` bodies with
 * HTTP 400). It checks the PLAID-CLIENT-ID / PLAID-SECRET headers, keeps items with a
 * list of changes that tests append to, pages /transactions/sync by cursor and count, can
 * answer TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION once, and signs webhooks with an ES256
 * key as Plaid does (Plaid-Verification JWT with `request_body_sha256`).
 */

export interface FakePlaidTransaction {
  transaction_id: string;
  account_id: string;
  amount: number;
  iso_currency_code: string | null;
  unofficial_currency_code: null;
  date: string;
  authorized_date: string | null;
  name: string;
  merchant_name: string | null;
  pending: boolean;
  pending_transaction_id: string | null;
  payment_channel: 'online' | 'in store' | 'other';
  account_owner: null;
  location: Record<string, null>;
  payment_meta: Record<string, null>;
  datetime: null;
  authorized_datetime: null;
  transaction_code: null;
}

type Change = { kind: 'added' | 'modified'; transaction: FakePlaidTransaction } | { kind: 'removed'; transaction_id: string; account_id: string };

interface FakeItem {
  itemId: string;
  accessToken: string;
  institutionId: string;
  institutionName: string;
  webhook: string | null;
  changes: Change[];
  error: string | null;
  removed: boolean;
}

const emptyLocation = { address: null, city: null, region: null, postal_code: null, country: null, lat: null, lon: null, store_number: null };
const emptyPaymentMeta = {
  by_order_of: null,
  payee: null,
  payer: null,
  payment_method: null,
  payment_processor: null,
  ppd_id: null,
  reason: null,
  reference_number: null,
};

/** A Plaid `Transaction` with the fields tests care about. */
export function plaidTransaction(fields: {
  id: string;
  account: string;
  amount: number;
  date: string;
  name: string;
  merchant?: string | null;
  pending?: boolean;
}): FakePlaidTransaction {
  return {
    transaction_id: fields.id,
    account_id: fields.account,
    amount: fields.amount,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    date: fields.date,
    authorized_date: fields.date,
    name: fields.name,
    merchant_name: fields.merchant ?? null,
    pending: fields.pending ?? false,
    pending_transaction_id: null,
    payment_channel: 'online',
    account_owner: null,
    location: emptyLocation,
    payment_meta: emptyPaymentMeta,
    datetime: null,
    authorized_datetime: null,
    transaction_code: null,
  };
}

export const fakePlaidAccounts = [
  {
    account_id: 'BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp',
    balances: { available: 100, current: 110, limit: null, iso_currency_code: 'USD', unofficial_currency_code: null },
    mask: '0000',
    name: 'Plaid Checking',
    official_name: 'Plaid Gold Standard 0% Interest Checking',
    type: 'depository',
    subtype: 'checking',
  },
  {
    account_id: 'dVzbVMLjrxTnLjX4G66XUp5GLklm4oiZy88yK',
    balances: { available: null, current: 410, limit: 2000, iso_currency_code: 'USD', unofficial_currency_code: null },
    mask: '3333',
    name: 'Plaid Credit Card',
    official_name: 'Plaid Diamond 12.5% APR Interest Credit Card',
    type: 'credit',
    subtype: 'credit card',
  },
] as const;

export class FakePlaid {
  readonly clientId = 'alta-client-id';
  readonly secret = 'alta-sandbox-secret';
  items = new Map<string, FakeItem>();
  publicTokens = new Map<string, FakeItem>();
  /** Link tokens handed out, with the webhook they were created with. */
  linkTokens = new Map<string, { webhook: string | null }>();
  requests: { path: string; body: Record<string, unknown>; headers: IncomingMessage['headers'] }[] = [];
  /** The next /transactions/sync with a cursor answers TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION. */
  mutateDuringPagination = false;
  keyId = `kid_${randomBytes(6).toString('hex')}`;
  private signingKey!: CryptoKey;
  private publicJwk!: JWK;
  private server: Server = createServer((request, response) => void this.handle(request, response));

  get baseUrl() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async start() {
    const pair = await generateKeyPair('ES256');
    this.signingKey = pair.privateKey;
    this.publicJwk = await exportJWK(pair.publicKey);
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** What Link does in the browser: the person links an institution; the page gets a public token. */
  linkInBrowser(linkToken: string, institution = { id: 'ins_109508', name: 'First Platypus Bank' }): string {
    const created = this.linkTokens.get(linkToken);
    if (!created) throw new Error('unknown link token');
    const item = this.linkedItem([], institution, created.webhook);
    const publicToken = `public-sandbox-${randomBytes(12).toString('hex')}`;
    this.publicTokens.set(publicToken, item);
    return publicToken;
  }

  /** An item as Link and the exchange leave it, for tests that begin after linking: its access token and its changes to come. */
  linkedItem(changes: Change[] = [], institution = { id: 'ins_109508', name: 'First Platypus Bank' }, webhook: string | null = null): FakeItem {
    const item: FakeItem = {
      itemId: `item_${randomBytes(8).toString('hex')}`,
      accessToken: `access-sandbox-${randomBytes(12).toString('hex')}`,
      institutionId: institution.id,
      institutionName: institution.name,
      webhook,
      changes,
      error: null,
      removed: false,
    };
    this.items.set(item.itemId, item);
    return item;
  }

  item(itemId: string): FakeItem {
    return this.items.get(itemId)!;
  }

  /** A Plaid webhook body (2-space JSON, as Plaid sends) and its Plaid-Verification header. */
  async webhook(payload: Record<string, unknown>, options: { issuedAt?: number; key?: CryptoKey; keyId?: string } = {}) {
    const body = JSON.stringify(payload, null, 2);
    const verification = await new SignJWT({ request_body_sha256: createHash('sha256').update(body).digest('hex') })
      .setProtectedHeader({ alg: 'ES256', kid: options.keyId ?? this.keyId, typ: 'JWT' })
      .setIssuedAt(options.issuedAt ?? Math.floor(Date.now() / 1000))
      .sign(options.key ?? this.signingKey);
    return { body, verification };
  }

  private send(response: ServerResponse, status: number, payload: Record<string, unknown>) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ...payload, request_id: randomBytes(6).toString('hex') }));
  }

  private error(response: ServerResponse, errorType: string, errorCode: string, message: string, status = 400) {
    this.send(response, status, {
      error_type: errorType,
      error_code: errorCode,
      error_message: message,
      display_message: null,
      status,
      documentation_url: `https://plaid.com/docs/errors/`,
      suggested_action: null,
    });
  }

  private itemOf(response: ServerResponse, body: Record<string, unknown>): FakeItem | null {
    const item = [...this.items.values()].find((candidate) => candidate.accessToken === body.access_token && !candidate.removed);
    if (!item) {
      this.error(
        response,
        'INVALID_INPUT',
        'INVALID_ACCESS_TOKEN',
        'provided access token is in an invalid format. expected format: access-<environment>-<identifier>',
      );
      return null;
    }
    if (item.error) {
      this.error(
        response,
        'ITEM_ERROR',
        item.error,
        'the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information',
      );
      return null;
    }
    return item;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    let text = '';
    for await (const chunk of request) text += chunk;
    const path = new URL(request.url!, 'http://localhost').pathname;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return this.error(response, 'INVALID_REQUEST', 'INVALID_BODY', 'body could not be parsed as JSON');
    }
    this.requests.push({ path, body, headers: request.headers });
    const clientId = request.headers['plaid-client-id'] ?? body.client_id;
    const secret = request.headers['plaid-secret'] ?? body.secret;
    if (request.method !== 'POST') return this.error(response, 'INVALID_REQUEST', 'INVALID_HTTP_METHOD', 'only POST is allowed', 405);
    if (clientId !== this.clientId || secret !== this.secret)
      return this.error(response, 'INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided');

    switch (path) {
      case '/link/token/create': {
        const user = body.user as { client_user_id?: unknown } | undefined;
        if (
          typeof body.client_name !== 'string' ||
          typeof user?.client_user_id !== 'string' ||
          !Array.isArray(body.country_codes) ||
          typeof body.language !== 'string'
        ) {
          return this.error(
            response,
            'INVALID_REQUEST',
            'MISSING_FIELDS',
            'the following required fields are missing: client_name, language, country_codes, user',
          );
        }
        const linkToken = `link-sandbox-${randomBytes(12).toString('hex')}`;
        this.linkTokens.set(linkToken, { webhook: typeof body.webhook === 'string' ? body.webhook : null });
        return this.send(response, 200, { link_token: linkToken, expiration: new Date(Date.now() + 4 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z') });
      }
      case '/item/public_token/exchange': {
        const item = this.publicTokens.get(String(body.public_token));
        if (!item)
          return this.error(
            response,
            'INVALID_INPUT',
            'INVALID_PUBLIC_TOKEN',
            'provided public token is expired. Public tokens expire 30 minutes after creation at which point they can no longer be exchanged',
          );
        this.publicTokens.delete(String(body.public_token));
        return this.send(response, 200, { access_token: item.accessToken, item_id: item.itemId });
      }
      case '/accounts/get': {
        const item = this.itemOf(response, body);
        if (!item) return;
        return this.send(response, 200, {
          accounts: fakePlaidAccounts,
          item: {
            item_id: item.itemId,
            institution_id: item.institutionId,
            institution_name: item.institutionName,
            webhook: item.webhook,
            error: null,
            available_products: ['balance'],
            billed_products: ['transactions'],
            consent_expiration_time: null,
            update_type: 'background',
          },
        });
      }
      case '/transactions/sync': {
        const item = this.itemOf(response, body);
        if (!item) return;
        const start =
          typeof body.cursor === 'string' && body.cursor ? Number(Buffer.from(body.cursor, 'base64url').toString('utf8').replace('position:', '')) : 0;
        if (!Number.isSafeInteger(start) || start < 0 || start > item.changes.length)
          return this.error(response, 'INVALID_INPUT', 'INVALID_FIELD', 'cursor is invalid');
        if (body.cursor && this.mutateDuringPagination) {
          this.mutateDuringPagination = false;
          return this.error(
            response,
            'TRANSACTIONS_ERROR',
            'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
            'Underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
          );
        }
        const count = typeof body.count === 'number' ? Math.min(500, Math.max(1, body.count)) : 100;
        const page = item.changes.slice(start, start + count);
        const end = start + page.length;
        return this.send(response, 200, {
          transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
          accounts: fakePlaidAccounts,
          added: page.flatMap((change) => (change.kind === 'added' ? [change.transaction] : [])),
          modified: page.flatMap((change) => (change.kind === 'modified' ? [change.transaction] : [])),
          removed: page.flatMap((change) => (change.kind === 'removed' ? [{ transaction_id: change.transaction_id, account_id: change.account_id }] : [])),
          next_cursor: Buffer.from(`position:${end}`).toString('base64url'),
          has_more: end < item.changes.length,
        });
      }
      case '/item/remove': {
        const item = this.itemOf(response, body);
        if (!item) return;
        item.removed = true;
        return this.send(response, 200, {});
      }
      case '/webhook_verification_key/get': {
        if (body.key_id !== this.keyId) return this.error(response, 'INVALID_INPUT', 'INVALID_WEBHOOK_VERIFICATION_KEY_ID', 'invalid key_id provided');
        return this.send(response, 200, { key: { ...this.publicJwk, alg: 'ES256', use: 'sig', kid: this.keyId, created_at: 1560466150, expired_at: null } });
      }
      default:
        return this.error(response, 'INVALID_REQUEST', 'UNKNOWN_FIELDS', `unknown path ${path}`, 404);
    }
  }
}
