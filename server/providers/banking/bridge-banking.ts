import {
  BankingProviderError,
  externalAccountBody,
  fromExternalAccount,
  fromKycLink,
  fromLiquidationAddress,
  fromTransfer,
  fromVirtualAccount,
  fromWallet,
  transferBody,
  verifyWebhookSignature,
  type BankingProvider,
} from './banking-provider';

export interface BridgeBankingOptions {
  apiKey: string;
  /** The webhook's public key (PEM), from Bridge's dashboard. */
  webhookPublicKey: string;
  /** https://api.bridge.xyz/v0 unless a test points it at a local fake. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

/**
 * Bridge adapter: JSON over HTTPS with the `Api-Key` header; every POST carries the
 * caller's Idempotency-Key, so a retried call returns the first object instead of making a
 * second. Errors become `BankingProviderError` with Bridge's status and code.
 */
export function createBridgeBanking(options: BridgeBankingOptions): BankingProvider {
  const baseUrl = (options.baseUrl ?? 'https://api.bridge.xyz/v0').replace(/\/$/, '');
  const send = options.fetch ?? fetch;

  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, idempotencyKey?: string): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await send(`${baseUrl}${path}`, {
        method,
        headers: {
          'Api-Key': options.apiKey,
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new BankingProviderError(`Bridge unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    const textBody = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = textBody ? (JSON.parse(textBody) as Record<string, unknown>) : {};
    } catch {
      // Not Bridge's answer (a proxy's page, a cut body): what was asked may exist all the same.
      throw new BankingProviderError(`Bridge answered ${response.status} with a body that is not JSON`, response.status, null, false);
    }
    if (!response.ok)
      throw new BankingProviderError(
        typeof json.message === 'string' ? json.message : `Bridge answered ${response.status}`,
        response.status,
        typeof json.code === 'string' ? json.code : null,
      );
    return json;
  }

  const customer = (id: string) => `/customers/${encodeURIComponent(id)}`;

  return {
    name: 'bridge',
    async createKycLink(input) {
      return fromKycLink(
        await call(
          'POST',
          '/kyc_links',
          { full_name: input.fullName, email: input.email, type: input.type, redirect_uri: input.redirectUri },
          input.idempotencyKey,
        ),
      );
    },
    async getKycLink(id) {
      return fromKycLink(await call('GET', `/kyc_links/${encodeURIComponent(id)}`));
    },
    async createWallet(customerId, input) {
      return fromWallet(await call('POST', `${customer(customerId)}/wallets`, { chain: input.chain }, input.idempotencyKey));
    },
    async createVirtualAccount(customerId, input) {
      const body = { source: { currency: input.currency }, destination: { currency: 'usdc', payment_rail: 'solana', bridge_wallet_id: input.walletId } };
      return fromVirtualAccount(await call('POST', `${customer(customerId)}/virtual_accounts`, body, input.idempotencyKey));
    },
    async createExternalAccount(customerId, input) {
      return fromExternalAccount(await call('POST', `${customer(customerId)}/external_accounts`, externalAccountBody(input), input.idempotencyKey));
    },
    async deleteExternalAccount(customerId, externalAccountId) {
      await call('DELETE', `${customer(customerId)}/external_accounts/${encodeURIComponent(externalAccountId)}`);
    },
    async createTransfer(input) {
      return fromTransfer(await call('POST', '/transfers', transferBody(input), input.idempotencyKey));
    },
    async createLiquidationAddress(customerId, input) {
      const body = {
        chain: input.chain,
        currency: input.currency,
        external_account_id: input.externalAccountId,
        destination_payment_rail: input.rail,
        destination_currency: input.destinationCurrency,
      };
      return fromLiquidationAddress(await call('POST', `${customer(customerId)}/liquidation_addresses`, body, input.idempotencyKey));
    },
    async verifyWebhook(rawBody, header, now) {
      return verifyWebhookSignature(rawBody, header, options.webhookPublicKey, now);
    },
  };
}
