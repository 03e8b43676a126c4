import { expect, failing, test } from './support/test';
import { orderStatus, openCheckout, placeOrder, sandboxCards } from './support/checkout';

// The provider's confirmation fails on purpose (500).
test.use({ expectedFailures: failing({ status: 500, url: /\/api\/v1\/checkout\/[^/]+\/confirm$/ }) });

// SPEC §8 "payment confirmation error": the 3-D Secure challenge was answered, but the call
// that confirms it failed on the server. The customer reads the translated confirmation error
// with the support code of the failure, and the order can still be paid.
test.use({ serviceWorkers: 'block' });

const problem = (supportCode: string) => ({
  type: 'about:blank',
  title: 'Internal Server Error',
  status: 500,
  code: 'internal',
  supportCode,
});

for (const { lang, completeAuth, message, supportCode, successCard } of [
  {
    lang: 'en' as const,
    completeAuth: 'Complete authentication',
    message: 'Payment confirmation error: we could not confirm your payment.',
    supportCode: 'Support code: PAY-5E1F0A17',
    successCard: sandboxCards.success,
  },
  {
    lang: 'es' as const,
    completeAuth: 'Completar autenticación',
    message: 'Error de confirmación del pago',
    supportCode: 'Código de soporte: PAY-5E1F0A17',
    successCard: sandboxCards.success,
  },
]) {
  test(`a confirmation that fails after the 3-D Secure challenge shows the confirmation error with its support code (${lang}), and the order is paid afterwards`, async ({
    page,
    request,
  }) => {
    const order = await placeOrder(request, { language: lang });
    const checkout = await openCheckout(page, order, lang);
    let intercepted = 0;
    await page.route(
      `**/api/v1/checkout/${order.orderId}/confirm`,
      async (route) => {
        intercepted += 1;
        await route.fulfill({ status: 500, contentType: 'application/problem+json', body: JSON.stringify(problem('PAY-5E1F0A17')) });
      },
      { times: 1 },
    );

    await checkout.pay({ number: sandboxCards.threeDSecure });
    await checkout.challenge.getByRole('button', { name: completeAuth }).click();
    await expect(checkout.challenge).toBeHidden();
    await expect(checkout.failure).toContainText(message);
    await expect(checkout.failure).toContainText(supportCode);
    expect(intercepted).toBe(1);
    // Nothing was settled: the order still waits for its payment.
    expect((await orderStatus(request, order)).body?.status).toBe('pending');

    // The form is back; another attempt with a card that needs no challenge pays the order.
    await page.getByLabel(checkout.words.cardNumber).fill(successCard);
    await checkout.payButton.click();
    await expect(checkout.successPopup).toBeVisible();
    await expect(checkout.successPopup).toContainText(order.orderNumber);
    expect((await orderStatus(request, order)).body?.status).toBe('paid');
  });
}
