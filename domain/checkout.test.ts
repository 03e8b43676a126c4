import { describe, expect, it } from 'vitest';
import { applyCouponSchema, checkoutFormSchema, confirmPaymentSchema, createOrderSchema, idempotencyKeySchema, parseExpiry, payOrderSchema } from './checkout';

const firstMessages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
};

const form = (overrides: Record<string, unknown> = {}) => ({
  cardNumber: '4242 4242 4242 4242',
  holderName: 'María González',
  expiry: '12/34',
  cvc: '123',
  postalCode: 'C1043',
  country: 'AR',
  ...overrides,
});

const owner = { firstName: 'María', lastName: 'González', email: 'maria@example.com', phoneCountry: 'AR', phone: '+5491155551234' };
const partner = {
  firstName: 'María',
  lastName: 'González',
  ownership: 100,
  isDirector: true,
  addressLine1: 'Av. Corrientes 1234',
  city: 'Buenos Aires',
  stateOrProvince: 'CABA',
  country: 'AR',
  postalCode: 'C1043',
};

const order = (overrides: Record<string, unknown> = {}) => ({
  flow: 'createCompany',
  wizard: {
    owner,
    company: { type: 'LLC', nameOption1: 'Andes Labs', nameOption2: 'Andes Group', industry: 'software', state: 'WY' },
    partners: [partner],
  },
  plan: 'standard',
  billing: 'monthly',
  services: ['registeredAgent'],
  expectedAmount: 64_800,
  ...overrides,
});

describe('checkout form', () => {
  it('accepts a card with spaces and normalises the number', () => {
    expect(checkoutFormSchema.parse(form()).cardNumber).toBe('4242424242424242');
    expect(checkoutFormSchema.parse(form({ couponCode: ' welcome10 ' })).couponCode).toBe('WELCOME10');
    expect(checkoutFormSchema.parse(form({ couponCode: '' })).couponCode).toBeUndefined();
  });

  it('wants holder name and ZIP of at least 2 characters', () => {
    expect(firstMessages(checkoutFormSchema.safeParse(form({ holderName: 'M', postalCode: '1' })))).toEqual({
      holderName: 'validation.min2',
      postalCode: 'validation.min2',
    });
  });

  it('refuses malformed card numbers, expiries and CVCs', () => {
    expect(firstMessages(checkoutFormSchema.safeParse(form({ cardNumber: '4242' })))).toEqual({ cardNumber: 'validation.cardNumber' });
    expect(firstMessages(checkoutFormSchema.safeParse(form({ cardNumber: '4242abcd42424242' })))).toEqual({ cardNumber: 'validation.cardNumber' });
    expect(firstMessages(checkoutFormSchema.safeParse(form({ cardNumber: '' })))).toEqual({ cardNumber: 'validation.required' });
    for (const expiry of ['13/30', '00/30', '1230', '12/3', 'ab/cd']) {
      expect(firstMessages(checkoutFormSchema.safeParse(form({ expiry })))).toEqual({ expiry: 'validation.cardExpiry' });
    }
    for (const cvc of ['12', '12345', 'abc']) expect(firstMessages(checkoutFormSchema.safeParse(form({ cvc })))).toEqual({ cvc: 'validation.cvc' });
    expect(checkoutFormSchema.safeParse(form({ cvc: '1234' })).success).toBe(true);
  });

  it('needs a country or nationality', () => {
    expect(firstMessages(checkoutFormSchema.safeParse(form({ country: '' })))).toEqual({ country: 'validation.required' });
  });

  it('refuses malformed coupon codes', () => {
    expect(firstMessages(applyCouponSchema.safeParse({ code: 'DROP TABLE' }))).toEqual({ code: 'validation.invalidCoupon' });
    expect(firstMessages(applyCouponSchema.safeParse({ code: 'x'.repeat(41) }))).toEqual({ code: 'validation.invalidCoupon' });
  });
});

describe('expiry', () => {
  it('reads MM/YY and MM/YYYY', () => {
    expect(parseExpiry('04/29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('04 / 2031')).toEqual({ month: 4, year: 2031 });
  });
});

describe('orders', () => {
  it('accepts each flow with its own wizard', () => {
    expect(createOrderSchema.safeParse(order()).success).toBe(true);
    expect(
      createOrderSchema.safeParse(
        order({
          flow: 'crossBorderCrypto',
          wizard: { owner, business: { legalName: 'Andes Crypto', registrationCountry: 'AR' }, residenceCountry: 'CL' },
        }),
      ).success,
    ).toBe(true);
  });

  it("refuses one flow's wizard under another flow", () => {
    expect(createOrderSchema.safeParse(order({ flow: 'crossBorderCrypto' })).success).toBe(false);
    expect(createOrderSchema.safeParse(order({ flow: 'refund' })).success).toBe(false);
  });

  it('refuses unknown fields such as a client-set price or status', () => {
    expect(firstMessages(createOrderSchema.safeParse(order({ total: 1 })))).toEqual({ '': 'Unrecognized key: "total"' });
    expect(createOrderSchema.safeParse(order({ status: 'paid' })).success).toBe(false);
  });

  it('needs the plan, billing and the amount the customer saw', () => {
    expect(firstMessages(createOrderSchema.safeParse(order({ plan: 'custom' })))).toEqual({ plan: 'validation.required' });
    expect(firstMessages(createOrderSchema.safeParse(order({ billing: 'weekly' })))).toEqual({ billing: 'validation.required' });
    expect(firstMessages(createOrderSchema.safeParse(order({ expectedAmount: 12.5 })))).toEqual({ expectedAmount: 'validation.required' });
    expect(firstMessages(createOrderSchema.safeParse(order({ expectedAmount: -1 })))).toEqual({ expectedAmount: 'validation.invalid' });
  });

  it('defaults the language to Spanish and the services to none', () => {
    const parsed = createOrderSchema.parse(order({ services: undefined }));
    expect(parsed.language).toBe('es');
    expect(parsed.services).toEqual([]);
  });
});

describe('pay and confirm', () => {
  it('takes a card from the sandbox form or a Stripe payment method id', () => {
    const card = { type: 'card', cardNumber: '4242424242424242', holderName: 'Ana Lima', expiry: '12/34', cvc: '123', postalCode: '01000' };
    expect(payOrderSchema.safeParse({ amount: 49_900, country: 'BR', paymentMethod: card }).success).toBe(true);
    expect(payOrderSchema.safeParse({ amount: 49_900, country: 'BR', paymentMethod: { type: 'stripe', paymentMethodId: 'pm_card_visa' } }).success).toBe(true);
    expect(payOrderSchema.safeParse({ amount: 49_900, country: 'BR', paymentMethod: { type: 'stripe', paymentMethodId: 'tok_visa' } }).success).toBe(false);
    expect(payOrderSchema.safeParse({ amount: 49_900, country: 'BR', paymentMethod: { type: 'paypal' } }).success).toBe(false);
  });

  it('wants a printable idempotency key of 8 to 255 characters', () => {
    expect(idempotencyKeySchema.safeParse('3b241101-e2bb-4255-8caf-4136c566a962').success).toBe(true);
    for (const bad of ['short', 'x'.repeat(256), 'has space inside', 'ñandú-ñandú']) expect(idempotencyKeySchema.safeParse(bad).success).toBe(false);
  });

  it('confirms with the payment id and, on the sandbox, the challenge result', () => {
    expect(confirmPaymentSchema.safeParse({ paymentId: '3b241101-e2bb-4255-8caf-4136c566a962', challengeResult: 'completed' }).success).toBe(true);
    expect(confirmPaymentSchema.safeParse({ paymentId: '3b241101-e2bb-4255-8caf-4136c566a962' }).success).toBe(true);
    expect(confirmPaymentSchema.safeParse({ paymentId: 'x', challengeResult: 'completed' }).success).toBe(false);
    expect(confirmPaymentSchema.safeParse({ paymentId: '3b241101-e2bb-4255-8caf-4136c566a962', challengeResult: 'maybe' }).success).toBe(false);
  });
});
