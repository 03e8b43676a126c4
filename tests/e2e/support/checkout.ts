import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, uniqueEmail, type Lang } from './alta';

/**
 * Page model of the checkout (`/{lang}/checkout/{orderId}`) and helpers that place orders
 * straight through the API (funnel-api.md), for the tests that are about paying rather than
 * about the wizard.
 */

export const sandboxCards = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  threeDSecure: '4000 0027 6000 3184',
  threeDSecure2: '4000 0000 0000 3220',
  badLuhn: '4242 4242 4242 4241',
} as const;

export const checkoutWords = {
  en: {
    title: 'Checkout',
    cardNumber: 'Card number',
    holderName: 'Name on the card',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    postalCode: 'ZIP or postal code',
    country: 'Country or nationality',
    pay: /^Pay \$/,
    coupon: 'Coupon code',
    apply: 'Apply',
    removeCoupon: 'Remove coupon',
    total: 'Total today',
    failureTitle: 'The payment did not go through',
    declined: 'Your card was declined.',
    cardNotFound: 'Card not found.',
    threeDSecureTitle: '3-D Secure authentication',
    completeAuth: 'Complete authentication',
    failAuth: 'Fail authentication',
    threeDSecureError: /3D Secure error/,
    successTitle: 'Payment successful',
    userExists: /Log in with that email and open the link/,
    userDoesNotExist: /Create your account with that email/,
    invalidCoupon: 'Invalid coupon',
    expiredTitle: 'This order expired',
  },
  es: {
    title: 'Pago',
    cardNumber: 'Número de tarjeta',
    holderName: 'Nombre en la tarjeta',
    expiry: 'Fecha de vencimiento (MM/AA)',
    cvc: 'Código de seguridad (CVC)',
    postalCode: 'Código postal (ZIP)',
    country: 'País o nacionalidad',
    pay: /^Pagar \$/,
    coupon: 'Código de cupón',
    apply: 'Aplicar',
    removeCoupon: 'Quitar cupón',
    total: 'Total a pagar hoy',
    failureTitle: 'El pago no se realizó',
    declined: 'Tu tarjeta fue rechazada.',
    cardNotFound: 'Tarjeta no encontrada.',
    threeDSecureTitle: 'Autenticación 3-D Secure',
    completeAuth: 'Completar autenticación',
    failAuth: 'Fallar autenticación',
    threeDSecureError: /Error de 3D Secure/,
    successTitle: 'Pago realizado',
    userExists: /Inicia sesión con ese correo y abre el enlace/,
    userDoesNotExist: /Crea tu cuenta con ese correo/,
    invalidCoupon: 'Cupón no válido',
    expiredTitle: 'Este pedido venció',
  },
  pt: {
    title: 'Pagamento',
    cardNumber: 'Número do cartão',
    holderName: 'Nome no cartão',
    expiry: 'Validade (MM/AA)',
    cvc: 'Código de segurança (CVC)',
    postalCode: 'CEP ou código postal',
    country: 'País ou nacionalidade',
    pay: /^Pagar \$/,
    coupon: 'Código do cupom',
    apply: 'Aplicar',
    removeCoupon: 'Remover cupom',
    total: 'Total a pagar hoje',
    failureTitle: 'O pagamento não foi concluído',
    declined: 'Seu cartão foi recusado.',
    cardNotFound: 'Cartão não encontrado.',
    threeDSecureTitle: 'Autenticação 3-D Secure',
    completeAuth: 'Concluir autenticação',
    failAuth: 'Falhar autenticação',
    threeDSecureError: /Erro de 3D Secure/,
    successTitle: 'Pagamento realizado',
    userExists: /Entre com esse e-mail e abra o link/,
    userDoesNotExist: /Crie sua conta com esse e-mail/,
    invalidCoupon: 'Cupom inválido',
    expiredTitle: 'Este pedido expirou',
  },
} as const;

export type CheckoutLang = keyof typeof checkoutWords;

export interface PlacedOrder {
  orderId: string;
  orderNumber: string;
  checkoutToken: string;
  amount: number;
  email: string;
  expiresAt: string;
  quote: { currency: 'usd'; lines: { kind: string; id: string; amount: number }[]; subtotal: number; discount: number; total: number };
}

export interface OrderOptions {
  email?: string;
  language?: Lang;
  plan?: 'standard' | 'professional' | 'enterprise';
  billing?: 'monthly' | 'annual';
  services?: string[];
  couponCode?: string;
  /** The partner's country of residence (AR unless given). */
  partnerCountry?: string;
}

/** A create-company order as the wizard would place it (owner María González, Andes Labs LLC in Wyoming). */
function orderBody(options: OrderOptions, expectedAmount: number) {
  const email = options.email ?? uniqueEmail('order');
  return {
    flow: 'createCompany',
    wizard: {
      owner: { firstName: 'María', lastName: 'González', email, phoneCountry: 'AR', phone: '+54 9 11 5555-1234' },
      company: { type: 'LLC', nameOption1: 'Andes Labs', nameOption2: 'Andes Group', industry: 'software', state: 'WY' },
      partners: [
        {
          firstName: 'María',
          lastName: 'González',
          ownership: 100,
          isDirector: true,
          addressLine1: 'Av. Corrientes 1234',
          city: 'Buenos Aires',
          stateOrProvince: 'CABA',
          country: options.partnerCountry ?? 'AR',
          postalCode: 'C1043',
          taxId: '',
        },
      ],
    },
    plan: options.plan ?? 'standard',
    billing: options.billing ?? 'monthly',
    services: options.services ?? ['registeredAgent'],
    ...(options.couponCode ? { couponCode: options.couponCode } : {}),
    language: options.language ?? 'en',
    expectedAmount,
  };
}

/**
 * Places an order through the API. The total is the server's: a first call with 0 is refused
 * with `price_mismatch` and the right amount, as a stale page would learn it.
 */
export async function placeOrder(request: APIRequestContext, options: OrderOptions = {}): Promise<PlacedOrder> {
  const body = orderBody(options, 0);
  const mismatch = await request.post('/api/v1/orders', { data: body });
  const problem = (await mismatch.json()) as { status: number; code: string; amount: number };
  expect(problem).toMatchObject({ status: 409, code: 'price_mismatch' });
  const { amount } = problem;
  const placed = await request.post('/api/v1/orders', { data: { ...body, expectedAmount: amount } });
  expect(placed.status(), await placed.text()).toBe(201);
  return { ...((await placed.json()) as Omit<PlacedOrder, 'email'>), email: body.wizard.owner.email };
}

/**
 * Leaves the order in this browser as the wizard does (the hand-off record of
 * /work/notes/wizard-checkout.md), then opens its checkout.
 */
export async function openCheckout(page: Page, order: PlacedOrder, lang: Lang) {
  await page.goto(`/${lang}/faq`);
  await page.evaluate((placed) => {
    localStorage.setItem(
      `alta.checkoutOrder.${placed.orderId}`,
      JSON.stringify({
        orderId: placed.orderId,
        checkoutToken: placed.checkoutToken,
        orderNumber: placed.orderNumber,
        flow: 'createCompany',
        expiresAt: placed.expiresAt,
        quote: placed.quote,
        companyName: 'Andes Labs',
        email: placed.email,
        firstName: 'María',
        lastName: 'González',
        phone: '+5491155551234',
        phoneCountry: 'AR',
        draftId: null,
        newCompany: true,
        createdAt: new Date().toISOString(),
      }),
    );
  }, order);
  await page.goto(`/${lang}/checkout/${order.orderId}`);
  const checkout = new CheckoutPage(page, lang);
  await expect(checkout.payButton).toBeEnabled();
  return checkout;
}

export interface CardInput {
  number: string;
  holderName?: string;
  expiry?: string;
  cvc?: string;
  postalCode?: string;
  country?: string;
}

export class CheckoutPage {
  readonly words: (typeof checkoutWords)[CheckoutLang];

  constructor(
    readonly page: Page,
    readonly lang: CheckoutLang = 'en',
  ) {
    this.words = checkoutWords[lang];
  }

  get payButton() {
    return this.page.getByRole('button', { name: this.words.pay });
  }

  get failure() {
    return this.page.getByRole('alert').filter({ hasText: this.words.failureTitle });
  }

  get challenge() {
    return this.page.getByRole('dialog', { name: this.words.threeDSecureTitle });
  }

  get successPopup() {
    return this.page.getByRole('dialog', { name: this.words.successTitle });
  }

  /** The total row of the order summary. */
  get total() {
    return this.page.getByRole('row', { name: new RegExp(`^${this.words.total}`) }).getByRole('cell');
  }

  async fillCard(card: CardInput) {
    const { page, words } = this;
    await page.getByLabel(words.cardNumber).fill(card.number);
    await page.getByLabel(words.holderName).fill(card.holderName ?? 'María González');
    await page.getByLabel(words.expiry).fill(card.expiry ?? '12/34');
    await page.getByLabel(words.cvc).fill(card.cvc ?? '123');
    await page.getByLabel(words.postalCode).fill(card.postalCode ?? 'C1043');
    await page.getByLabel(words.country).selectOption(card.country ?? 'AR');
  }

  async pay(card: CardInput) {
    await this.fillCard(card);
    await this.payButton.click();
  }
}

/** The order as the server sees it, read with the order's checkout token. */
export async function orderStatus(request: APIRequestContext, order: PlacedOrder) {
  const response = await request.get(`/api/v1/orders/${order.orderId}`, { headers: { 'X-Checkout-Token': order.checkoutToken } });
  return {
    status: response.status(),
    body: response.ok() ? ((await response.json()) as { status: string; paidAt: string | null; quote: PlacedOrder['quote'] }) : null,
  };
}

/** An account made through the API (its own request context: the page's cookies stay untouched). */
export async function createAccount(request: APIRequestContext, email: string, password = 'Alta#2026go') {
  const response = await request.post('/api/v1/users', {
    data: { firstName: 'Lucía', lastName: 'Fernández', email, password, language: 'en', acceptTerms: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  // Registration signed this request context in: out again, so orders it places stay guest orders.
  await request.post('/api/v1/logout');
  return { email, password };
}

/** Names take letters only (SPEC §5): a random run of them keeps each test's customer apart. */
export const letters = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/**
 * An owner with a paid company (Andes Labs LLC, Wyoming, María González 100 % from Argentina):
 * an account made on `request`, an order placed as them and paid with the sandbox card, then
 * signed out; answers the account and the company's id. `plan` picks another plan than the
 * order's default. Each call makes its own, so a test that changes the company's data (or its
 * retry) starts clean.
 */
export async function ownerWithCompany(
  request: APIRequestContext,
  {
    firstName = 'Íñigo',
    lastName = 'Fernández',
    language = 'en',
    plan,
    partnerCountry,
  }: { firstName?: string; lastName?: string; language?: Lang; plan?: 'standard' | 'professional' | 'enterprise'; partnerCountry?: string } = {},
) {
  const email = uniqueEmail('owner');
  const password = 'Alta#2026go';
  const created = await request.post('/api/v1/users', { data: { firstName, lastName, email, password, language, acceptTerms: true } });
  expect(created.status(), await created.text()).toBe(201);
  const order = await placeOrder(request, { email, ...(plan ? { plan } : {}), ...(partnerCountry ? { partnerCountry } : {}) });
  const paid = await request.post(`/api/v1/checkout/${order.orderId}/pay`, {
    headers: { 'Idempotency-Key': randomUUID(), 'X-Checkout-Token': order.checkoutToken },
    data: {
      amount: order.amount,
      country: 'AR',
      paymentMethod: { type: 'card', cardNumber: sandboxCards.success, holderName: `${firstName} Test`, expiry: '12/34', cvc: '123', postalCode: '1043' },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const companies = (await (await request.get('/api/v1/companies')).json()) as { items: { id: string }[] };
  await request.post('/api/v1/logout');
  return { email, password, name: `${firstName} ${lastName}`, companyId: companies.items[0]!.id };
}
