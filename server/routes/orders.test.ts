import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimOrder, insertCoupons } from '../db/queries/orders';
import { companies, partners } from '../db/schema/companies';
import { orders } from '../db/schema/orders';
import { users } from '../db/schema/users';
import { cookiesFrom, createTestApp, type TestApp } from '../test/harness';
import { orderBody, payRequest, placeOrder, signedInUser, someIp, wizards, type PlacedOrder } from '../test/orders-fixtures';

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
    it.each(['createCompany', 'migrateCompany', 'crossBorderCrypto'] as const)('places a %s order and returns its number, amount and checkout token', async (flow) => {
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
    });

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
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ code: 'price_mismatch', amount: body.expectedAmount });
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
      expect(limited.status).toBe(429);
      expect(await limited.json()).toMatchObject({ code: 'rate_limited' });
      expect(limited.headers.get('retry-after')).toBeTruthy();
    });
  });

  describe('banking-unavailable countries (SPEC §1)', () => {
    it.each(['VE', 'CU', 'CD', 'CG', 'KP', 'RU'])('refuses a cross-border crypto applicant residing in %s', async (country) => {
      const wizard = { ...wizards.crossBorderCrypto('maria@example.com'), residenceCountry: country };
      const response = await post(orderBody({ flow: 'crossBorderCrypto', wizard }));
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ code: 'banking_unavailable_country', errors: { 'wizard.residenceCountry': ['validation.bankingUnavailableCountry'] } });
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
        companyId: null,
        pendingPayment: null,
      });
    });

    it('answers 404 to a wrong token, a malformed id or an unknown order, and 401 without any credential', async () => {
      const order = await placeOrder(t);
      expect((await view(order, { 'x-checkout-token': 'guess' })).status).toBe(404);
      expect((await t.request(`/api/v1/orders/${crypto.randomUUID()}`, { headers: { 'x-checkout-token': order.checkoutToken } })).status).toBe(404);
      expect((await t.request('/api/v1/orders/__proto__', { headers: { 'x-checkout-token': order.checkoutToken } })).status).toBe(400);
      expect((await view(order, {})).status).toBe(401);
    });

    it('shows a claimed order to its account, and to no other', async () => {
      const order = await placeOrder(t);
      const owner = await signedInUser(t, 'reader@example.com');
      await claimOrder(t.database.db, { orderId: order.orderId, checkoutToken: order.checkoutToken, userId: owner.user.id });
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

  describe('claiming an order', () => {
    const register = (email: string, extra: Record<string, unknown> = {}) =>
      t.request('/api/v1/users', {
        method: 'POST',
        headers: { 'x-forwarded-for': someIp() },
        json: { firstName: 'María', lastName: 'González', email, password: 'Secreto#2026', acceptTerms: true, language: 'es', ...extra },
      });

    it('gives a paid order to the account created with its token: company at Start with partners', async () => {
      const order = await placeOrder(t, { email: 'new-owner@example.com' });
      expect(await (await payRequest(t, order)).json()).toMatchObject({ userExists: false });
      const response = await register('new-owner@example.com', { order: { orderId: order.orderId, checkoutToken: order.checkoutToken } });
      expect(response.status).toBe(201);
      const { data: user } = await response.json();
      expect(user.companies).toHaveLength(1);
      const [company] = await t.database.db.select().from(companies).where(eq(companies.id, user.companies[0]));
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
      expect((await orderRow(order.orderId)).companyId).toBe(company!.id);
    });

    it('gives a paid order to an existing account at login', async () => {
      const registered = await register('returning@example.com');
      expect(registered.status).toBe(201);
      const order = await placeOrder(t, { email: 'returning@example.com' });
      expect(await (await payRequest(t, order)).json()).toMatchObject({ userExists: true });
      const login = await t.request('/api/v1/login', {
        method: 'POST',
        headers: { 'x-forwarded-for': someIp() },
        json: { email: 'returning@example.com', password: 'Secreto#2026', order: { orderId: order.orderId, checkoutToken: order.checkoutToken } },
      });
      expect(login.status).toBe(200);
      const { data: user } = await login.json();
      expect(user.companies).toHaveLength(1);
      const cookies = cookiesFrom(login);
      const list = await (await t.request('/api/v1/companies', { cookies })).json();
      expect(list.items).toEqual([expect.objectContaining({ name: 'Andes Labs', status: 'Start', plan: 'standard', orderNumber: order.orderNumber, relation: 'owner' })]);
    });

    it('attaches the orders of the registration draft when the email matches', async () => {
      const draftId = crypto.randomUUID();
      const order = await placeOrder(t, { email: 'drafted@example.com', extra: { companyDraftId: draftId } });
      await payRequest(t, order);
      const stranger = await placeOrder(t, { email: 'someone-else@example.com', extra: { companyDraftId: draftId } });
      await payRequest(t, stranger);
      const response = await register('drafted@example.com', { companyDraftId: draftId });
      const { data: user } = await response.json();
      expect(user.companies).toHaveLength(1);
      expect((await orderRow(order.orderId)).userId).toBe(user.id);
      expect((await orderRow(stranger.orderId)).userId).toBeNull();
    });

    it('registration still works when the handed-in order cannot be claimed', async () => {
      const order = await placeOrder(t);
      const response = await register('wrong-token@example.com', { order: { orderId: order.orderId, checkoutToken: 'wrong' } });
      expect(response.status).toBe(201);
      expect((await response.json()).data.companies).toEqual([]);
    });

    it('claims through POST /orders/:id/claim, idempotently, and never for a second account', async () => {
      const order = await placeOrder(t);
      await payRequest(t, order);
      const owner = await signedInUser(t, 'claimer@example.com');
      const claim = (cookies: string, checkoutToken = order.checkoutToken) =>
        t.request(`/api/v1/orders/${order.orderId}/claim`, { method: 'POST', cookies, json: { checkoutToken } });
      const first = await claim(owner.cookies);
      expect(first.status).toBe(200);
      const result = await first.json();
      expect(result).toMatchObject({ orderId: order.orderId, status: 'paid', companyId: expect.any(String) });
      expect(await (await claim(owner.cookies)).json()).toEqual(result);
      const other = await signedInUser(t, 'late-claimer@example.com');
      const refused = await claim(other.cookies);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'order_already_claimed' });
      expect((await claim(other.cookies, 'wrong-token')).status).toBe(404);
      expect((await t.request(`/api/v1/orders/${order.orderId}/claim`, { method: 'POST', json: { checkoutToken: order.checkoutToken } })).status).toBe(401);
      expect(await t.database.db.select().from(companies).where(eq(companies.orderNumber, order.orderNumber))).toHaveLength(1);
    });

    it('claims an unpaid order, creating the company when it is paid', async () => {
      const order = await placeOrder(t);
      const owner = await signedInUser(t, 'early-claimer@example.com');
      const claimed = await claimOrder(t.database.db, { orderId: order.orderId, checkoutToken: order.checkoutToken, userId: owner.user.id });
      expect(claimed).toEqual({ ok: true, result: { orderId: order.orderId, status: 'pending', companyId: null } });
      const paid = await (await payRequest(t, order)).json();
      expect(paid.companyId).toEqual(expect.any(String));
      expect((await orderRow(order.orderId)).companyId).toBe(paid.companyId);
    });

    it('passes the attribution on to an account that has none, and keeps an existing one', async () => {
      const attribution = { utmSource: 'facebook', utmCampaign: 'spring', originPath: '/pt', fbclid: 'fb.2' };
      const order = await placeOrder(t, { extra: { attribution } });
      const fresh = await signedInUser(t, 'no-attribution@example.com');
      await claimOrder(t.database.db, { orderId: order.orderId, checkoutToken: order.checkoutToken, userId: fresh.user.id });
      expect((await t.database.db.select().from(users).where(eq(users.id, fresh.user.id)))[0]!.attribution).toEqual(attribution);

      const second = await placeOrder(t, { extra: { attribution } });
      const known = await signedInUser(t, 'has-attribution@example.com', { attribution: { utmSource: 'google' } });
      await claimOrder(t.database.db, { orderId: second.orderId, checkoutToken: second.checkoutToken, userId: known.user.id });
      expect((await t.database.db.select().from(users).where(eq(users.id, known.user.id)))[0]!.attribution).toEqual({ utmSource: 'google' });
    });

    it('creates a migrated company and a cross-border crypto account from their orders', async () => {
      const owner = await signedInUser(t, 'two-flows@example.com');
      for (const flow of ['migrateCompany', 'crossBorderCrypto'] as const) {
        const order = await placeOrder(t, { flow });
        await claimOrder(t.database.db, { orderId: order.orderId, checkoutToken: order.checkoutToken, userId: owner.user.id });
        await payRequest(t, order);
      }
      const rows = await t.database.db.select().from(companies).where(eq(companies.ownerId, owner.user.id));
      const migrated = rows.find((row) => row.migrated)!;
      expect(migrated).toMatchObject({ type: 'C-Corp', nameOption1: 'Pampa Trading', industry: 'other', industryOther: 'Yerba mate import', state: 'FL', status: 'Start' });
      expect(migrated.details).toEqual({ documents: [{ kind: 'einLetter' }] });
      const cryptoAccount = rows.find((row) => row.type === 'Cross Border Crypto')!;
      expect(cryptoAccount).toMatchObject({ nameOption1: 'Andes Crypto SA', originCountry: 'AR', status: 'Start' });
      expect(cryptoAccount.details).toEqual({ registrationCountry: 'AR', residenceCountry: 'AR' });
    });

    it("keeps a migrated company's EIN (dash added) in its details", async () => {
      const owner = await signedInUser(t, 'migrated-ein@example.com');
      const wizard = wizards.migrateCompany('migrated-ein@example.com') as { company: Record<string, unknown> };
      const order = await placeOrder(t, { flow: 'migrateCompany', wizard: { ...wizard, company: { ...wizard.company, ein: '123456789' } } });
      await claimOrder(t.database.db, { orderId: order.orderId, checkoutToken: order.checkoutToken, userId: owner.user.id });
      await payRequest(t, order);
      const [company] = await t.database.db.select().from(companies).where(eq(companies.ownerId, owner.user.id));
      expect(company!.details).toEqual({ documents: [{ kind: 'einLetter' }], ein: '12-3456789' });
    });
  });
});
