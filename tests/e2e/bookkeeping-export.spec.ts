import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { demo, logInAs } from './support/alta';
import { expect, failing, networkCut, test } from './support/test';
import { rows } from './support/books';

// Decision 065: the export writes the rows the list's filters show, as CSV, XLSX and the
// accountant's pack, built in a worker from what the device holds, offline too; the pack names
// the receipts this device does not have. The test takes the browser offline on purpose.
test.use({ expectedFailures: failing(networkCut) });

// A 1×1 PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Starts an export from the open dialog and answers the downloaded file's name and bytes. */
async function exportAs(page: Page, format: 'CSV' | 'Excel (XLSX)' | 'Accountant pack (ZIP)'): Promise<{ name: string; bytes: Buffer }> {
  const dialog = page.getByRole('dialog', { name: 'Export for your accountant' });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: format }).click()]);
  await expect(dialog.getByRole('status')).toHaveText(`${download.suggestedFilename()} is ready in your downloads.`);
  // The pressed button was busy, not disabled, meanwhile: the keyboard user keeps their place.
  await expect(dialog.getByRole('button', { name: format })).toBeFocused();
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

test('exports the filtered rows as CSV, XLSX and the accountant pack, offline too, naming the receipts not on the device', async ({ page, context }) => {
  test.slow(); // a receipt upload, three exports and an offline one
  await logInAs(page, demo);
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.setViewportSize({ width: 1284, height: 900 });
  await page.goto('/en/accounting-ai/bookkeeping?q=FIGMA');
  await expect(rows(page).first()).toContainText('FIGMA MONTHLY');
  const count = Number((await page.getByText(/^\d+ transactions?$/).textContent())!.split(' ')[0]);
  const net = (await page
    .getByText('Net', { exact: false })
    .filter({ has: page.locator('strong') })
    .locator('strong')
    .textContent())!;
  expect(count).toBeGreaterThan(1);

  // The newest line gets a receipt (uploaded, and kept on this device).
  const first = rows(page).first();
  await first.getByRole('link').click();
  await page.getByText('Attach a receipt').locator('input[type=file]').setInputFiles({ name: 'figma.png', mimeType: 'image/png', buffer: png });
  await page.goBack();
  await expect(rows(page).first().getByRole('img', { name: 'Receipt: figma.png' })).toBeVisible({ timeout: 30_000 });
  const firstDate = (await rows(page).first().getByRole('gridcell').nth(1).textContent())!;
  const [month, day, year] = firstDate.split('/');
  const isoFirst = `${year}-${month}-${day}`;

  // CSV: a BOM, the header in English, exactly the rows shown in the list's order, amounts as numbers.
  await page.getByRole('toolbar', { name: 'Bookkeeping actions' }).getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('dialog', { name: 'Export for your accountant' })).toContainText(`The ${count} transactions the filters show`);
  const csv = await exportAs(page, 'CSV');
  expect(csv.name).toMatch(/^Demo.* - transactions - \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\.csv$/);
  const text = csv.bytes.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('Date,Description,Merchant,Category,Account,Amount,Checked,Receipt,Note');
  const body = lines.slice(1).map((line) => line.split(','));
  expect(body).toHaveLength(count);
  for (const cells of body) expect(cells[1]).toBe('FIGMA MONTHLY');
  expect(body.map((cells) => cells[0])).toEqual(
    body
      .map((cells) => cells[0])
      .sort()
      .reverse(),
  );
  const netCents = body.reduce((sum, cells) => sum + Math.round(Number(cells[5]) * 100), 0);
  expect(`${netCents < 0 ? '-' : ''}$${(Math.abs(netCents) / 100).toLocaleString('en-US', { minimumFractionDigits: Math.abs(netCents) % 100 ? 2 : 0 })}`).toBe(
    net,
  );
  expect(body[0]![7]).toMatch(new RegExp(`^${isoFirst} -?\\d+\\.\\d{2}\\.png$`));

  // XLSX: real dates and numbers, read back with read-excel-file, and a totals row.
  const xlsx = await exportAs(page, 'Excel (XLSX)');
  const sheet = await readSheet(xlsx.bytes);
  expect(sheet).toHaveLength(count + 2);
  expect(sheet[1]![0]).toEqual(new Date(`${isoFirst}T00:00:00Z`));
  expect(typeof sheet[1]![5]).toBe('number');
  expect(sheet.at(-1)![0]).toBe('Total');
  expect(Math.round((sheet.at(-1)![5] as number) * 100)).toBe(netCents);

  // The pack: both spreadsheets and the receipt, named by date and amount.
  const pack = unzipSync(new Uint8Array((await exportAs(page, 'Accountant pack (ZIP)')).bytes));
  const receipt = Object.keys(pack).find((name) => name.startsWith('receipts/'));
  expect(receipt).toBe(`receipts/${body[0]![7]}`);
  expect(Buffer.from(pack[receipt!]!)).toEqual(png);
  expect(Object.keys(pack).filter((name) => /\.(csv|xlsx)$/.test(name))).toHaveLength(2);

  // Offline, on a device without the receipt's file: the pack is still made, and says which
  // receipt it could not include.
  await page.evaluate(async () => {
    const name = (await indexedDB.databases()).map((database) => database.name ?? '').find((n) => /^alta-[0-9a-f-]{36}$/.test(n))!;
    const request = indexedDB.open(name);
    const db = await new Promise<IDBDatabase>((resolve) => (request.onsuccess = () => resolve(request.result)));
    await new Promise((resolve) => (db.transaction('receiptFiles', 'readwrite').objectStore('receiptFiles').clear().onsuccess = resolve));
    db.close();
  });
  await context.setOffline(true);
  const offline = unzipSync(new Uint8Array((await exportAs(page, 'Accountant pack (ZIP)')).bytes));
  const dialog = page.getByRole('dialog', { name: 'Export for your accountant' });
  await expect(dialog.getByText('1 receipt is not on this device and is not in the pack:')).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'FIGMA MONTHLY' })).toHaveCount(1);
  expect(Object.keys(offline).some((name) => name.startsWith('receipts/'))).toBe(false);
  expect(strFromU8(offline['missing receipts.txt']!)).toContain(body[0]![7]);
  await context.setOffline(false);
});
