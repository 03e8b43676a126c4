import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCoupons } from '../db/queries/coupons';
import { companies, partners } from '../db/schema/companies';
import { orders } from '../db/schema/orders';
import { users } from '../db/schema/users';
import { answeredWith, cookiesFrom, createTestApp, type TestApp } from '../test/harness';
import { claimLinkOf, claimWithLink, orderBody, payRequest, placeOrder, signedInUser, someIp, wizards, type PlacedOrder } from '../test/orders-fixtures';

const day = 24 * 60 * 60 * 1000;

describe('orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  const post = (body: unknown, ip = someIp()) => t.request('/api/v1/orders', { method: 'POST', headers: { 'x-forwarded-for': ip }, json: body });
  const view = (order: PlacedOrder, headers: Record<string, string> = { 'x-checkout-token': order.checkoutToken }, cookies?: string) =>
    t.request(`/api/v1/orders/${order.orderId}`, { headers, ...(cookies ? { cookies } : {}) });
  const coupon = (order: PlacedOrder, code: string) =>
    t.request(`/api/v1/orders/${order.orderId}/coupon`, { method: 'POST', headers: { 'x-checkout-token': order.checkoutToken }, json: { code } });
  const orderRow = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

  describe('placing an order', () => {
    it.each(['createCompany', 'migrateCompany', 'crossBorderCrypto'] as const)(
      'places a %s order and returns its number, amount and checkout token',
      async (flow) => {
        const response = await post(orderBody({ flow }));
        expect(response.status).toBe(201);
        const body = await response.json();
        expect(body).toMatchObject({ orderId: expect.any(String), orderNumber: expect.stringMatching(/^ALT-\d{6}$/), currency: 'usd' });
        expect(body.amount).toBe(orderBody({ flow }).expectedAmount);
        expect(body.checkoutToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
        const row = await orderRow(body.orderId);
        // Only a hash of the token is stored.
        expect(row.checkoutTokenHash).not.toBe(body.checkoutToken);
        expect(JSON.stringify(row)).not.toContain(body.checkoutToken);
        expect(row.status).toBe('pending');
        expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(day);
      },
    );

    it('prices Standard from $450 plus the first month, annual with its 15 % saving', async () => {
      const monthly = await (await post(orderBody({ services: [] }))).json();
      expect(monthly.quote.lines).toEqual([
        { kind: 'setupFee', id: 'standard', amount: 45_000 },
        { kind: 'plan', id: 'standard', amount: 4_900 },
      ]);
      const annual = await (await post(orderBody({ services: [], billing: 'annual' }))).json();
      expect(annual.amount).toBe(45_000 + Math.round(4_900 * 12 * 0.85));
    });

    it('stores the phone in E.164 and the attribution with the order', async () => {
      const attribution = { utmSource: 'google', utmCampaign: 'llc-latam', originPath: '/es/blogs/llc', fbclid: 'fb.1.abc' };
      const body = await (await post(orderBody({ extra: { attribution, companyDraftId: crypto.randomUUID() } }))).json();
      const row = await orderRow(body.orderId);
      expect((row.wizard as { owner: { phone: string } }).owner.phone).toBe('+5491155551234');
      expect(row.attribution).toEqual(attribution);
    });

    it('refuses a tampered total with the server amount', async () => {
      const body = orderBody();
      const response = await post({ ...body, expectedAmount: 100 });
      expect(await response.json()).toMatchObject({ status: 409, code: 'price_mismatch', amount: body.expectedAmount });
    });

    it('refuses unknown fields such as a client price or status', async () => {
      for (const extra of [{ total: 1 }, { status: 'paid' }, { quote: { total: 1 } }]) {
        const response = await post(orderBody({ extra }));
        expect(response.status).toBe(400);
        expect((await response.json()).errors).toEqual({ [Object.keys(extra)[0]!]: ['validation.unknownField'] });
      }
      const nested = orderBody();
      (nested.wizard as { company: Record<string, unknown> }).company.price = 1;
      expect((await (await post(nested)).json()).errors).toEqual({ 'wizard.company.price': ['validation.unknownField'] });
    });

    it('validates the wizard with the domain rules', async () => {
      const wizard = wizards.createCompany('maria@example.com') as { partners: { ownership: number }[]; company: Record<string, unknown> };
      wizard.partners[0]!.ownership = 59;
      wizard.company.nameOption1 = 'A';
      const response = await post(orderBody({ wizard }));
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual({ 'wizard.partners': ['validation.ownershipTotal'], 'wizard.company.nameOption1': ['validation.min2'] });
    });

    it('refuses services that do not exist, repeat, clash or do not fit the plan type', async () => {
      const expectations: [string[], string][] = [
        [['teleportation'], 'validation.serviceUnavailable'],
        [['itinApplication', 'itinApplication'], 'validation.duplicateService'],
        [['priorityProcessing', 'vipProcessing'], 'validation.processingSpeedExclusive'],
      ];
      for (const [services, message] of expectations) {
        const body = { ...orderBody(), services };
        const response = await post(body);
        expect(response.status).toBe(400);
        expect((await response.json()).errors).toEqual({ services: [message] });
      }
      const crypto = { ...orderBody({ flow: 'crossBorderCrypto' }), services: ['registeredAgent'] };
      expect((await (await post(crypto)).json()).errors).toEqual({ services: ['validation.serviceUnavailable'] });
    });

    it('refuses the Custom plan, which is "talk to us"', async () => {
      const response = await post({ ...orderBody(), plan: 'custom' });
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual({ plan: ['validation.required'] });
    });

    it('takes a valid coupon and prices it; refuses an unknown one', async () => {
      const withCoupon = await post(orderBody({ couponCode: 'alta10', percentOff: 10 }));
      expect(withCoupon.status).toBe(201);
      const body = await withCoupon.json();
      expect(body.quote.discount).toBe(Math.round(body.quote.subtotal * 0.1));
      expect((await orderRow(body.orderId)).couponCode).toBe('ALTA10');
      const unknown = await post(orderBody({ couponCode: 'NOPE' }));
      expect(unknown.status).toBe(422);
      expect(await unknown.json()).toMatchObject({ code: 'invalid_coupon' });
    });

    it('limits orders per client address', async () => {
      const ip = someIp();
      const statuses: number[] = [];
      for (let index = 0; index < 21; index += 1) statuses.push((await post(orderBody(), ip)).status);
      expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
      const limited = await post(orderBody(), ip);
      expect(await answeredWith(limited)).toBe('429 rate_limited');
      expect(limited.headers.get('retry-after')).toBeTruthy();
    });
  });

  describe('banking-unavailable countries (SPEC §1)', () => {
    it.each(['VE', 'CU', 'CD', 'CG', 'KP', 'RU'])('refuses a cross-border crypto applicant residing in %s', async (country) => {
      const wizard = { ...wizards.crossBorderCrypto('maria@example.com'), residenceCountry: country };
      const response = await post(orderBody({ flow: 'crossBorderCrypto', wizard }));
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({
        code: 'banking_unavailable_country',
        errors: { 'wizard.residenceCountry': ['validation.bankingUnavailableCountry'] },
      });
    });

    it('lets anyone form a company, whatever the partners’ country', async () => {
      const wizard = wizards.createCompany('maria@example.com') as { partners: { country: string }[] };
      wizard.partners[0]!.country = 'VE';
      expect((await post(orderBody({ wizard }))).status).toBe(201);
    });

    it('does not sell a banking add-on to a company with a partner living in such a country', async () => {
      const wizard = wizards.createCompany('maria@example.com') as { partners: { country: string }[] };
      wizard.partners[0]!.country = 'NG';
      const refused = await post(orderBody({ wizard, services: ['registeredAgent', 'bankAccountAssistance'] }));
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({ code: 'banking_unavailable_country', errors: { services: ['validation.bankingUnavailableService'] } });
      // The same company without it is welcome; and the add-on is sold where banking exists.
      expect((await post(orderBody({ wizard, services: ['registeredAgent'] }))).status).toBe(201);
      expect((await post(orderBody({ services: ['bankAccountAssistance'] }))).status).toBe(201);
    });

    it('refuses paying a crypto order from such a country', async () => {
      const order = await placeOrder(t, { flow: 'crossBorderCrypto' });
      const response = await payRequest(t, order, { country: 'IR' });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ code: 'banking_unavailable_country' });
    });
  });

  describe('reading an order', () => {
    it('shows the order to the holder of its token', async () => {
      const order = await placeOrder(t);
      const response = await view(order);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        id: order.orderId,
        orderNumber: order.orderNumber,
        flow: 'createCompany',
        status: 'pending',
        plan: 'standard',
        billing: 'monthly',
        services: ['registeredAgent'],
        couponCode: null,
        email: 'maria@example.com',
        companyName: 'Andes Labs',
        claimed: false,
        userExists: null,
        companyId: null,
        pendingPayment: null,
      });
    });

    it('tells the payer’s browser, once paid, whether an account with the order’s email exists (SPEC §4), and nobody before payment', async () => {
      const fresh = await placeOrder(t, { email: 'payer-without-account@example.com' });
      // Unpaid: no answer, or placing orders would tell anyone which emails have accounts.
      expect(await (await view(fresh)).json()).toMatchObject({ status: 'pending', userExists: null });
      await payRequest(t, fresh);
      expect(await (await view(fresh)).json()).toMatchObject({ status: 'paid', userExists: false });
      await signedInUser(t, 'payer-with-account@example.com');
      const known = await placeOrder(t, { email: 'payer-with-account@example.com' });
      expect(await (await view(known)).json()).toMatchObject({ userExists: null });
      await payRequest(t, known);
      expect(await (await view(known)).json()).toMatchObject({ status: 'paid', userExists: true });
    });

    it('answers 404 to a wrong token, a malformed id or an unknown order, and 401 without any credential', async () => {
      const order = await placeOrder(t);
      expect((await view(order, { 'x-checkout-token': 'guess' })).status).toBe(404);
      expect((await t.request(`/api/v1/orders/${crypto.randomUUID()}`, { headers: { 'x-checkout-token': order.checkoutToken } })).status).toBe(404);
      expect((await t.request('/api/v1/orders/__proto__', { headers: { 'x-checkout-token': order.checkoutToken } })).status).toBe(400);
      expect((await view(order, {})).status).toBe(401);
    });

    it('shows an owned order to its account, and to no other', async () => {
      const owner = await signedInUser(t, 'reader@example.com');
      const order = await placeOrder(t, { cookies: owner.cookies });
      expect((await view(order, {}, owner.cookies)).status).toBe(200);
      const stranger = await signedInUser(t, 'stranger-reader@example.com');
      expect((await view(order, {}, stranger.cookies)).status).toBe(404);
    });
  });

  describe('coupons', () => {
    it('applies a percentage and an amount coupon to an unpaid order, and removes it', async () => {
      const order = await placeOrder(t);
      const percent = await coupon(order, ' alta10 ');
      expect(percent.status).toBe(200);
      const applied = await percent.json();
      expect(applied).toMatchObject({ valid: true, coupon: { code: 'ALTA10', percentOff: 10, amountOff: null } });
      expect(applied.quote.total).toBe(order.amount - Math.round(order.amount * 0.1));
      const amount = await (await coupon(order, 'ALTA50')).json();
      expect(amount.quote).toMatchObject({ discount: 5_000, total: order.amount - 5_000 });
      expect((await orderRow(order.orderId)).total).toBe(order.amount - 5_000);
      const removed = await t.request(`/api/v1/orders/${order.orderId}/coupon`, { method: 'DELETE', headers: { 'x-checkout-token': order.checkoutToken } });
      expect((await removed.json()).quote.total).toBe(order.amount);
    });

    it("answers 'Invalid coupon' for unknown, expired, switched-off and used-up coupons", async () => {
      await insertCoupons(t.database.db, [
        { code: 'EXPIRED', percentOff: 50, expiresAt: new Date(t.clock.now.getTime() - 1000) },
        { code: 'USEDUP', percentOff: 50, maxRedemptions: 0 },
      ]);
      const order = await placeOrder(t);
      for (const code of ['UNKNOWN', 'EXPIRED', 'USEDUP']) {
        const response = await coupon(order, code);
        // An answer, not a failure: a 4xx would be a console error in the customer's browser.
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ valid: false, code: 'invalid_coupon' });
      }
      const malformed = await coupon(order, 'DROP TABLE;');
      expect(malformed.status).toBe(400);
      expect((await malformed.json()).errors).toEqual({ code: ['validation.invalidCoupon'] });
      expect((await orderRow(order.orderId)).couponCode).toBeNull();
    });

    it('is no oracle: on an order the caller cannot reach, a real and a made-up code both answer 404', async () => {
      const attempt = (code: string) =>
        t.request(`/api/v1/orders/${randomUUID()}/coupon`, {
          method: 'POST',
          headers: { 'x-checkout-token': 'guess', 'x-forwarded-for': '203.0.113.60' },
          json: { code },
        });
      const real = await attempt('ALTA10');
      const madeUp = await attempt('NOPE42');
      expect([real.status, madeUp.status]).toEqual([404, 404]);
      expect(await real.json()).toEqual(await madeUp.json());
      const order = await placeOrder(t);
      const stranger = await t.request(`/api/v1/orders/${order.orderId}/coupon`, {
        method: 'POST',
        headers: { 'x-checkout-token': 'not-the-token' },
        json: { code: 'NOPE42' },
      });
      expect(stranger.status).toBe(404);
    });

    it('limits wrong codes per order, with Retry-After', async () => {
      const order = await placeOrder(t);
      const attempt = (code: string, ip: string) =>
        t.request(`/api/v1/orders/${order.orderId}/coupon`, {
          method: 'POST',
          headers: { 'x-checkout-token': order.checkoutToken, 'x-forwarded-for': ip },
          json: { code },
        });
      // From many addresses, so only the order's own count can stop the guessing.
      for (let i = 0; i < 10; i++) expect(await (await attempt(`GUESS${i}`, `198.51.100.${100 + i}`)).json()).toEqual({ valid: false, code: 'invalid_coupon' });
      const limited = await attempt('ALTA10', '198.51.100.150');
      expect(await answeredWith(limited)).toBe('429 rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('stops a coupon at its expiry', async () => {
      await insertCoupons(t.database.db, [{ code: 'SOON', amountOff: 1_000, expiresAt: new Date(t.clock.now.getTime() + 60_000) }]);
      const order = await placeOrder(t);
      expect((await coupon(order, 'SOON')).status).toBe(200);
      t.clock.advance(61_000);
      expect(await (await coupon(order, 'SOON')).json()).toEqual({ valid: false, code: 'invalid_coupon' });
    });

    it('does not count a redemption at validation', async () => {
      await insertCoupons(t.database.db, [{ code: 'ONCE', percentOff: 5, maxRedemptions: 1 }]);
      const first = await placeOrder(t);
      const second = await placeOrder(t);
      expect((await coupon(first, 'ONCE')).status).toBe(200);
      expect((await coupon(second, 'ONCE')).status).toBe(200);
    });
  });

  describe('claiming an order (decision 017: only an account that proved the email)', () => {
    const register = (email: string, extra: Record<string, unknown> = {}) =>
      t.request('/api/v1/users', {
        method: 'POST',
        headers: { 'x-forwarded-for': someIp() },
        json: { firstName: 'María', lastName: 'González', email, password: 'Secreto#2026', acceptTerms: true, language: 'es', ...extra },
      });
    const me = async (cookies: string) => (await t.request('/api/v1/users/me', { cookies })).json();
    const verificationLinkOf = (email: string) => /verify-email#([\w.-]+)/.exec(t.mails.filter((mail) => mail.to === email).at(-1)?.text ?? '')?.[1];
    const confirm = (cookies: string, link: string) => t.request('/api/v1/users/me/email-verification/confirm', { method: 'POST', cookies, json: { link } });

    it('gives a paid guest order to the account that opens the receipt’s claim link: company at Start with partners', async () => {
      const order = await placeOrder(t, { email: 'new-owner@example.com' });
      expect(await (await payRequest(t, order)).json()).toMatchObject({ userExists: false, companyId: null });
      const registered = await register('new-owner@example.com');
      const cookies = cookiesFrom(registered);
      expect((await registered.json()).data).toMatchObject({ companies: [], emailVerified: false });
      const claimed = await claimWithLink(t, order.orderNumber, cookies);
      expect(claimed.status).toBe(200);
      const result = await claimed.json();
      expect(result).toMatchObject({ orderId: order.orderId, status: 'paid', companyId: expect.any(String) });
      // The link reached the account's own address: the email is proven as well.
      const user = await me(cookies);
      expect(user).toMatchObject({ companies: [result.companyId], emailVerified: true });
      const [company] = await t.database.db.select().from(companies).where(eq(companies.id, result.companyId));
      expect(company).toMatchObject({
        ownerId: user.id,
        status: 'Start',
        type: 'LLC',
        nameOption1: 'Andes Labs',
        nameOption2: 'Andes Group',
        state: 'WY',
        plan: 'standard',
        billing: 'monthly',
        services: ['registeredAgent'],
        orderNumber: order.orderNumber,
      });
      const companyPartners = await t.database.db.select().from(partners).where(eq(partners.companyId, company!.id));
      expect(companyPartners.map((partner) => [partner.firstName, partner.ownership, partner.isDirector, partner.taxId])).toEqual(
        expect.arrayContaining([
          ['María', 60, true, '912-70-1234'],
          ['Joana', 40, false, null],
        ]),
      );
      // Single use: the owner hears the same answer again, anyone else a dead link, and the company exists once.
      expect(await (await claimWithLink(t, order.orderNumber, cookies)).json()).toEqual(result);
      const other = await signedInUser(t, 'late-claimer@example.com');
      const refused = await claimWithLink(t, order.orderNumber, other.cookies);
      expect(await answeredWith(refused)).toBe('422 invalid_claim_link');
      expect(await t.database.db.select().from(companies).where(eq(companies.orderNumber, order.orderNumber))).toHaveLength(1);
    });

    it('never attaches a paid order to a stranger who registers with its email without proving it', async () => {
      const order = await placeOrder(t, { email: 'victim@example.com' });
      await payRequest(t, order);
      const stranger = await register('victim@example.com');
      const cookies = cookiesFrom(stranger);
      expect((await stranger.json()).data.companies).toEqual([]);
      const login = await t.request('/api/v1/login', {
        method: 'POST',
        headers: { 'x-forwarded-for': someIp() },
        json: { email: 'victim@example.com', password: 'Secreto#2026' },
      });
      expect((await login.json()).data.companies).toEqual([]);
      // Guessing the link, or sending the checkout token someone leaked, proves nothing.
      for (const claimToken of ['guess', order.checkoutToken]) {
        const guessed = await t.request(`/api/v1/orders/${order.orderId}/claim`, { method: 'POST', cookies, json: { claimToken } });
        expect(await answeredWith(guessed)).toBe('422 invalid_claim_link');
      }
      expect((await orderRow(order.orderId)).userId).toBeNull();
      expect((await me(cookies)).companies).toEqual([]);
    });

    it('answers 404 for an unknown order, 401 without a session, and refuses an expired link', async () => {
      const owner = await signedInUser(t, 'slow-reader@example.com');
      expect(
        (await t.request(`/api/v1/orders/${crypto.randomUUID()}/claim`, { method: 'POST', cookies: owner.cookies, json: { claimToken: 'x' } })).status,
      ).toBe(404);
      const order = await placeOrder(t, { email: 'slow-reader@example.com' });
      await payRequest(t, order);
      const link = claimLinkOf(t, order.orderNumber)!;
      expect((await t.request(`/api/v1/orders/${order.orderId}/claim`, { method: 'POST', json: link })).status).toBe(401);
      t.clock.advance(31 * day);
      const later = await signedInUser(t, 'slow-reader-later@example.com');
      expect(await answeredWith(await claimWithLink(t, order.orderNumber, later.cookies))).toBe('422 invalid_claim_link');
      expect((await orderRow(order.orderId)).userId).toBeNull();
    });

    it('gives every paid order of the email to the account once the welcome mail’s link proves it', async () => {
      const first = await placeOrder(t, { email: 'two-orders@example.com' });
      const second = await placeOrder(t, { email: 'two-orders@example.com', flow: 'migrateCompany' });
      const unpaid = await placeOrder(t, { email: 'two-orders@example.com' });
      await payRequest(t, first);
      await payRequest(t, second);
      const registered = await register('two-orders@example.com');
      const cookies = cookiesFrom(registered);
      const link = verificationLinkOf('two-orders@example.com')!;
      expect(link).toMatch(/^[0-9a-f-]{36}\.[\w-]{43}$/);
      // Another account cannot spend it, and a forged secret fails.
      const other = await signedInUser(t, 'other-account@example.com');
      expect(await (await confirm(other.cookies, link)).json()).toMatchObject({ code: 'invalid_verification_link' });
      expect(await answeredWith(await confirm(cookies, `${link.split('.')[0]}.forged`))).toBe('400 invalid_verification_link');
      const proven = await confirm(cookies, link);
      expect(proven.status).toBe(200);
      expect((await proven.json()).claimedCompanyIds).toHaveLength(2);
      expect(await me(cookies)).toMatchObject({
        emailVerified: true,
        companies: expect.arrayContaining([(await orderRow(first.orderId)).companyId, (await orderRow(second.orderId)).companyId]),
      });
      expect((await orderRow(unpaid.orderId)).userId).toBeNull();
      // The link works once.
      expect(await answeredWith(await confirm(cookies, link))).toBe('400 invalid_verification_link');
    });

    it('mails a fresh verification link on request, only to an unproven account', async () => {
      const registered = await register('resend@example.com');
      const cookies = cookiesFrom(registered);
      const firstLink = verificationLinkOf('resend@example.com')!;
      const resent = await t.request('/api/v1/users/me/email-verification', { method: 'POST', cookies, headers: { 'x-forwarded-for': someIp() } });
      expect(resent.status).toBe(202);
      const secondLink = verificationLinkOf('resend@example.com')!;
      expect(secondLink).not.toBe(firstLink);
      expect(t.mails.at(-1)!.subject).toBe('Confirma tu correo en Alta');
      // Only the latest link works.
      expect(await answeredWith(await confirm(cookies, firstLink))).toBe('400 invalid_verification_link');
      expect(await (await confirm(cookies, secondLink)).json()).toMatchObject({ claimedCompanyIds: [] });
      const sentBefore = t.mails.length;
      await t.request('/api/v1/users/me/email-verification', { method: 'POST', cookies, headers: { 'x-forwarded-for': someIp() } });
      expect(t.mails.length).toBe(sentBefore);
    });

    it('gives an order paid later to the account that already proved its email, and mails no claim link', async () => {
      const registered = await register('proven-early@example.com');
      const cookies = cookiesFrom(registered);
      await confirm(cookies, verificationLinkOf('proven-early@example.com')!);
      const order = await placeOrder(t, { email: 'proven-early@example.com' });
      const paid = await (await payRequest(t, order)).json();
      expect(paid).toMatchObject({ userExists: true, companyId: expect.any(String) });
      expect(claimLinkOf(t, order.orderNumber)).toBeUndefined();
      expect((await me(cookies)).companies).toEqual([paid.companyId]);
    });

    it('proves the email with a password reset code, which brings the paid orders', async () => {
      const order = await placeOrder(t, { email: 'reset-proof@example.com' });
      await payRequest(t, order);
      await register('reset-proof@example.com');
      await t.request('/api/v1/reset-password', { method: 'POST', headers: { 'x-forwarded-for': someIp() }, json: { email: 'reset-proof@example.com' } });
      const code = /(?:^|\n)(\d{6})\r?(?:\n|$)/.exec(t.mails.at(-1)!.text)![1]!;
      const reset = await t.request('/api/v1/reset-password/confirm', {
        method: 'PUT',
        headers: { 'x-forwarded-for': someIp() },
        json: { email: 'reset-proof@example.com', code, newPassword: 'Nuevo#2026ok' },
      });
      expect(reset.status).toBe(204);
      expect((await orderRow(order.orderId)).userId).not.toBeNull();
      expect((await orderRow(order.orderId)).companyId).not.toBeNull();
    });

    it('makes an order placed while signed in the account’s from the start: its company exists at payment', async () => {
      const owner = await signedInUser(t, 'second-company@example.com');
      const order = await placeOrder(t, { cookies: owner.cookies, email: 'second-company@example.com' });
      expect((await orderRow(order.orderId)).userId).toBe(owner.user.id);
      expect((await view(order, {}, owner.cookies)).status).toBe(200);
      const paid = await (await payRequest(t, order)).json();
      expect(paid.companyId).toEqual(expect.any(String));
      expect((await orderRow(order.orderId)).companyId).toBe(paid.companyId);
      expect(claimLinkOf(t, order.orderNumber)).toBeUndefined();
      expect(t.mails.find((mail) => mail.subject.includes(order.orderNumber))!.text).toContain('/es/dashboard');
      // A stale session cookie is not silently turned into a guest order.
      expect(
        (await t.request('/api/v1/orders', { method: 'POST', cookies: 'accessToken=stale', headers: { 'x-forwarded-for': someIp() }, json: orderBody() }))
          .status,
      ).toBe(401);
    });

    it('passes the attribution on to an account that has none, and keeps an existing one', async () => {
      const attribution = { utmSource: 'facebook', utmCampaign: 'spring', originPath: '/pt', fbclid: 'fb.2' };
      const order = await placeOrder(t, { extra: { attribution } });
      await payRequest(t, order);
      const fresh = await signedInUser(t, 'no-attribution@example.com');
      await claimWithLink(t, order.orderNumber, fresh.cookies);
      expect((await t.database.db.select().from(users).where(eq(users.id, fresh.user.id)))[0]!.attribution).toEqual(attribution);

      const second = await placeOrder(t, { extra: { attribution } });
      await payRequest(t, second);
      const known = await signedInUser(t, 'has-attribution@example.com', { attribution: { utmSource: 'google' } });
      await claimWithLink(t, second.orderNumber, known.cookies);
      expect((await t.database.db.select().from(users).where(eq(users.id, known.user.id)))[0]!.attribution).toEqual({ utmSource: 'google' });
    });

    it('creates a migrated company and a cross-border crypto account from their orders', async () => {
      const owner = await signedInUser(t, 'two-flows@example.com');
      for (const flow of ['migrateCompany', 'crossBorderCrypto'] as const) {
        const order = await placeOrder(t, { flow, cookies: owner.cookies });
        await payRequest(t, order);
      }
      const rows = await t.database.db.select().from(companies).where(eq(companies.ownerId, owner.user.id));
      const migrated = rows.find((row) => row.migrated)!;
      expect(migrated).toMatchObject({
        type: 'C-Corp',
        nameOption1: 'Pampa Trading',
        industry: 'other',
        industryOther: 'Yerba mate import',
        state: 'FL',
        status: 'Start',
      });
      expect(migrated.details).toEqual({ documents: [{ kind: 'einLetter' }] });
      const cryptoAccount = rows.find((row) => row.type === 'Cross Border Crypto')!;
      expect(cryptoAccount).toMatchObject({ nameOption1: 'Andes Crypto SA', originCountry: 'AR', status: 'Start' });
      expect(cryptoAccount.details).toEqual({ registrationCountry: 'AR', residenceCountry: 'AR' });
    });

    it("keeps a migrated company's EIN (dash added) in its details", async () => {
      const owner = await signedInUser(t, 'migrated-ein@example.com');
      const wizard = wizards.migrateCompany('migrated-ein@example.com') as { company: Record<string, unknown> };
      const order = await placeOrder(t, {
        flow: 'migrateCompany',
        wizard: { ...wizard, company: { ...wizard.company, ein: '123456789' } },
        cookies: owner.cookies,
      });
      await payRequest(t, order);
      const [company] = await t.database.db.select().from(companies).where(eq(companies.ownerId, owner.user.id));
      expect(company!.details).toEqual({ documents: [{ kind: 'einLetter' }], ein: '12-3456789' });
    });

    it("records a migrated company's formation date, which decides its first tax year", async () => {
      const owner = await signedInUser(t, 'migrated-formed@example.com');
      const wizard = wizards.migrateCompany('migrated-formed@example.com') as { company: Record<string, unknown> };
      const order = await placeOrder(t, {
        flow: 'migrateCompany',
        wizard: { ...wizard, company: { ...wizard.company, formationDate: '2023-05-10' } },
        cookies: owner.cookies,
      });
      await payRequest(t, order);
      const [company] = await t.database.db.select().from(companies).where(eq(companies.ownerId, owner.user.id));
      expect(company!.constitutionDate).toBe('2023-05-10');
    });
  });
});
