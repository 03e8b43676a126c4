import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders';
import { users } from '../db/schema/users';
import { ensureAdmin } from '../seed';
import { signIn } from '../test/accounts';
import { answeredWith, cookiesFrom, createTestApp, type TestApp } from '../test/harness';
import { payRequest, placeOrder, someIp, type PlacedOrder } from '../test/orders-fixtures';

// SPEC §4: "Blocked users see the payment-expired popup (an expired payment is flagged for the
// owner's email)". A payment started and left incomplete (a 3-D Secure challenge never
// answered) until its order expires flags the order's owner: only an account that placed the
// order signed in (or proved its email and so owns it), never whoever a guest typed in
// (docs/decisions/006, 017).

const day = 24 * 60 * 60 * 1000;
const password = 'Alta#2026go';

describe('expired payments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  const register = (email: string) =>
    t.request('/api/v1/users', {
      method: 'POST',
      headers: { 'x-forwarded-for': someIp() },
      json: { firstName: 'Lucía', lastName: 'Fernández', email, password, language: 'en', acceptTerms: true },
    });
  const logIn = (email: string) => t.request('/api/v1/login', { method: 'POST', headers: { 'x-forwarded-for': someIp() }, json: { email, password } });
  const statusOf = async (email: string) => (await t.database.db.select({ status: users.status }).from(users).where(eq(users.email, email)))[0]?.status;
  const viewOrder = (order: PlacedOrder) => t.request(`/api/v1/orders/${order.orderId}`, { headers: { 'x-checkout-token': order.checkoutToken } });

  /** An order whose payment waits for a 3-D Secure answer that never comes, then the order's 24 h pass. */
  async function leavePaymentToExpire(email: string, cookies?: string) {
    const order = await placeOrder(t, { email, ...(cookies ? { cookies } : {}) });
    const pay = await payRequest(t, order, { cardNumber: '4000002760003184' });
    expect(await pay.json()).toMatchObject({ status: 'requires_action' });
    t.clock.advance(day + 1000);
    const view = await (await viewOrder(order)).json();
    expect(view.status).toBe('expired');
    return order;
  }

  it('blocks the account that placed the order: login answers user_blocked (the payment-expired popup)', async () => {
    const email = 'expired-owner@example.com';
    expect((await register(email)).status).toBe(201);
    const login = await logIn(email);
    expect(login.status).toBe(200);

    const order = await leavePaymentToExpire(email, cookiesFrom(login));
    const row = (await t.database.db.select().from(orders).where(eq(orders.id, order.orderId)))[0]!;
    expect(row.paymentExpiredAt).not.toBeNull();
    expect(await statusOf(email)).toBe('blocked');
    const refused = await logIn(email);
    expect(await answeredWith(refused)).toBe('403 user_blocked');
    expect(refused.headers.getSetCookie()).toEqual([]);
  });

  it('cannot lock anyone out through a guest order with their email: the victim keeps logging in, registering and their session', async () => {
    const victim = 'victim-of-guest@example.com';
    expect((await register(victim)).status).toBe(201);
    const order = await leavePaymentToExpire(victim);
    // The order itself carries the flag; no account does.
    expect((await t.database.db.select().from(orders).where(eq(orders.id, order.orderId)))[0]!.paymentExpiredAt).not.toBeNull();
    expect(await statusOf(victim)).toBe('active');
    const fresh = await logIn(victim);
    expect(fresh.status).toBe(200);
    expect((await t.request('/api/v1/users/me', { cookies: cookiesFrom(fresh) })).status).toBe(200);

    const unregistered = 'victim-later@example.com';
    await leavePaymentToExpire(unregistered);
    expect((await register(unregistered)).status).toBe(201);
    expect(await statusOf(unregistered)).toBe('active');
  });

  it('does not flag an order that expires without a payment started (an abandoned cart)', async () => {
    const untouched = 'expired-untouched@example.com';
    expect((await register(untouched)).status).toBe(201);
    const order = await placeOrder(t, { email: untouched, cookies: cookiesFrom(await logIn(untouched)) });
    t.clock.advance(day + 1000);
    expect((await (await viewOrder(order)).json()).status).toBe('expired');
    expect(await statusOf(untouched)).toBe('active');
    expect((await logIn(untouched)).status).toBe(200);
  });

  it('a later paid order settles the flag: the account is active again', async () => {
    const email = 'expired-then-paid@example.com';
    expect((await register(email)).status).toBe(201);
    await leavePaymentToExpire(email, cookiesFrom(await logIn(email)));
    expect(await statusOf(email)).toBe('blocked');
    // Blocked, the owner pays as a guest with the same email (SPEC §4: pay to get access back).
    const next = await placeOrder(t, { email });
    expect((await payRequest(t, next)).status).toBe(200);
    expect(await statusOf(email)).toBe('active');
    expect((await logIn(email)).status).toBe(200);
  });

  describe('a block staff put on the account', () => {
    beforeAll(() => ensureAdmin({ env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now }));
    // A fresh admin session each time: the tests move the clock past an access token's life.
    const staff = async (action: 'block' | 'unblock', email: string) => {
      const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
      const cookies = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
      return t.request(`/api/v1/admin/users/${user!.id}/${action}`, { method: 'POST', cookies, json: { reason: 'Chargeback' } });
    };

    it('stays when any order with its email is paid', async () => {
      const email = 'staff-blocked@example.com';
      expect((await register(email)).status).toBe(201);
      expect((await staff('block', email)).status).toBe(204);
      expect((await payRequest(t, await placeOrder(t, { email }))).status).toBe(200);
      expect(await statusOf(email)).toBe('blocked');
      expect(await answeredWith(await logIn(email))).toBe('403 user_blocked');
    });

    it('goes on an account the expired payment already blocks, and the payment then lifts only the flag', async () => {
      const email = 'expired-and-staff-blocked@example.com';
      expect((await register(email)).status).toBe(201);
      await leavePaymentToExpire(email, cookiesFrom(await logIn(email)));
      expect((await staff('block', email)).status).toBe(204);
      expect((await staff('block', email)).status).toBe(409);

      expect((await payRequest(t, await placeOrder(t, { email }))).status).toBe(200);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ status: 'blocked', paymentExpiredAt: null });
      expect(await answeredWith(await logIn(email))).toBe('403 user_blocked');

      // Staff lift their block: nothing else holds the account.
      expect((await staff('unblock', email)).status).toBe(204);
      expect((await logIn(email)).status).toBe(200);
    });
  });
});
