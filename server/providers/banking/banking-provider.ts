import { createVerify } from 'node:crypto';
import {
  centsToDecimal,
  decimalToCents,
  depositRails,
  walletTransactionStatuses,
  type DepositRail,
  type VerificationStatus,
  type WalletTransactionStatus,
} from '@domain/banking';

/**
 * The banking and crypto provider, shaped like Bridge's API (https://apidocs.bridge.xyz):
 * KYC links that create customers, virtual accounts (deposit instructions), wallets,
 * external accounts, transfers and liquidation addresses, each created with an
 * Idempotency-Key. Bridge when BRIDGE_API_KEY is set; otherwise the local sandbox, which
 * stores the same JSON objects and runs the same state machines. Both answer in Bridge's
 * JSON, read by the one set of `from*` functions below, so neither adapter can drift.
 */

export interface KycLink {
  id: string;
  customerId: string;
  url: string;
  status: VerificationStatus;
}

/** The currencies Bridge opens a virtual account in for Alta (SPEC §1: ACH, US wire, SEPA, SPEI; never SWIFT). */
export const depositCurrencies = ['usd', 'eur', 'mxn'] as const;
export type DepositCurrency = (typeof depositCurrencies)[number];

/**
 * One of Bridge's virtual accounts: Bridge opens one per source currency, each with its own
 * `source_deposit_instructions` — US routing and account numbers (ACH push, wire), an IBAN
 * and BIC (SEPA), or a CLABE (SPEI).
 */
export type VirtualAccount = { id: string; bankName: string; bankAddress: string; beneficiaryName: string; rails: string[] } & (
  { currency: 'usd'; accountNumber: string; routingNumber: string } | { currency: 'eur'; iban: string; bic: string } | { currency: 'mxn'; clabe: string }
);

/** A company's virtual accounts, by source currency, as Alta keeps them (each made once, when the provider agrees). */
export type VirtualAccounts = { [C in DepositCurrency]?: Extract<VirtualAccount, { currency: C }> };

export interface Wallet {
  id: string;
  address: string;
  chain: string;
}

export interface ExternalAccountInput {
  idempotencyKey: string;
  region: 'US' | 'EU' | 'MX';
  ownerType: 'person' | 'business';
  bankName: string;
  ownerName: string;
  firstName?: string;
  lastName?: string;
  businessName?: string;
  accountNumber?: string;
  routingNumber?: string;
  bic?: string;
  clabe?: string;
  address: { street: string; city: string; state?: string; postalCode: string; country: string };
}

export interface ExternalAccount {
  id: string;
  last4: string;
  bankName: string;
  ownerName: string;
}

export interface TransferInput {
  idempotencyKey: string;
  customerId: string;
  walletId: string;
  amountCents: number;
  feeCents: number;
  /** Bridge's payment rail: wire, ach, ach_same_day, sepa, spei, or the chain (tron). */
  rail: string;
  currency: 'usd' | 'eur' | 'mxn' | 'usdt';
  externalAccountId?: string;
  toAddress?: string;
  reference?: string;
}

export interface Transfer {
  id: string;
  status: WalletTransactionStatus;
  amountCents: number;
}

export interface LiquidationAddressInput {
  idempotencyKey: string;
  chain: string;
  currency: 'usdc' | 'usdt';
  externalAccountId: string;
  rail: string;
  destinationCurrency: 'usd' | 'eur' | 'mxn';
}

export interface LiquidationAddress {
  id: string;
  address: string;
  chain: string;
  currency: string;
}

/** A verified webhook event (Bridge's event envelope). */
export interface BankingEvent {
  eventId: string;
  category: string;
  type: string;
  objectId: string;
  object: Record<string, unknown>;
}

export interface BankingProvider {
  readonly name: 'sandbox' | 'bridge';
  createKycLink(input: { idempotencyKey: string; fullName: string; email: string; type: 'individual' | 'business'; redirectUri: string }): Promise<KycLink>;
  getKycLink(id: string): Promise<KycLink>;
  createWallet(customerId: string, input: { idempotencyKey: string; chain: string }): Promise<Wallet>;
  createVirtualAccount(customerId: string, input: { idempotencyKey: string; walletId: string; currency: DepositCurrency }): Promise<VirtualAccount>;
  createExternalAccount(customerId: string, input: ExternalAccountInput): Promise<ExternalAccount>;
  deleteExternalAccount(customerId: string, externalAccountId: string): Promise<void>;
  createTransfer(input: TransferInput): Promise<Transfer>;
  createLiquidationAddress(customerId: string, input: LiquidationAddressInput): Promise<LiquidationAddress>;
  /** The event of a webhook delivery whose `X-Webhook-Signature` is valid and fresh; null otherwise. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined, now: Date): Promise<BankingEvent | null>;
}

/** Answers that say "not now" rather than "no": a timeout, a conflict with the same key still in flight, a rate limit. */
const retryableStatuses = [408, 409, 425, 429];

/**
 * The provider refused or failed (network, outage, an answer Alta does not understand).
 * `refused` is true only when the provider answered and said no, so nothing was made; anything
 * else (no answer, a 5xx, a body that is not JSON) leaves the outcome unknown: what was asked
 * may exist at the provider, and only asking again with the same Idempotency-Key tells.
 */
export class BankingProviderError extends Error {
  readonly refused: boolean;
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly providerCode: string | null = null,
    refused?: boolean,
  ) {
    super(message);
    this.refused = refused ?? (status !== null && status >= 400 && status < 500 && !retryableStatuses.includes(status));
  }
}

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Bridge's kyc_status → SPEC §4 verification states. */
export function verificationOf(kycStatus: string): VerificationStatus {
  switch (kycStatus) {
    case 'approved':
      return 'approved';
    case 'rejected':
    case 'offboarded':
      return 'rejected';
    case 'under_review':
    case 'paused':
      return 'underReview';
    case 'awaiting_ubo':
      return 'awaitingUbo';
    default:
      // not_started, incomplete, awaiting_questionnaire: the customer still has something to do.
      return 'pending';
  }
}

export const fromKycLink = (json: Json): KycLink => ({
  id: text(json.id),
  customerId: text(json.customer_id),
  url: text(json.kyc_link),
  status: verificationOf(text(json.kyc_status)),
});

export function fromVirtualAccount(json: Json): VirtualAccount {
  const instructions = (json.source_deposit_instructions ?? {}) as Json;
  const common = {
    id: text(json.id),
    bankName: text(instructions.bank_name),
    bankAddress: text(instructions.bank_address),
    // USD instructions name the beneficiary, EUR and MXN ones the account holder.
    beneficiaryName: text(instructions.bank_beneficiary_name) || text(instructions.account_holder_name),
    rails: Array.isArray(instructions.payment_rails) ? instructions.payment_rails.map(text) : [],
  };
  const currency = text(instructions.currency) || text(instructions.asset);
  switch (currency) {
    case 'usd':
      return { ...common, currency, accountNumber: text(instructions.bank_account_number), routingNumber: text(instructions.bank_routing_number) };
    case 'eur':
      return { ...common, currency, iban: text(instructions.iban), bic: text(instructions.bic) };
    case 'mxn':
      return { ...common, currency, clabe: text(instructions.clabe) };
    default:
      throw new BankingProviderError(`Unknown virtual account currency ${currency}`);
  }
}

/** Bridge's virtual-account activity types that concern one deposit (the rest: account updates, microdeposits). */
export const depositActivityTypes = ['funds_received', 'funds_scheduled', 'in_review', 'payment_submitted', 'payment_processed', 'refunded'] as const;
export type DepositActivityType = (typeof depositActivityTypes)[number];

/** One event of a deposit on a virtual account: every event of one deposit carries the same `deposit_id`. */
export interface DepositActivity {
  type: DepositActivityType;
  depositId: string;
  customerId: string;
  /** What the wallet receives, in US cents (Bridge converts EUR and MXN on the way in). */
  amountCents: number;
  rail: DepositRail;
  senderName: string;
  senderBank: string | null;
  senderType: 'business' | 'individual' | null;
  /** The sender's description says payroll (an ACH batch's company entry description). */
  payroll: boolean;
}

/** A virtual-account activity object as a deposit event, or null for activity that is not one. */
export function fromDepositActivity(json: Json): DepositActivity | null {
  const type = depositActivityTypes.find((candidate) => candidate === json.type);
  const source = (json.source ?? {}) as Json;
  const rail = depositRails.find((candidate) => candidate === source.payment_rail);
  if (!type || !rail) return null;
  const senderType = source.sender_type === 'business' || source.sender_type === 'individual' ? source.sender_type : null;
  return {
    type,
    depositId: text(json.deposit_id) || text(json.id),
    customerId: text(json.customer_id),
    amountCents: decimalToCents(text(json.amount) || '0'),
    rail,
    senderName: text(source.sender_name) || text(source.originator_name),
    senderBank: text(source.sender_bank_name) || text(source.bank_name) || null,
    senderType,
    payroll: /\bpayroll\b/i.test(text(source.description)),
  };
}

export const fromWallet = (json: Json): Wallet => ({ id: text(json.id), address: text(json.address), chain: text(json.chain) });

export const fromExternalAccount = (json: Json): ExternalAccount => ({
  id: text(json.id),
  last4: text(json.last_4),
  bankName: text(json.bank_name),
  ownerName: text(json.account_owner_name),
});

/** Bridge's transfer states are the SPEC §4 wallet states; an unknown one is an error, not a guess. */
export function transferStatusOf(state: string): WalletTransactionStatus {
  const status = walletTransactionStatuses.find((candidate) => candidate === state);
  if (!status) throw new BankingProviderError(`Unknown transfer state ${state}`);
  return status;
}

export const fromTransfer = (json: Json): Transfer => ({
  id: text(json.id),
  status: transferStatusOf(text(json.state)),
  amountCents: decimalToCents(text(json.amount) || '0'),
});

export const fromLiquidationAddress = (json: Json): LiquidationAddress => ({
  id: text(json.id),
  address: text(json.address),
  chain: text(json.chain),
  currency: text(json.currency),
});

/** The body Bridge's external-account endpoint takes, per region. */
export function externalAccountBody(input: ExternalAccountInput): Json {
  const address = {
    street_line_1: input.address.street,
    city: input.address.city,
    ...(input.address.state ? { state: input.address.state } : {}),
    postal_code: input.address.postalCode,
    country: input.address.country,
  };
  const owner = {
    bank_name: input.bankName,
    account_owner_name: input.ownerName,
    account_owner_type: input.ownerType === 'person' ? 'individual' : 'business',
    ...(input.ownerType === 'person' ? { first_name: input.firstName, last_name: input.lastName } : { business_name: input.businessName }),
    address,
  };
  switch (input.region) {
    case 'US':
      return {
        ...owner,
        currency: 'usd',
        account_type: 'us',
        account: { account_number: input.accountNumber, routing_number: input.routingNumber, checking_or_savings: 'checking' },
      };
    case 'EU':
      return {
        ...owner,
        currency: 'eur',
        account_type: 'iban',
        iban: { account_number: input.accountNumber, ...(input.bic ? { bic: input.bic } : {}), country: input.address.country },
      };
    case 'MX':
      return { ...owner, currency: 'mxn', account_type: 'clabe', clabe: { account_number: input.clabe } };
  }
}

/** Bridge's rails for the withdrawal rails (same-day ACH is `ach_same_day`, USDT goes on `tron`). */
export function transferBody(input: TransferInput): Json {
  const destination: Json = { payment_rail: input.rail, currency: input.currency };
  if (input.externalAccountId) destination.external_account_id = input.externalAccountId;
  if (input.toAddress) destination.to_address = input.toAddress;
  if (input.reference) {
    const field = { wire: 'wire_message', sepa: 'sepa_reference', spei: 'spei_reference', ach: 'ach_reference', ach_same_day: 'ach_reference' }[input.rail];
    if (field) destination[field] = input.reference;
  }
  return {
    client_reference_id: input.idempotencyKey,
    amount: centsToDecimal(input.amountCents),
    developer_fee: centsToDecimal(input.feeCents),
    on_behalf_of: input.customerId,
    source: { payment_rail: 'bridge_wallet', currency: 'usdc', bridge_wallet_id: input.walletId },
    destination,
  };
}

/** Bridge's event freshness window: older deliveries are refused (Bridge retries with a new timestamp). */
export const webhookToleranceMs = 10 * 60_000;

/**
 * Checks `X-Webhook-Signature: t=<ms>,v0=<base64>`: an RSA-SHA256 signature of
 * `<t>.<raw body>` by the webhook's key, no older than ten minutes. Shared by both adapters.
 */
export function verifyWebhookSignature(rawBody: string, header: string | undefined, publicKeyPem: string, now: Date): BankingEvent | null {
  if (!header) return null;
  const fields = new Map(header.split(',').map((part) => [part.slice(0, part.indexOf('=')).trim(), part.slice(part.indexOf('=') + 1).trim()] as const));
  const timestamp = fields.get('t');
  const signature = fields.get('v0');
  if (!timestamp || !/^\d{1,16}$/.test(timestamp) || !signature || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return null;
  if (Math.abs(now.getTime() - Number(timestamp)) > webhookToleranceMs) return null;
  const verifier = createVerify('sha256');
  verifier.update(`${timestamp}.${rawBody}`);
  let valid = false;
  try {
    valid = verifier.verify(publicKeyPem, Buffer.from(signature, 'base64'));
  } catch {
    return null;
  }
  if (!valid) return null;
  let event: Json;
  try {
    event = JSON.parse(rawBody) as Json;
  } catch {
    return null;
  }
  if (
    typeof event !== 'object' ||
    event === null ||
    typeof event.event_id !== 'string' ||
    typeof event.event_object !== 'object' ||
    event.event_object === null
  )
    return null;
  return {
    eventId: event.event_id,
    category: text(event.event_category),
    type: text(event.event_type),
    objectId: text(event.event_object_id),
    object: event.event_object as Json,
  };
}
