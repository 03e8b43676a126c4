import { createSign, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankingProviderError, fromDepositActivity } from './banking-provider';
import { createBridgeBanking } from './bridge-banking';

/**
 * A local stand-in for Bridge's API (there is no internet here) answering in Bridge's JSON
 * (apidocs.bridge.xyz): `Api-Key` auth, Idempotency-Key replays, KYC links, wallets,
 * virtual accounts, external accounts, transfers and liquidation addresses.
 */
class FakeBridge {
  requests: { method: string; path: string; idempotencyKey: string | undefined; body: Record<string, unknown> }[] = [];
  replies = new Map<string, { body: string; payload: unknown }>();
  server: Server = createServer((request, response) => void this.handle(request, response));
  count = 0;

  get base() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v0`;
  }

  private send(response: ServerResponse, status: number, payload: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(payload));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const path = new URL(request.url!, 'http://localhost').pathname;
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: request.method!, path, idempotencyKey, body });
    if (request.headers['api-key'] !== 'sk-test-bridge') return this.send(response, 401, { code: 'unauthorized', message: 'Invalid API key' });
    if (request.method === 'POST' && idempotencyKey) {
      const seen = this.replies.get(idempotencyKey);
      if (seen)
        return seen.body === raw ? this.send(response, 200, seen.payload) : this.send(response, 422, { code: 'idempotency_key_reused', message: 'Key reused' });
    }
    const payload = this.route(request.method!, path, body);
    if (!payload) return this.send(response, 404, { code: 'not_found', message: 'Not found' });
    if ('code' in payload && payload.code === 'invalid_parameters') return this.send(response, 400, payload);
    if (request.method === 'POST' && idempotencyKey) this.replies.set(idempotencyKey, { body: raw, payload });
    return this.send(response, 201, payload);
  }

  private route(method: string, path: string, body: Record<string, unknown>): Record<string, unknown> | null {
    this.count += 1;
    if (method === 'POST' && path === '/v0/kyc_links') {
      if (body.email === 'taken@example.com') return { code: 'invalid_parameters', message: 'A customer with this email already exists' };
      return {
        id: `kyc_${this.count}`,
        full_name: body.full_name,
        email: body.email,
        type: body.type,
        kyc_link: 'https://bridge.withpersona.com/verify?x',
        tos_link: 'https://dashboard.bridge.xyz/tos',
        kyc_status: 'not_started',
        tos_status: 'pending',
        customer_id: 'cust_123',
      };
    }
    if (method === 'GET' && path.startsWith('/v0/kyc_links/'))
      return { id: path.split('/').pop(), customer_id: 'cust_123', kyc_link: 'https://bridge.withpersona.com/verify?x', kyc_status: 'under_review' };
    if (method === 'POST' && path === '/v0/customers/cust_123/wallets')
      return { id: 'wallet_1', chain: body.chain, address: 'So1anaAddre55', created_at: '2026-11-22T00:00:00Z' };
    if (method === 'POST' && path === '/v0/customers/cust_123/virtual_accounts') {
      // One virtual account per source currency, each with its own deposit instructions.
      const instructions: Record<string, Record<string, unknown>> = {
        usd: {
          currency: 'usd',
          bank_beneficiary_name: 'Andes Labs LLC',
          bank_name: 'Lead Bank',
          bank_address: '1801 Main St., Kansas City, MO 64108',
          bank_routing_number: '101019644',
          bank_account_number: '123456789',
          payment_rails: ['ach_push', 'wire'],
        },
        eur: {
          currency: 'eur',
          iban: 'NL91ABNA0417164300',
          bic: 'ABNANL2A',
          account_holder_name: 'Andes Labs LLC',
          bank_name: 'ABN AMRO',
          bank_address: 'Gustav Mahlerlaan 10, Amsterdam',
          payment_rails: ['sepa'],
        },
        mxn: {
          currency: 'mxn',
          clabe: '646180157000000004',
          account_holder_name: 'Andes Labs LLC',
          bank_name: 'STP',
          bank_address: 'Ciudad de México',
          payment_rails: ['spei'],
        },
      };
      const currency = String((body.source as Record<string, unknown>).currency);
      if (!instructions[currency]) return { code: 'invalid_parameters', message: 'Unsupported source currency' };
      return {
        id: `va_${currency}`,
        status: 'activated',
        customer_id: 'cust_123',
        source_deposit_instructions: instructions[currency],
        destination: body.destination,
      };
    }
    if (method === 'POST' && path === '/v0/customers/cust_123/external_accounts') {
      const account = body.account as Record<string, string>;
      return {
        id: 'ea_1',
        account_type: body.account_type,
        currency: body.currency,
        customer_id: 'cust_123',
        account_owner_name: body.account_owner_name,
        bank_name: body.bank_name,
        last_4: String(account.account_number).slice(-4),
        active: true,
      };
    }
    if (method === 'DELETE' && path === '/v0/customers/cust_123/external_accounts/ea_1') return { id: 'ea_1', active: false };
    if (method === 'POST' && path === '/v0/transfers')
      return {
        id: 'transfer_1',
        client_reference_id: body.client_reference_id,
        state: 'payment_submitted',
        on_behalf_of: body.on_behalf_of,
        amount: body.amount,
        developer_fee: body.developer_fee,
        source: body.source,
        destination: body.destination,
      };
    if (method === 'POST' && path === '/v0/customers/cust_123/liquidation_addresses')
      return {
        id: 'la_1',
        chain: body.chain,
        customer_id: 'cust_123',
        external_account_id: body.external_account_id,
        address: 'TXYZliquidation',
        currency: body.currency,
        state: 'active',
      };
    return null;
  }
}

describe('Bridge adapter', () => {
  const fake = new FakeBridge();
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  let bridge: ReturnType<typeof createBridgeBanking>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    bridge = createBridgeBanking({ apiKey: 'sk-test-bridge', webhookPublicKey: keys.publicKey, baseUrl: fake.base });
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it('creates a KYC link with the Api-Key and Idempotency-Key, and reads its state', async () => {
    const link = await bridge.createKycLink({
      idempotencyKey: 'kyc-1',
      fullName: 'Andes Labs LLC',
      email: 'ana@example.com',
      type: 'business',
      redirectUri: 'http://localhost/x',
    });
    expect(link).toEqual({ id: expect.stringMatching(/^kyc_/), customerId: 'cust_123', url: 'https://bridge.withpersona.com/verify?x', status: 'pending' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v0/kyc_links',
      idempotencyKey: 'kyc-1',
      body: { full_name: 'Andes Labs LLC', type: 'business' },
    });
    expect((await bridge.getKycLink(link.id)).status).toBe('underReview');
  });

  it('returns the first object for a retried Idempotency-Key', async () => {
    const input = { idempotencyKey: 'kyc-2', fullName: 'Andes', email: 'b@example.com', type: 'business' as const, redirectUri: 'http://localhost/x' };
    const first = await bridge.createKycLink(input);
    expect((await bridge.createKycLink(input)).id).toBe(first.id);
  });

  it('turns Bridge errors into BankingProviderError with status and code', async () => {
    const error = await bridge
      .createKycLink({ idempotencyKey: 'kyc-3', fullName: 'X', email: 'taken@example.com', type: 'business', redirectUri: 'http://localhost/x' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BankingProviderError);
    expect(error).toMatchObject({ status: 400, providerCode: 'invalid_parameters' });
    const unauthorized = createBridgeBanking({ apiKey: 'wrong', webhookPublicKey: keys.publicKey, baseUrl: fake.base });
    await expect(unauthorized.getKycLink('kyc_1')).rejects.toMatchObject({ status: 401 });
  });

  it('reads each virtual account’s deposit instructions: ACH and wire in USD, SEPA in EUR, SPEI in MXN', async () => {
    const wallet = await bridge.createWallet('cust_123', { idempotencyKey: 'w-1', chain: 'solana' });
    const usd = await bridge.createVirtualAccount('cust_123', { idempotencyKey: 'va-1', walletId: wallet.id, currency: 'usd' });
    expect(usd).toMatchObject({
      currency: 'usd',
      bankName: 'Lead Bank',
      routingNumber: '101019644',
      accountNumber: '123456789',
      rails: ['ach_push', 'wire'],
      beneficiaryName: 'Andes Labs LLC',
    });
    expect(fake.requests.at(-1)!.body).toMatchObject({ source: { currency: 'usd' }, destination: { currency: 'usdc', bridge_wallet_id: 'wallet_1' } });
    const eur = await bridge.createVirtualAccount('cust_123', { idempotencyKey: 'va-eur-1', walletId: wallet.id, currency: 'eur' });
    expect(eur).toEqual({
      id: 'va_eur',
      currency: 'eur',
      iban: 'NL91ABNA0417164300',
      bic: 'ABNANL2A',
      beneficiaryName: 'Andes Labs LLC',
      bankName: 'ABN AMRO',
      bankAddress: 'Gustav Mahlerlaan 10, Amsterdam',
      rails: ['sepa'],
    });
    expect(fake.requests.at(-1)).toMatchObject({ idempotencyKey: 'va-eur-1', body: { source: { currency: 'eur' } } });
    const mxn = await bridge.createVirtualAccount('cust_123', { idempotencyKey: 'va-mxn-1', walletId: wallet.id, currency: 'mxn' });
    expect(mxn).toEqual({
      id: 'va_mxn',
      currency: 'mxn',
      clabe: '646180157000000004',
      beneficiaryName: 'Andes Labs LLC',
      bankName: 'STP',
      bankAddress: 'Ciudad de México',
      rails: ['spei'],
    });
  });

  it('reads Bridge’s virtual-account activity as deposit events, one deposit_id across them', () => {
    const activity = (type: string, source: Record<string, unknown>) => ({
      id: `va_event_${type}`,
      type,
      customer_id: 'cust_123',
      virtual_account_id: 'va_usd',
      deposit_id: 'deposit_1',
      amount: '5000.0',
      currency: 'usd',
      source,
      created_at: '2026-11-24T12:00:00Z',
    });
    const ach = { payment_rail: 'ach_push', sender_name: 'John Doe', sender_bank_routing_number: '021000021', description: 'INVOICE 12' };
    expect(fromDepositActivity(activity('funds_received', ach))).toEqual({
      type: 'funds_received',
      depositId: 'deposit_1',
      customerId: 'cust_123',
      amountCents: 500_000,
      rail: 'ach_push',
      senderName: 'John Doe',
      senderBank: null,
      senderType: null,
      payroll: false,
    });
    expect(fromDepositActivity(activity('in_review', ach))).toMatchObject({ type: 'in_review', depositId: 'deposit_1' });
    expect(fromDepositActivity(activity('refunded', ach))).toMatchObject({ type: 'refunded', depositId: 'deposit_1' });
    expect(fromDepositActivity(activity('payment_processed', { ...ach, description: 'ADP PAYROLL' }))).toMatchObject({
      type: 'payment_processed',
      payroll: true,
    });
    // A wire names its originator; SEPA and SPEI their sender.
    expect(fromDepositActivity(activity('funds_received', { payment_rail: 'wire', originator_name: 'Globex Corp', bank_name: 'Chase' }))).toMatchObject({
      rail: 'wire',
      senderName: 'Globex Corp',
      senderBank: 'Chase',
    });
    expect(fromDepositActivity(activity('funds_received', { payment_rail: 'sepa', sender_name: 'Lucía Pérez' }))).toMatchObject({
      rail: 'sepa',
      senderName: 'Lucía Pérez',
    });
    // Activity that is not a deposit (an account update, a microdeposit) and SWIFT are not deposits Alta takes.
    expect(fromDepositActivity(activity('account_update', ach))).toBeNull();
    expect(fromDepositActivity(activity('microdeposit', ach))).toBeNull();
    expect(fromDepositActivity(activity('funds_received', { payment_rail: 'swift', sender_name: 'X' }))).toBeNull();
  });

  it('sends external accounts, transfers and liquidation addresses in Bridge’s shapes', async () => {
    const account = await bridge.createExternalAccount('cust_123', {
      idempotencyKey: 'ea-1',
      region: 'US',
      ownerType: 'person',
      bankName: 'Chase',
      ownerName: 'Ana Pérez',
      firstName: 'Ana',
      lastName: 'Pérez',
      accountNumber: '000123456789',
      routingNumber: '021000021',
      address: { street: '123 Main St', city: 'New York', state: 'NY', postalCode: '10001', country: 'US' },
    });
    expect(account).toEqual({ id: 'ea_1', last4: '6789', bankName: 'Chase', ownerName: 'Ana Pérez' });
    expect(fake.requests.at(-1)!.body).toMatchObject({
      account_type: 'us',
      currency: 'usd',
      account: { routing_number: '021000021', checking_or_savings: 'checking' },
      address: { street_line_1: '123 Main St' },
    });

    const transfer = await bridge.createTransfer({
      idempotencyKey: 't-1',
      customerId: 'cust_123',
      walletId: 'wallet_1',
      amountCents: 19_999_999,
      feeCents: 102_500,
      rail: 'wire',
      currency: 'usd',
      externalAccountId: 'ea_1',
      reference: 'Invoice 12',
    });
    expect(transfer).toEqual({ id: 'transfer_1', status: 'payment_submitted', amountCents: 19_999_999 });
    expect(fake.requests.at(-1)!.body).toMatchObject({
      amount: '199999.99',
      developer_fee: '1025.00',
      on_behalf_of: 'cust_123',
      destination: { payment_rail: 'wire', external_account_id: 'ea_1', wire_message: 'Invoice 12' },
    });

    const address = await bridge.createLiquidationAddress('cust_123', {
      idempotencyKey: 'la-1',
      chain: 'tron',
      currency: 'usdt',
      externalAccountId: 'ea_1',
      rail: 'wire',
      destinationCurrency: 'usd',
    });
    expect(address).toEqual({ id: 'la_1', address: 'TXYZliquidation', chain: 'tron', currency: 'usdt' });
    await bridge.deleteExternalAccount('cust_123', 'ea_1');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/v0/customers/cust_123/external_accounts/ea_1' });
  });

  it('verifies webhook signatures with the webhook’s public key', async () => {
    const body = JSON.stringify({
      event_id: 'wh_1',
      event_category: 'transfer',
      event_type: 'transfer.updated',
      event_object_id: 'transfer_1',
      event_object: { id: 'transfer_1', state: 'payment_processed' },
    });
    const now = new Date();
    const signer = createSign('sha256');
    signer.update(`${now.getTime()}.${body}`);
    const header = `t=${now.getTime()},v0=${signer.sign(keys.privateKey, 'base64')}`;
    expect(await bridge.verifyWebhook(body, header, now)).toMatchObject({ eventId: 'wh_1', category: 'transfer', objectId: 'transfer_1' });
    expect(await bridge.verifyWebhook(body.replace('processed', 'returned'), header, now)).toBeNull();
    expect(await bridge.verifyWebhook(body, header, new Date(now.getTime() + 11 * 60_000))).toBeNull();
    expect(await bridge.verifyWebhook(body, undefined, now)).toBeNull();
  });
});

describe('Bridge adapter: a refusal or an unknown outcome', () => {
  const fake = new FakeBridge();
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const transfer = {
    idempotencyKey: 'withdrawal-lost',
    customerId: 'cust_123',
    walletId: 'wallet_1',
    amountCents: 10_000,
    feeCents: 130,
    rail: 'wire',
    currency: 'usd' as const,
    externalAccountId: 'ea_1',
  };
  const bridgeWith = (send: typeof fetch) =>
    createBridgeBanking({ apiKey: 'sk-test-bridge', webhookPublicKey: keys.publicKey, baseUrl: fake.base, fetch: send });
  const errorOf = (send: typeof fetch) =>
    bridgeWith(send)
      .createTransfer(transfer)
      .then(
        () => expect.unreachable('the call should have failed'),
        (caught: unknown) => caught as BankingProviderError,
      );

  beforeAll(() => new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it('calls only an answered 4xx a refusal; no answer, a 5xx, a conflict or a body that is not JSON leave the outcome unknown', async () => {
    const answer = (status: number, body: string) => async () => new Response(body, { status, headers: { 'content-type': 'application/json' } });
    expect((await errorOf(answer(400, '{"code":"invalid_parameters","message":"No"}'))).refused).toBe(true);
    expect((await errorOf(answer(503, '{"code":"unavailable","message":"Down"}'))).refused).toBe(false);
    expect((await errorOf(answer(409, '{"code":"idempotency_in_progress","message":"Busy"}'))).refused).toBe(false);
    expect((await errorOf(answer(200, '<html>gateway</html>'))).refused).toBe(false);
    expect((await errorOf(answer(400, '<html>bad gateway</html>'))).refused).toBe(false);
    expect((await errorOf(async () => Promise.reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError')))).refused).toBe(false);
  });

  it('finds the transfer a timed-out create made by asking again with the same key', async () => {
    // Bridge made the transfer, but its answer never came back.
    const lost: typeof fetch = async (...args) => {
      await fetch(...args);
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    };
    expect((await errorOf(lost)).refused).toBe(false);
    expect(await bridgeWith(fetch).createTransfer(transfer)).toEqual({ id: 'transfer_1', status: 'payment_submitted', amountCents: 10_000 });
    expect(fake.requests.filter((request) => request.path === '/v0/transfers' && request.idempotencyKey === 'withdrawal-lost')).toHaveLength(2);
    expect(fake.replies.get('withdrawal-lost')).toBeDefined();
    expect(fake.count).toBe(1);
  });
});
