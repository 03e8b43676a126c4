import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders';
import { users } from '../db/schema/users';
import { createTestApp, type TestApp } from '../test/harness';
import { payRequest, placeOrder, type PlacedOrder } from '../test/orders-fixtures';

// SPEC §4: "Blocked users see the payment-expired popup (an expired payment is flagged for the
// owner's email)". A payment started and left incomplete (a 3-D Secure challenge never
// answered) until its order expires flags the order's email (docs/decisions/006).

const day = 24 * 60 * 60 * 1000;
const password = 'Alta#2026go';

describe('expired payments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  const register = (email: string) =>
    t.request('/api/v1/users', { method: 'POST', json: { firstName: 'Lucía', lastName: 'Fernández', email, password, language: 'en', acceptTerms: true } });
  const logIn = (email: string) => t.request('/api/v1/login', { method: 'POST', json: { email, password } });
  const statusOf = async (email: string) => (await t.database.db.select({ status: users.status }).from(users).where(eq(users.email, email)))[0]?.status;
  const viewOrder = (order: PlacedOrder) => t.request(`/api/v1/orders/${order.orderId}`, { headers: { 'x-checkout-token': order.checkoutToken } });

  /** An order whose payment waits for a 3-D Secure answer that never comes, then the order's 24 h pass. */
  async function leavePaymentToExpire(email: string) {
    const order = await placeOrder(t, { email });
    const pay = await payRequest(t, order, { cardNumber: '4000002760003184' });
    expect(await pay.json()).toMatchObject({ status: 'requires_action' });
    t.clock.advance(day + 1000);
    const view = await (await viewOrder(order)).json();
    expect(view.status).toBe('expired');
    return order;
  }

  it("blocks the account of the order's email: login answers user_blocked (the payment-expired popup)", async () => {
    const email = 'expired-owner@example.com';
    expect((await register(email)).status).toBe(201);
    expect((await logIn(email)).status).toBe(200);

    const order = await leavePaymentToExpire(email);
    const row = (await t.database.db.select().from(orders).where(eq(orders.id, order.orderId)))[0]!;
    expect(row.paymentExpiredAt).not.toBeNull();
    expect(await statusOf(email)).toBe('blocked');
    const login = await logIn(email);
    expect(login.status).toBe(403);
    expect(login.headers.get('content-type')).toBe('application/problem+json');
    expect(await login.json()).toMatchObject({ code: 'user_blocked' });
  });

  it('refuses to create an account for a flagged email as blocked', async () => {
    const email = 'expired-later@example.com';
    await leavePaymentToExpire(email);
    const response = await register(email);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'user_blocked' });
    expect(await statusOf(email)).toBeUndefined();
  });

  it('does not flag an order that expires without a payment started (an abandoned cart)', async () => {
    const untouched = 'expired-untouched@example.com';
    expect((await register(untouched)).status).toBe(201);
    const order = await placeOrder(t, { email: untouched });
    t.clock.advance(day + 1000);
    expect((await (await viewOrder(order)).json()).status).toBe('expired');
    expect(await statusOf(untouched)).toBe('active');
    expect((await logIn(untouched)).status).toBe(200);
    expect((await register('expired-untouched-2@example.com')).status).toBe(201);
  });

  it('a later paid order settles the flag: the account is active again and the email can register', async () => {
    const email = 'expired-then-paid@example.com';
    expect((await register(email)).status).toBe(201);
    await leavePaymentToExpire(email);
    expect(await statusOf(email)).toBe('blocked');
    const next = await placeOrder(t, { email });
    expect((await payRequest(t, next)).status).toBe(200);
    expect(await statusOf(email)).toBe('active');
    expect((await logIn(email)).status).toBe(200);

    const guest = 'expired-then-paid-guest@example.com';
    await leavePaymentToExpire(guest);
    expect((await register(guest)).status).toBe(403);
    t.clock.advance(1000);
    expect((await payRequest(t, await placeOrder(t, { email: guest }))).status).toBe(200);
    expect((await register(guest)).status).toBe(201);
  });
});
