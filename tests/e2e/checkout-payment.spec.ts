import { seriousViolations } from './support/axe';
import { expect, test } from './support/test';
import { orderStatus, openCheckout, placeOrder, sandboxCards } from './support/checkout';

// The checkout itself, on orders placed through the API: cards of the local sandbox (Stripe's
// test numbers), declines, 3-D Secure, coupons and the one-charge guarantee.
test.use({ serviceWorkers: 'block' });

test('a declined card shows the decline, another card then pays, and the order is charged once', async ({ page, request }) => {
  const order = await placeOrder(request);
  const checkout = await openCheckout(page, order, 'en');
  const payCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith(`/checkout/${order.orderId}/pay`)) payCalls.push(sent.headers()['idempotency-key'] ?? '');
  });

  await checkout.pay({ number: sandboxCards.declined });
  await expect(checkout.failure).toContainText('Your card was declined.');
  await expect(checkout.failure).toContainText(/Support code: PAY-[0-9A-F]{8}/);
  // The summary takes the focus, so a screen reader hears it at once.
  await expect(checkout.failure).toBeFocused();
  await expect(checkout.payButton).toBeEnabled();

  await checkout.page.getByLabel('Card number').fill(sandboxCards.success);
  // A double click is one payment: the button is busy after the first.
  await checkout.payButton.dblclick();
  await expect(checkout.successPopup).toBeVisible();
  await expect(checkout.successPopup).toContainText(`Order ${order.orderNumber} is paid.`);

  // The declined attempt and the paying one had their own keys; the double click sent no third.
  expect(payCalls).toHaveLength(2);
  expect(new Set(payCalls).size).toBe(2);
  const { body } = await orderStatus(request, order);
  expect(body?.status).toBe('paid');
  // Paying again, with a new key, charges nothing: the order is paid once and for good.
  const again = await request.post(`/api/v1/checkout/${order.orderId}/pay`, {
    headers: { 'X-Checkout-Token': order.checkoutToken, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      amount: order.amount,
      country: 'AR',
      paymentMethod: { type: 'card', cardNumber: '4242424242424242', holderName: 'María González', expiry: '12/34', cvc: '123', postalCode: 'C1043' },
    },
  });
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ status: 409, code: 'order_paid' });
});

test('a card number that fails its check digit is "Card not found."', async ({ page, request }) => {
  const order = await placeOrder(request, { language: 'es' });
  const checkout = await openCheckout(page, order, 'es');
  await checkout.pay({ number: sandboxCards.badLuhn });
  await expect(checkout.failure).toContainText('Tarjeta no encontrada.');
});

test('the card form checks every field with the SPEC rules before sending anything', async ({ page, request }) => {
  const order = await placeOrder(request);
  const checkout = await openCheckout(page, order, 'en');
  let sent = false;
  page.on('request', (request) => {
    if (request.url().includes('/pay')) sent = true;
  });
  await page.getByLabel('Name on the card').fill('A');
  await page.getByLabel('ZIP or postal code').fill('1');
  await checkout.payButton.click();
  const number = page.getByLabel('Card number');
  await expect(number).toBeFocused();
  await expect(number).toHaveAccessibleDescription('This field is required.');
  await expect(page.getByLabel('Name on the card')).toHaveAccessibleDescription('Enter at least 2 characters.');
  await expect(page.getByLabel('ZIP or postal code')).toHaveAccessibleDescription('Enter at least 2 characters.');
  await expect(page.getByLabel('Country or nationality')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toBe(false);

  // The number is grouped as it is typed and its brand is told.
  await number.fill('378282246310005');
  await expect(number).toHaveValue('3782 822463 10005');
  await expect(number).toHaveAccessibleDescription(/American Express/);
});

test('a 3-D Secure challenge completed in the modal pays the order', async ({ page, request }) => {
  const order = await placeOrder(request);
  const checkout = await openCheckout(page, order, 'en');
  await checkout.pay({ number: sandboxCards.threeDSecure });
  await expect(checkout.challenge).toBeVisible();
  await expect(checkout.challenge).toContainText('confirm this payment of $');
  await expect(checkout.challenge.getByRole('button', { name: 'Complete authentication' })).toBeFocused();
  await checkout.challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(checkout.successPopup).toBeVisible();
  expect((await orderStatus(request, order)).body?.status).toBe('paid');
});

test('a refused 3-D Secure challenge shows the 3-D Secure error and lets the customer try again', async ({ page, request }) => {
  const order = await placeOrder(request, { language: 'es' });
  const checkout = await openCheckout(page, order, 'es');
  await checkout.pay({ number: sandboxCards.threeDSecure2 });
  await checkout.challenge.getByRole('button', { name: 'Fallar autenticación' }).click();
  await expect(checkout.challenge).toBeHidden();
  await expect(checkout.failure).toContainText(checkout.words.threeDSecureError);
  expect((await orderStatus(request, order)).body?.status).toBe('pending');

  // Trying again starts a new attempt with a new challenge.
  await checkout.payButton.click();
  await checkout.challenge.getByRole('button', { name: 'Completar autenticación' }).click();
  await expect(checkout.successPopup).toBeVisible();
  await expect(checkout.successPopup).toContainText(checkout.words.userDoesNotExist);
});

test('a payment this page did not see (another tab, the bank’s page) still says to create the account with the order’s email', async ({ page, request }) => {
  const order = await placeOrder(request);
  const checkout = await openCheckout(page, order, 'es');
  // Paid elsewhere while this page is open; the page then reloads.
  const paid = await request.post(`/api/v1/checkout/${order.orderId}/pay`, {
    headers: { 'Idempotency-Key': crypto.randomUUID(), 'X-Checkout-Token': order.checkoutToken },
    data: {
      amount: order.amount,
      country: 'AR',
      paymentMethod: { type: 'card', cardNumber: sandboxCards.success, holderName: 'María González', expiry: '12/34', cvc: '123', postalCode: '1043' },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Este pedido está pagado' })).toBeVisible();
  await expect(page.getByText(checkout.words.userDoesNotExist)).toBeVisible();
});

test('a challenge left open is shown again after a reload', async ({ page, request }) => {
  const order = await placeOrder(request);
  const checkout = await openCheckout(page, order, 'en');
  await checkout.pay({ number: sandboxCards.threeDSecure });
  await expect(checkout.challenge).toBeVisible();
  await page.reload();
  await checkout.challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(checkout.successPopup).toBeVisible();
});

test('a valid coupon lowers the total, an unknown one is "Invalid coupon", and removing it restores the price', async ({ page, request }) => {
  const order = await placeOrder(request);
  const checkout = await openCheckout(page, order, 'en');
  const full = order.quote.total;
  const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
  await expect(checkout.total).toHaveText(money(full));

  const coupon = page.getByLabel('Coupon code');
  await coupon.fill('NOPE2026');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(coupon).toHaveAccessibleDescription('Invalid coupon');
  await expect(checkout.total).toHaveText(money(full));

  await coupon.fill('alta10');
  await page.getByRole('button', { name: 'Apply' }).click();
  const discounted = full - Math.round(full * 0.1);
  await expect(checkout.total).toHaveText(money(discounted));
  await expect(page.getByRole('row', { name: /Coupon ALTA10/ })).toBeVisible();
  await expect(checkout.payButton).toHaveText(`Pay ${money(discounted)}`);
  expect((await orderStatus(request, order)).body?.quote.total).toBe(discounted);

  await page.getByRole('button', { name: 'Remove coupon' }).click();
  await expect(checkout.total).toHaveText(money(full));

  await coupon.fill('ALTA50');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(checkout.total).toHaveText(money(full - 5000));
  await checkout.pay({ number: sandboxCards.success });
  await expect(checkout.successPopup).toBeVisible();
  expect((await orderStatus(request, order)).body).toMatchObject({ status: 'paid', quote: { total: full - 5000 } });
});

test('a checkout link opened in a browser without the order says so', async ({ page, request }) => {
  const order = await placeOrder(request);
  await page.goto(`/en/checkout/${order.orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'We cannot open this order' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start a new order' })).toHaveAttribute('href', '/en/start-now');
});

test('the checkout has no serious accessibility violations: the form with an error, and the 3-D Secure modal', async ({ page, request }) => {
  test.slow(); // axe is CPU-bound on a busy machine
  const order = await placeOrder(request);
  const checkout = await openCheckout(page, order, 'en');

  await checkout.pay({ number: sandboxCards.insufficientFunds });
  await expect(checkout.failure).toContainText('Your card has insufficient funds.');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Card number').fill(sandboxCards.threeDSecure);
  await checkout.payButton.click();
  await expect(checkout.challenge).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Escape closes the challenge without an answer: back to the form, with the 3-D Secure error.
  await page.keyboard.press('Escape');
  await expect(checkout.challenge).toBeHidden();
  await expect(checkout.failure).toContainText('3D Secure error');
  await expect(checkout.failure).toBeFocused();
});
