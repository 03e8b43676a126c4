import jsQR from 'jsqr';
import { TOTP, URI } from 'otpauth';
import type { Page } from '@playwright/test';
import { demo, expect, logInAs } from './support/alta';
import { test } from './support/test';

/** Reads the QR the page drew: the canvas pixels, decoded here with jsQR, as a phone's camera would. */
async function scanQr(page: Page): Promise<string> {
  const canvas = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(canvas).toBeVisible();
  const image = await canvas.evaluate((element: HTMLCanvasElement) => {
    const data = element.getContext('2d')!.getImageData(0, 0, element.width, element.height);
    return { width: data.width, height: data.height, pixels: Array.from(data.data) };
  });
  const decoded = jsQR(Uint8ClampedArray.from(image.pixels), image.width, image.height);
  if (!decoded) throw new Error('The QR code could not be read');
  return decoded.data;
}

test('an owner sets up two-factor access from the QR, opens the account, sees a deposit arrive and withdraws with a fee preview', async ({ page }) => {
  await logInAs(page, demo, 'en');
  await page.goto('/en/banking-crypto');
  await expect(page.getByRole('heading', { level: 1, name: 'Bank account' })).toBeVisible();

  await page.getByRole('button', { name: 'Generate QR code' }).click();
  const uri = await scanQr(page);
  expect(uri).toMatch(/^otpauth:\/\/totp\/Alta:/);
  // The authenticator app: the code for now from the scanned secret.
  const right = (URI.parse(uri) as TOTP).generate();

  // A wrong code says how many attempts are left.
  await page.getByLabel('6-digit code').fill(right === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('4 attempts remaining');

  await page.getByLabel('6-digit code').fill(right);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Verification' })).toBeVisible();

  await page.getByRole('button', { name: 'Start verification' }).click();
  await page.getByRole('link', { name: 'Continue verification' }).click();
  // The sandbox's hosted verification page stands in for the provider's.
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await page.goto('/en/banking-crypto');
  await expect(page.getByText('Routing number (ACH and wire)')).toBeVisible();
  await expect(page.getByText('Approved')).toBeVisible();

  // Money arrives through a signed provider webhook; the open page shows it without a reload.
  const companyId = await page.evaluate(async () => (await (await fetch('/api/v1/companies', { credentials: 'include' })).json()).items[0].id as string);
  const deposit = await page.request.post(`/api/v1/banking/sandbox/companies/${companyId}/deposits`, {
    data: { amountCents: 250_000, senderName: 'Ana Pérez', fromBank: 'Chase', rail: 'wire' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(deposit.status()).toBe(202);
  await expect(page.getByTestId('balance-usd')).toHaveText('$2,500', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: /Ana Pérez/ })).toBeVisible();

  // A bank account to withdraw to (the code entered a moment ago still covers it).
  await page.getByRole('button', { name: 'Add bank account' }).click();
  await page.getByLabel('Bank', { exact: true }).fill('Chase');
  await page.getByLabel('First name').fill('Demo');
  await page.getByLabel('Last name').fill('Owner');
  await page.getByLabel('Account number').fill('000123456789');
  await page.getByLabel('Routing number', { exact: true }).fill('12345678');
  await page.getByLabel('Street and number').fill('123 Main St');
  await page.getByLabel('City').fill('New York');
  await page.getByLabel('Postal code').fill('10001');
  await page.getByLabel('Country', { exact: true }).fill('US');
  await page.getByRole('button', { name: 'Save bank account' }).click();
  await expect(page.getByText('The routing number has 9 digits.')).toBeVisible();
  await page.getByLabel('Routing number', { exact: true }).fill('021000021');
  await page.getByRole('button', { name: 'Save bank account' }).click();
  await expect(page.getByRole('button', { name: 'Delete Chase ••6789' })).toBeVisible();

  await page.getByLabel('Method').selectOption('wire');
  await page.getByLabel('Bank account', { exact: true }).selectOption({ label: 'Chase ••6789 · Demo Owner' });
  await page.getByLabel('Amount (USD)').fill('99.99');
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByText('The minimum withdrawal is $100.')).toBeVisible();
  await page.getByLabel('Amount (USD)').fill('1000');
  const preview = page.getByRole('definition').filter({ hasText: '$30' });
  // Wire: 0.50 % + $25 = $30 fee, $970 received.
  await expect(preview).toBeVisible();
  await expect(page.getByText('$970')).toBeVisible();
  await expect(page.getByText(/Next cut-off:/)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm withdrawal' }).dblclick();
  await expect(page.getByText('Withdrawal of $1,000 sent.')).toBeVisible();
  await expect(page.getByTestId('balance-usd')).toHaveText('$1,500');
});
