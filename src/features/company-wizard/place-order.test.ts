import { describe, expect, it, vi } from 'vitest';
import { createOrderSchema, type CreateOrderInput, type OrderCreated } from '@domain/checkout';
import { annualPrice, planCatalogSchema, type PlanCatalog } from '@domain/plans';
import { ApiError, NetworkError } from '@src/lib/api';
import { orderServices, quoteOf } from './order-quote';
import { placeOrder, type PlaceOrderDeps, type PlaceOrderInput } from './place-order';
import type { CreateCompanyValues, CrossBorderCryptoValues } from './wizard-values';

const usa = (id: 'standard' | 'professional' | 'enterprise', setupFee: number, monthly: number) => ({
  id,
  companyType: 'USA_COMPANY' as const,
  setupFee,
  monthly,
  annual: annualPrice(monthly),
  processingDays: { min: 12, max: 30 },
  cpaHoursPerMonth: 0,
  cryptoMonthlyVolumeLimitUsd: null,
  features: [],
  highlighted: false,
});

const catalog: PlanCatalog = planCatalogSchema.parse({
  currency: 'usd',
  annualDiscountPercent: 15,
  companyCreationFrom: 45_000,
  plans: [
    usa('standard', 45_000, 4_900),
    usa('professional', 69_500, 9_900),
    { ...usa('standard', 0, 9_900), companyType: 'CRYPTO_COMPANY', processingDays: null, cryptoMonthlyVolumeLimitUsd: 500_000 },
  ],
  custom: { id: 'custom', contactOnly: true },
  services: [
    {
      id: 'priorityProcessing',
      price: 14_900,
      recurrence: 'one_time',
      companyTypes: ['USA_COMPANY', 'CRYPTO_COMPANY'],
      group: 'processingSpeed',
      turnaroundHours: 48,
    },
    {
      id: 'vipProcessing',
      price: 24_900,
      recurrence: 'one_time',
      companyTypes: ['USA_COMPANY', 'CRYPTO_COMPANY'],
      group: 'processingSpeed',
      turnaroundHours: 24,
    },
    { id: 'registeredAgent', price: 14_900, recurrence: 'year', companyTypes: ['USA_COMPANY'], group: null, turnaroundHours: null },
    { id: 'bankAccountAssistance', price: 9_900, recurrence: 'one_time', companyTypes: ['USA_COMPANY'], group: null, turnaroundHours: null },
  ],
});

const partner = {
  firstName: 'Lucía',
  lastName: 'Gómez',
  ownership: '100',
  isDirector: true,
  addressLine1: 'Av. Corrientes 1234',
  addressLine2: '',
  city: 'Buenos Aires',
  stateOrProvince: 'CABA',
  country: 'AR',
  postalCode: 'C1043',
  taxId: '',
};

const values = (): CreateCompanyValues => ({
  owner: { firstName: 'Lucía', lastName: 'Gómez', email: 'Lucia@Example.com', phoneCountry: 'AR', phone: '11 2345 6789' },
  company: { nameOption1: 'Andes Digital', nameOption2: 'Andes Labs', type: 'LLC', industry: 'software', industryOther: '', state: 'WY' },
  services: { speed: 'vipProcessing', extras: ['registeredAgent', 'notInTheCatalog'] },
  partners: [partner],
  plan: { plan: 'professional', billing: 'annual' },
});

const created: OrderCreated = {
  orderId: '5f1c4a8e-8d7b-4c39-9a43-1b2f3c4d5e6f',
  orderNumber: 'ALT-001001',
  amount: 150_780,
  currency: 'usd',
  checkoutToken: 'secret-token',
  expiresAt: '2026-11-22T10:00:00.000Z',
  quote: { currency: 'usd', lines: [], subtotal: 150_780, discount: 0, total: 150_780 },
};

function setup(overrides: Partial<PlaceOrderDeps> = {}) {
  const createOrder = vi.fn<(body: CreateOrderInput) => Promise<OrderCreated>>().mockResolvedValue(created);
  const deps: PlaceOrderDeps = { createOrder, online: () => true, now: () => new Date('2026-11-21T10:00:00.000Z'), ...overrides };
  const input: PlaceOrderInput<'createCompany'> = {
    flow: 'createCompany',
    values: values(),
    catalog,
    draftId: '0b6a1c7e-2f4d-4e5a-9b8c-7d6e5f4a3b2c',
    language: 'pt',
    attribution: { utmSource: 'instagram', originPath: '/pt' },
    previous: null,
    hasHandoff: () => true,
    isPaid: () => false,
  };
  return { createOrder, deps, input };
}

describe('placing the order', () => {
  it('sends the total the customer saw, the services the catalog offers, the draft, the language and the attribution', async () => {
    const { createOrder, deps, input } = setup();
    const outcome = await placeOrder(input, deps);
    expect(outcome.kind).toBe('placed');
    const body = createOrder.mock.calls[0]![0];
    expect(createOrderSchema.safeParse(body).success).toBe(true);
    // $695 setup + $1,009.80 (a year at 15 % off) + $249 VIP + $149 registered agent.
    expect(body).toMatchObject({
      flow: 'createCompany',
      plan: 'professional',
      billing: 'annual',
      services: ['vipProcessing', 'registeredAgent'],
      expectedAmount: 69_500 + 100_980 + 24_900 + 14_900,
      companyDraftId: input.draftId,
      language: 'pt',
      attribution: { utmSource: 'instagram', originPath: '/pt' },
      wizard: { owner: { email: 'lucia@example.com' }, partners: [{ ownership: 100 }] },
    });
    expect(quoteOf('createCompany', input.values, catalog)?.total).toBe(body.expectedAmount);
  });

  it('hands the order, its token and the owner to the checkout, and remembers it in the draft without the token', async () => {
    const { deps, input } = setup();
    const outcome = await placeOrder(input, deps);
    if (outcome.kind !== 'placed') throw new Error(outcome.kind);
    expect(outcome.handoff).toMatchObject({
      orderId: created.orderId,
      checkoutToken: 'secret-token',
      orderNumber: 'ALT-001001',
      flow: 'createCompany',
      companyName: 'Andes Digital',
      email: 'lucia@example.com',
      firstName: 'Lucía',
      lastName: 'Gómez',
      phone: '+541123456789',
      draftId: input.draftId,
    });
    expect(outcome.placed).toEqual({
      orderId: created.orderId,
      orderNumber: 'ALT-001001',
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      expiresAt: created.expiresAt,
    });
    expect(JSON.stringify(outcome.placed)).not.toContain('secret-token');
  });

  it('goes back to the same order while nothing changed and it is still payable here; anything else places a new one', async () => {
    const { createOrder, deps, input } = setup();
    const first = await placeOrder(input, deps);
    if (first.kind !== 'placed') throw new Error(first.kind);
    expect(await placeOrder({ ...input, previous: first.placed }, deps)).toEqual({ kind: 'reused', orderId: created.orderId });
    expect(createOrder).toHaveBeenCalledTimes(1);

    // Paid or expired at checkout (the hand-off is gone), changed, or past its expiry: a new order.
    await placeOrder({ ...input, previous: first.placed, hasHandoff: () => false }, deps);
    const changed = values();
    changed.plan.billing = 'monthly';
    await placeOrder({ ...input, values: changed, previous: first.placed }, deps);
    await placeOrder({ ...input, previous: first.placed }, { ...deps, now: () => new Date('2026-11-23T00:00:00.000Z') });
    expect(createOrder).toHaveBeenCalledTimes(4);
  });

  it('never orders the same company twice: a paid order is gone back to, however old', async () => {
    const { createOrder, deps, input } = setup();
    const first = await placeOrder(input, deps);
    if (first.kind !== 'placed') throw new Error(first.kind);
    const later = { ...deps, now: () => new Date('2026-12-31T00:00:00.000Z') };
    expect(await placeOrder({ ...input, previous: first.placed, hasHandoff: () => false, isPaid: () => true }, later)).toEqual({
      kind: 'reused',
      orderId: created.orderId,
    });
    expect(createOrder).toHaveBeenCalledTimes(1);
  });

  it('needs a connection: offline nothing is sent, and a lost connection reads the same', async () => {
    const offline = setup({ online: () => false });
    expect(await placeOrder(offline.input, offline.deps)).toEqual({ kind: 'offline' });
    expect(offline.createOrder).not.toHaveBeenCalled();
    const lost = setup({ createOrder: () => Promise.reject(new NetworkError('unreachable')) });
    expect(await placeOrder(lost.input, lost.deps)).toEqual({ kind: 'offline' });
  });

  it('tells a changed price, refused fields and other failures apart', async () => {
    const mismatch = setup({ createOrder: () => Promise.reject(new ApiError(409, 'price_mismatch')) });
    expect(await placeOrder(mismatch.input, mismatch.deps)).toEqual({ kind: 'priceMismatch' });
    const refused = setup({
      createOrder: () => Promise.reject(new ApiError(400, 'validation', { 'wizard.partners': ['validation.ownershipTotal'], plan: ['validation.required'] })),
    });
    expect(await placeOrder(refused.input, refused.deps)).toEqual({
      kind: 'invalid',
      errors: { partners: 'validation.ownershipTotal', 'plan.plan': 'validation.required' },
    });
    const limited = new ApiError(429, 'rate_limited', {}, 600);
    const busy = setup({ createOrder: () => Promise.reject(limited) });
    expect(await placeOrder(busy.input, busy.deps)).toEqual({ kind: 'failed', error: limited });
  });

  it('never sends an incomplete wizard or a plan that is not chosen', async () => {
    const { createOrder, deps, input } = setup();
    const noPlan = values();
    noPlan.plan.plan = '';
    expect(await placeOrder({ ...input, values: noPlan }, deps)).toEqual({ kind: 'invalid', errors: { 'plan.plan': 'validation.required' } });
    const badShares = values();
    badShares.partners = [{ ...partner, ownership: '99' }];
    expect(await placeOrder({ ...input, values: badShares }, deps)).toEqual({ kind: 'invalid', errors: { partners: 'validation.ownershipTotal' } });
    expect(createOrder).not.toHaveBeenCalled();
  });
});

describe('services of an order', () => {
  it('keeps one processing speed and, for crypto, nothing else', () => {
    expect(orderServices('createCompany', values(), catalog)).toEqual(['vipProcessing', 'registeredAgent']);
    const crypto: CrossBorderCryptoValues = {
      owner: values().owner,
      business: { legalName: 'Andes Crypto', registrationCountry: 'AR' },
      residenceCountry: 'AR',
      services: { speed: 'priorityProcessing' },
      plan: { plan: 'standard', billing: 'monthly' },
    };
    expect(orderServices('crossBorderCrypto', crypto, catalog)).toEqual(['priorityProcessing']);
    expect(quoteOf('crossBorderCrypto', crypto, catalog)?.total).toBe(9_900 + 14_900);
  });

  it('never sells a banking add-on when a partner lives where digital banking is unavailable (SPEC §1)', () => {
    const withBanking: CreateCompanyValues = { ...values(), services: { speed: 'none', extras: ['registeredAgent', 'bankAccountAssistance'] } };
    expect(orderServices('createCompany', withBanking, catalog)).toEqual(['registeredAgent', 'bankAccountAssistance']);
    const nigerian = { ...withBanking, partners: [partner, { ...partner, ownership: '50', country: 'NG' }] };
    expect(orderServices('createCompany', nigerian, catalog)).toEqual(['registeredAgent']);
    expect(quoteOf('createCompany', { ...nigerian, partners: [{ ...partner, country: 'NG' }] }, catalog)?.lines.map((line) => line.id)).not.toContain(
      'bankAccountAssistance',
    );
  });
});
