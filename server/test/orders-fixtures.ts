import { randomUUID } from 'node:crypto';
import { computePrice, type BillingCycle, type PlanId } from '@domain/plans';
import { flowCompanyType, type OrderFlow } from '@domain/checkout';
import { refreshTokenMs } from '../auth/session';
import { generateOpaqueToken, hashOpaqueToken, signAccessToken } from '../auth/tokens';
import { insertRefreshToken } from '../db/queries/sessions';
import { planCatalog } from '../catalog/plans';
import { insertUser } from '../db/queries/users';
import type { TestApp } from './harness';

/** Builders for funnel tests: wizard bodies, orders priced like the client prices them, cards and sessions. */

export const ownerContact = {
  firstName: 'María',
  lastName: 'González',
  email: 'maria@example.com',
  phoneCountry: 'AR',
  phone: '+54 9 11 5555-1234',
};

export const partnerInput = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'María',
  lastName: 'González',
  ownership: 100,
  isDirector: true,
  addressLine1: 'Av. Corrientes 1234',
  city: 'Buenos Aires',
  stateOrProvince: 'CABA',
  country: 'AR',
  postalCode: 'C1043',
  taxId: '912-70-1234',
  ...overrides,
});

export const wizards: Record<OrderFlow, (email: string) => Record<string, unknown>> = {
  createCompany: (email) => ({
    owner: { ...ownerContact, email },
    company: { type: 'LLC', nameOption1: 'Andes Labs', nameOption2: 'Andes Group', industry: 'software', state: 'WY' },
    partners: [
      partnerInput({ ownership: 60 }),
      partnerInput({ firstName: 'Joana', lastName: 'Silva', ownership: 40, isDirector: false, country: 'BR', taxId: '' }),
    ],
  }),
  migrateCompany: (email) => ({
    owner: { ...ownerContact, email },
    company: {
      type: 'C-Corp',
      existingCompanyName: 'Pampa Trading',
      industry: 'other',
      industryOther: 'Yerba mate import',
      originState: 'FL',
      documents: [{ kind: 'einLetter' }],
    },
    partners: [partnerInput()],
  }),
  crossBorderCrypto: (email) => ({
    owner: { ...ownerContact, email },
    business: { legalName: 'Andes Crypto SA', registrationCountry: 'AR' },
    residenceCountry: 'AR',
  }),
};

export interface OrderOptions {
  flow?: OrderFlow;
  email?: string;
  plan?: PlanId;
  billing?: BillingCycle;
  services?: string[];
  couponCode?: string;
  percentOff?: number;
  amountOff?: number;
  expectedAmount?: number;
  wizard?: Record<string, unknown>;
  extra?: Record<string, unknown>;
  /** The session of the account placing the order (it then owns it from the start). */
  cookies?: string;
}

/** The body of POST /orders with the amount the client would compute from the catalog. */
export function orderBody(options: OrderOptions = {}) {
  const flow = options.flow ?? 'createCompany';
  const selection = {
    companyType: flowCompanyType[flow],
    plan: options.plan ?? 'standard',
    billing: options.billing ?? 'monthly',
    services: options.services ?? (flow === 'crossBorderCrypto' ? [] : ['registeredAgent']),
  };
  const coupon =
    options.percentOff !== undefined
      ? { percentOff: options.percentOff, amountOff: null }
      : options.amountOff !== undefined
        ? { percentOff: null, amountOff: options.amountOff }
        : null;
  const price = computePrice(planCatalog, selection, coupon);
  if (!price.ok) throw new Error(JSON.stringify(price.errors));
  return {
    flow,
    wizard: options.wizard ?? wizards[flow](options.email ?? ownerContact.email),
    plan: selection.plan,
    billing: selection.billing,
    services: selection.services,
    ...(options.couponCode ? { couponCode: options.couponCode } : {}),
    language: 'es',
    expectedAmount: options.expectedAmount ?? price.quote.total,
    ...options.extra,
  };
}

export interface PlacedOrder {
  orderId: string;
  orderNumber: string;
  amount: number;
  checkoutToken: string;
}

/** A different client address per order (the app must run with TRUST_PROXY=1), so tests stay under the per-IP order limit. */
export const someIp = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

export async function placeOrder(t: TestApp, options: OrderOptions = {}): Promise<PlacedOrder> {
  const response = await t.request('/api/v1/orders', {
    method: 'POST',
    headers: { 'x-forwarded-for': someIp() },
    json: orderBody(options),
    ...(options.cookies ? { cookies: options.cookies } : {}),
  });
  if (response.status !== 201) throw new Error(`order not placed: ${response.status} ${await response.text()}`);
  return response.json();
}

export const cardMethod = (cardNumber: string, overrides: Record<string, unknown> = {}) => ({
  type: 'card',
  cardNumber,
  holderName: 'María González',
  expiry: '12/34',
  cvc: '123',
  postalCode: 'C1043',
  ...overrides,
});

export function payRequest(
  t: TestApp,
  order: PlacedOrder,
  options: { key?: string; cardNumber?: string; amount?: number; country?: string; token?: string | null; cookies?: string; paymentMethod?: unknown } = {},
) {
  const headers: Record<string, string> = { 'idempotency-key': options.key ?? crypto.randomUUID() };
  const token = options.token === undefined ? order.checkoutToken : options.token;
  if (token !== null) headers['x-checkout-token'] = token;
  return t.request(`/api/v1/checkout/${order.orderId}/pay`, {
    method: 'POST',
    headers,
    ...(options.cookies ? { cookies: options.cookies } : {}),
    json: {
      amount: options.amount ?? order.amount,
      country: options.country ?? 'AR',
      paymentMethod: options.paymentMethod ?? cardMethod(options.cardNumber ?? '4242424242424242'),
    },
  });
}

export function confirmRequest(t: TestApp, order: PlacedOrder, paymentId: string, challengeResult?: 'completed' | 'failed') {
  return t.request(`/api/v1/checkout/${order.orderId}/confirm`, {
    method: 'POST',
    headers: { 'x-checkout-token': order.checkoutToken },
    json: { paymentId, ...(challengeResult ? { challengeResult } : {}) },
  });
}

/** A signed-in account without going through the login endpoint: its session cookie. */
export async function signedInUser(t: TestApp, email: string, overrides: { attribution?: Record<string, string> } = {}) {
  const user = await insertUser(t.database.db, {
    email,
    firstName: 'Test',
    lastName: 'Owner',
    language: 'es',
    attribution: overrides.attribution ?? null,
    now: t.clock.now,
  });
  const familyId = randomUUID();
  const expiresAt = new Date(t.clock.now.getTime() + refreshTokenMs);
  await insertRefreshToken(t.database.db, {
    userId: user!.id,
    familyId,
    tokenHash: hashOpaqueToken(generateOpaqueToken()),
    impersonatorId: null,
    now: t.clock.now,
    expiresAt,
  });
  const token = await signAccessToken(t.env.SESSION_SECRET, { sub: user!.id, role: 'user', fam: familyId }, t.clock.now);
  return { user: user!, cookies: `accessToken=${token}` };
}

/** The `<order id>.<secret>` of the claim link in the receipt of `orderNumber` (undefined when the receipt has none). */
export function claimLinkOf(t: TestApp, orderNumber: string): { orderId: string; claimToken: string } | undefined {
  const receipt = t.mails.find((mail) => mail.subject.includes(orderNumber));
  const match = /\/claim#([0-9a-f-]{36})\.([\w-]+)/.exec(receipt?.text ?? '');
  return match ? { orderId: match[1]!, claimToken: match[2]! } : undefined;
}

/** Claims a paid guest order with its receipt's link, as the account of `cookies`. */
export function claimWithLink(t: TestApp, orderNumber: string, cookies: string) {
  const link = claimLinkOf(t, orderNumber);
  if (!link) throw new Error(`no claim link for ${orderNumber}`);
  return t.request(`/api/v1/orders/${link.orderId}/claim`, { method: 'POST', cookies, json: { claimToken: link.claimToken } });
}
