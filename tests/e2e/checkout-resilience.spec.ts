import { expect, failing, networkCut, test } from './support/test';
import { CheckoutPage, openCheckout, orderStatus, placeOrder, sandboxCards } from './support/checkout';

// These tests cut the network and make the provider fail (502) on purpose.
test.use({ expectedFailures: failing(networkCut, { status: 502, url: /\/api\/v1\/checkout\/[^/]+\/pay$/ }) });

// What goes wrong around a payment: a lost connection, a provider outage, two tabs paying the
// same order, an order that expired. The money side is the server's (decision 006); these
// check that the page retries the same attempt, never starts a second charge by itself, and
// says what happened.
test.use({ serviceWorkers: 'block' });

const payPath = (orderId: string) => `**/api/v1/checkout/${orderId}/pay`;

test('a payment whose answer is lost is retried with the same Idempotency-Key', async ({ page, request }) => {
  const order = await placeOrder(request);
  const checkout = await openCheckout(page, order, 'en');
  const keys: string[] = [];
  let first = true;
  await page.route(payPath(order.orderId), async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (first) {
      first = false;
      // The request reaches the server (the card is charged) but the answer never comes back.
      await route.fetch();
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  await checkout.pay({ number: sandboxCards.success });
  await expect(page.getByRole('alert')).toContainText('Your card was not charged twice');
  await checkout.payButton.click();
  await expect(checkout.successPopup).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect((await orderStatus(request, order)).body?.status).toBe('paid');
});

test('an unexpected provider error quotes its support code, and Pay again retries the same attempt', async ({ page, request }) => {
  const order = await placeOrder(request);
  const checkout = await openCheckout(page, order, 'en');
  const keys: string[] = [];
  await page.route(payPath(order.orderId), async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    // The provider was unreachable (502 payment_failed): the outcome is unknown, the key is kept.
    await route.fulfill({
      status: 502,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'https://alta.app/problems/payment_failed',
        title: 'Bad Gateway',
        status: 502,
        code: 'payment_failed',
        supportCode: 'PAY-1A2B3C4D',
      }),
    });
  });
  await checkout.pay({ number: sandboxCards.success });
  await expect(checkout.failure).toContainText('An unexpected error occurred with your payment');
  await expect(checkout.failure).toContainText('contact support with the code PAY-1A2B3C4D');
  await checkout.payButton.click();
  await expect(checkout.successPopup).toBeVisible();
  expect(keys).toEqual([keys[0], keys[0]]);
});

test('two tabs paying the same order: one charge, and both tabs end on the paid order', async ({ context, request }) => {
  test.slow();
  const order = await placeOrder(request);
  const first = await openCheckout(await context.newPage(), order, 'en');
  const second = new CheckoutPage(await context.newPage(), 'en');
  await second.page.goto(`/en/checkout/${order.orderId}`);
  await expect(second.payButton).toBeEnabled();

  await first.fillCard({ number: sandboxCards.success });
  await second.fillCard({ number: sandboxCards.success, holderName: 'Maria Gonzalez' });
  await Promise.all([first.payButton.click(), second.payButton.click()]);

  // Exactly one tab charged: its success popup leads to account creation (after 3000 ms); the
  // other learns the order is paid (at once, or after watching the other payment end).
  const outcome = async (tab: CheckoutPage) => {
    if (tab.page.url().endsWith('/en/register')) return 'account creation';
    if (await tab.page.getByRole('heading', { level: 1, name: 'This order is paid' }).isVisible()) return 'paid';
    return 'pending';
  };
  await expect.poll(async () => [await outcome(first), await outcome(second)].sort(), { timeout: 30_000 }).toEqual(['account creation', 'paid']);
  expect((await orderStatus(request, order)).body?.status).toBe('paid');
});

test('an expired order shows the payment-expired popup and leads back to the wizard', async ({ page, request }) => {
  const order = await placeOrder(request, { language: 'es' });
  // Orders expire after 24 hours on the server's clock; the page is shown the answer it gives then.
  await page.route(`**/api/v1/orders/${order.orderId}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), status: 'expired' } });
  });
  await page.goto('/es/faq');
  await page.evaluate((placed) => {
    localStorage.setItem(
      `alta.checkoutOrder.${placed.orderId}`,
      JSON.stringify({ ...placed, flow: 'createCompany', companyName: 'Andes Labs', draftId: null, newCompany: true, createdAt: new Date().toISOString() }),
    );
  }, order);
  await page.goto(`/es/checkout/${order.orderId}`);

  await expect(page.getByRole('dialog', { name: 'Pago vencido' })).toContainText('Este pedido venció.');
  await expect(page.getByRole('heading', { level: 1, name: 'Este pedido venció' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Empezar de nuevo' })).toHaveAttribute('href', '/es/create-company');
  // The popup closes by itself after 3000 ms.
  await expect(page.getByRole('dialog', { name: 'Pago vencido' })).toBeHidden({ timeout: 6000 });
  // The wizard will place a new order: this one's hand-off is gone.
  expect(await page.evaluate((id) => localStorage.getItem(`alta.checkoutOrder.${id}`), order.orderId)).toBeNull();
});

test('a checkout opened without a connection says so and loads the order on "Try again"', async ({ page, request }) => {
  const order = await placeOrder(request);
  let offline = true;
  await page.route(`**/api/v1/orders/${order.orderId}`, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  await page.goto('/en/faq');
  await page.evaluate((placed) => {
    localStorage.setItem(
      `alta.checkoutOrder.${placed.orderId}`,
      JSON.stringify({ ...placed, flow: 'createCompany', companyName: 'Andes Labs', draftId: null, newCompany: true, createdAt: new Date().toISOString() }),
    );
  }, order);
  await page.goto(`/en/checkout/${order.orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'We cannot open this order' })).toBeVisible();
  await expect(page.getByText('We cannot reach Alta right now.')).toBeVisible();

  offline = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  const checkout = new CheckoutPage(page, 'en');
  await expect(checkout.payButton).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
