import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { centsToDecimal, type DepositRail } from '@domain/banking';
import type { Db } from '../../db/client';
import { sandboxBridgeObjects } from '../../db/schema/banking';
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
import { depositInstructions } from './sandbox-deposit-instructions';

/**
 * The local banking sandbox: Bridge simulated on Alta's own database. It keeps Bridge's JSON
 * objects, honours Idempotency-Keys (the same key and body return the first object; another
 * body is refused as Bridge does), walks KYC links and transfers through Bridge's states, and
 * signs its webhook events with its own RSA key in Bridge's `X-Webhook-Signature` format, so
 * the webhook route verifies them exactly as it verifies Bridge's.
 */
export interface SandboxBanking extends BankingProvider {
  readonly name: 'sandbox';
  /** The hosted KYC page's answer: approve, reject, or ask for more (incomplete). */
  decideKyc(kycLinkId: string, decision: 'approved' | 'rejected' | 'incomplete'): Promise<SignedEvent>;
  /**
   * Money arriving on a customer's virtual account from `senderName` on one of its rails, as
   * Bridge reports it (`funds_received`, one `deposit_id`). The sender's kind and a payroll
   * description are what the sending bank tells; the amount is what the wallet receives in
   * US cents (the sandbox does not model the EUR or MXN exchange).
   */
  simulateDeposit(input: {
    customerId: string;
    amountCents: number;
    senderName: string;
    fromBank: string;
    rail: DepositRail;
    senderType?: 'business' | 'individual';
    description?: string;
  }): Promise<SignedEvent>;
  /** Moves a transfer to its next state (payment_submitted → payment_processed), or to `to`. */
  advanceTransfer(transferId: string, to?: string): Promise<SignedEvent>;
  /** Signs any body as the sandbox's webhook would (tests forge replays with it). */
  sign(rawBody: string, now: Date): Promise<string>;
}

/** A webhook delivery the sandbox made: post it to the webhook route. */
export interface SignedEvent {
  rawBody: string;
  signature: string;
}

type Json = Record<string, unknown>;

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(10).toString('hex')}`;

export function createSandboxBanking(options: { db: Db; now: () => Date; appUrl: string }): SandboxBanking {
  const { db, now } = options;

  async function find(id: string, kind: string): Promise<Json> {
    const [row] = await db
      .select()
      .from(sandboxBridgeObjects)
      .where(and(eq(sandboxBridgeObjects.id, id), eq(sandboxBridgeObjects.kind, kind)));
    if (!row) throw new BankingProviderError(`No such ${kind}: ${id}`, 404, 'not_found');
    return row.body;
  }

  async function save(id: string, body: Json) {
    await db.update(sandboxBridgeObjects).set({ body }).where(eq(sandboxBridgeObjects.id, id));
  }

  /** Insert-or-find on (kind, Idempotency-Key): concurrent calls with one key make one object. */
  async function create(kind: string, idempotencyKey: string, request: Json, build: (id: string) => Json, customerId: string | null = null): Promise<Json> {
    const hash = createHash('sha256').update(JSON.stringify(request)).digest('base64url');
    const id = newId(kind);
    const body = build(id);
    const [created] = await db
      .insert(sandboxBridgeObjects)
      .values({ id, kind, customerId, idempotencyKey, requestHash: hash, body, createdAt: now() })
      .onConflictDoNothing({ target: [sandboxBridgeObjects.kind, sandboxBridgeObjects.idempotencyKey] })
      .returning();
    if (created) return created.body;
    const [existing] = await db
      .select()
      .from(sandboxBridgeObjects)
      .where(and(eq(sandboxBridgeObjects.kind, kind), eq(sandboxBridgeObjects.idempotencyKey, idempotencyKey)));
    if (!existing) throw new BankingProviderError('Sandbox idempotency row vanished');
    if (existing.requestHash !== hash) throw new BankingProviderError('Idempotency-Key reused with another body', 422, 'idempotency_key_reused');
    return existing.body;
  }

  /** The sandbox's webhook key pair, made once and shared by every instance through the database. */
  let keys: Promise<{ privateKey: string; publicKey: string }> | null = null;
  const webhookKeys = () =>
    (keys ??= (async () => {
      const pair = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      await db
        .insert(sandboxBridgeObjects)
        .values({ id: 'webhook_key', kind: 'webhook_key', body: { public_key: pair.publicKey, private_key: pair.privateKey }, createdAt: now() })
        .onConflictDoNothing();
      const body = await find('webhook_key', 'webhook_key');
      return { privateKey: String(body.private_key), publicKey: String(body.public_key) };
    })().catch((error) => {
      keys = null;
      throw error;
    }));

  async function sign(rawBody: string, at: Date): Promise<string> {
    const timestamp = String(at.getTime());
    const signer = createSign('sha256');
    signer.update(`${timestamp}.${rawBody}`);
    return `t=${timestamp},v0=${signer.sign((await webhookKeys()).privateKey, 'base64')}`;
  }

  async function event(category: string, type: string, object: Json): Promise<SignedEvent> {
    const rawBody = JSON.stringify({
      api_version: 'v0',
      event_id: newId('wh'),
      event_category: category,
      event_type: type,
      event_object_id: object.id,
      event_object_status: object.state ?? object.kyc_status ?? null,
      event_object: object,
      event_created_at: now().toISOString(),
    });
    return { rawBody, signature: await sign(rawBody, now()) };
  }

  return {
    name: 'sandbox',

    async createKycLink(input) {
      const request = { full_name: input.fullName, email: input.email, type: input.type };
      // Bridge keeps one customer per email: another customer's email is refused as Bridge refuses it.
      const [holder] = await db
        .select({ id: sandboxBridgeObjects.id })
        .from(sandboxBridgeObjects)
        .where(
          and(
            eq(sandboxBridgeObjects.kind, 'kyc_link'),
            sql`lower(${sandboxBridgeObjects.body}->>'email') = lower(${input.email})`,
            ne(sandboxBridgeObjects.idempotencyKey, input.idempotencyKey),
          ),
        )
        .limit(1);
      if (holder) throw new BankingProviderError('A customer with this email already exists', 400, 'invalid_parameters');
      const body = await create('kyc_link', input.idempotencyKey, request, (id) => ({
        id,
        ...request,
        kyc_link: `${options.appUrl}/api/v1/banking/sandbox/kyc/${id}`,
        tos_link: `${options.appUrl}/api/v1/banking/sandbox/kyc/${id}`,
        kyc_status: 'not_started',
        tos_status: 'pending',
        rejection_reasons: [],
        customer_id: `cust_sbx_${id.slice(-20)}`,
        created_at: now().toISOString(),
      }));
      return fromKycLink(body);
    },

    async getKycLink(id) {
      return fromKycLink(await find(id, 'kyc_link'));
    },

    async createWallet(customerId, input) {
      const request = { chain: input.chain };
      return fromWallet(
        await create(
          'wallet',
          input.idempotencyKey,
          { customerId, ...request },
          (id) => ({
            id,
            chain: input.chain,
            address: `T${randomBytes(20).toString('hex').slice(0, 33)}`,
            customer_id: customerId,
            balances: [],
            created_at: now().toISOString(),
          }),
          customerId,
        ),
      );
    },

    async createVirtualAccount(customerId, input) {
      await requireApproved(customerId);
      return fromVirtualAccount(
        await create(
          'virtual_account',
          input.idempotencyKey,
          { customerId, walletId: input.walletId, currency: input.currency },
          (id) => ({
            id,
            status: 'activated',
            customer_id: customerId,
            source_deposit_instructions: depositInstructions(input.currency),
            destination: { currency: 'usdc', payment_rail: 'solana', bridge_wallet_id: input.walletId },
          }),
          customerId,
        ),
      );
    },

    async createExternalAccount(customerId, input) {
      const request = externalAccountBody(input);
      const account = (request.account ?? request.iban ?? request.clabe) as Json;
      const number = typeof account.account_number === 'string' ? account.account_number : '';
      return fromExternalAccount(
        await create(
          'external_account',
          input.idempotencyKey,
          { customerId, ...request },
          (id) => ({
            id,
            customer_id: customerId,
            account_type: request.account_type,
            currency: request.currency,
            bank_name: request.bank_name,
            account_owner_name: request.account_owner_name,
            last_4: number.slice(-4),
            active: true,
            created_at: now().toISOString(),
          }),
          customerId,
        ),
      );
    },

    async deleteExternalAccount(customerId, externalAccountId) {
      const account = await find(externalAccountId, 'external_account');
      if (account.customer_id !== customerId) throw new BankingProviderError('No such external account', 404, 'not_found');
      await save(externalAccountId, { ...account, active: false });
    },

    async createTransfer(input) {
      const request = transferBody(input);
      return fromTransfer(
        await create(
          'transfer',
          input.idempotencyKey,
          request,
          (id) => ({
            id,
            ...request,
            // Bridge submits a funded wallet transfer at once; the rail then processes it.
            state: 'payment_submitted',
            created_at: now().toISOString(),
          }),
          input.customerId,
        ),
      );
    },

    async createLiquidationAddress(customerId, input) {
      const request = {
        chain: input.chain,
        currency: input.currency,
        external_account_id: input.externalAccountId,
        destination_payment_rail: input.rail,
        destination_currency: input.destinationCurrency,
      };
      return fromLiquidationAddress(
        await create(
          'liquidation_address',
          input.idempotencyKey,
          { customerId, ...request },
          (id) => ({
            id,
            customer_id: customerId,
            ...request,
            address: input.chain === 'tron' ? `T${randomBytes(20).toString('hex').slice(0, 33)}` : `0x${randomBytes(20).toString('hex')}`,
            state: 'active',
            created_at: now().toISOString(),
          }),
          customerId,
        ),
      );
    },

    async verifyWebhook(rawBody, header, at) {
      return verifyWebhookSignature(rawBody, header, (await webhookKeys()).publicKey, at);
    },

    async decideKyc(kycLinkId, decision) {
      const link = await find(kycLinkId, 'kyc_link');
      const updated = {
        ...link,
        kyc_status: decision,
        tos_status: 'approved',
        rejection_reasons: decision === 'rejected' ? [{ reason: 'Sandbox rejection' }] : [],
      };
      await save(kycLinkId, updated);
      return event('kyc_link', 'kyc_link.updated.status_transitioned', updated);
    },

    async simulateDeposit(input) {
      await requireApproved(input.customerId);
      const id = newId('va_event');
      const deposit = {
        id,
        type: 'funds_received',
        customer_id: input.customerId,
        deposit_id: newId('deposit'),
        amount: centsToDecimal(input.amountCents),
        currency: 'usd',
        source: {
          payment_rail: input.rail,
          sender_name: input.senderName,
          sender_bank_name: input.fromBank,
          ...(input.senderType ? { sender_type: input.senderType } : {}),
          description: input.description ?? `${input.rail} deposit`,
        },
        created_at: now().toISOString(),
      };
      return event('virtual_account.activity', 'virtual_account.activity.created', deposit);
    },

    async advanceTransfer(transferId, to) {
      const transfer = await find(transferId, 'transfer');
      const next = to ?? (transfer.state === 'payment_submitted' ? 'payment_processed' : String(transfer.state));
      const updated = { ...transfer, state: next, updated_at: now().toISOString() };
      await save(transferId, updated);
      return event('transfer', 'transfer.updated.status_transitioned', updated);
    },

    sign,
  };

  /** Bridge refuses accounts and deposits for a customer whose KYC is not approved. */
  async function requireApproved(customerId: string) {
    const [link] = await db
      .select()
      .from(sandboxBridgeObjects)
      .where(and(eq(sandboxBridgeObjects.kind, 'kyc_link'), sql`${sandboxBridgeObjects.body} ->> 'customer_id' = ${customerId}`));
    if (!link || link.body.kyc_status !== 'approved') throw new BankingProviderError('Customer is not approved', 400, 'customer_not_approved');
  }
}

/** True for the local sandbox (which has the simulator's extra controls). */
export const isSandboxBanking = (provider: BankingProvider): provider is SandboxBanking => provider.name === 'sandbox' && 'decideKyc' in provider;
