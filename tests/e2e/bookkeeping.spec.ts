import type { Page } from '@playwright/test';
import { testTransaction } from '@domain/transaction-fixture';
import { demo, logInAs } from './support/alta';
import { userDatabase, waitForSyncPosition } from './support/sync';
import { expect, test } from './support/test';
import { grid, rows } from './support/books';

// The bookkeeping workspace on the demo company's year of books (server/seed.ts). Each test
// works on its own lines of those books (its own search), so they do not step on each other,
// and reads the state it starts from or names its rows afresh, so a retry finds its way.
test.use({ serviceWorkers: 'block' });

const syncButton = (page: Page) => page.getByRole('button', { name: /^Sync status: / });

async function openBookkeeping(page: Page, query = '') {
  await page.goto(`/en/accounting-ai/bookkeeping${query}`);
  await expect(grid(page)).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

test('lists the year of books with totals, filters from the URL and sorts by amount', async ({ page }) => {
  test.slow(); // two languages, each loading the year of books
  await logInAs(page, demo);
  await openBookkeeping(page);
  // At the SPEC's breakpoints every column stays inside the grid (the checked one, last) and
  // the page never scrolls sideways: beside the sidebar the grid is ~270 px narrower than the window.
  for (const width of [1284, 1024, 920, 768, 410]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(() =>
        page.evaluate(() => {
          const grid = document.querySelector('[role="grid"]')!.getBoundingClientRect();
          const checked = document.querySelector('[role="grid"] [role="row"][aria-rowindex="2"] input[aria-label^="Checked"]')!.getBoundingClientRect();
          return {
            inGrid: checked.left >= grid.left && checked.right <= grid.right,
            sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
          };
        }),
      )
      .toEqual({ inGrid: true, sideways: false });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  // The rows in view lend their elements to the transactions a filter brings: they are
  // rewritten, not removed and created again (the cost of a filter change on a big list).
  await page.evaluate(() => Object.assign(window, { firstRow: document.querySelector('[role="grid"] [role="row"][aria-rowindex="2"]') }));
  await page.getByRole('searchbox', { name: 'Search' }).fill('wework');
  await expect(page).toHaveURL(/q=wework/);
  await expect(page.getByText(/^1[23] transactions$/)).toBeVisible();
  await expect(rows(page).first()).toContainText('WEWORK MEMBERSHIP NYC');
  await expect(rows(page).first()).toContainText('-$450');
  expect(await page.evaluate(() => (window as unknown as { firstRow: Element }).firstRow.isConnected)).toBe(true);

  await page.getByRole('search').getByLabel('Category', { exact: true }).selectOption('uncategorised');
  await expect(page).toHaveURL(/category=uncategorised/);
  await page.getByRole('button', { name: /Clear 2 filters/ }).click();
  await expect(page).not.toHaveURL(/q=|category=/);

  await page.getByRole('button', { name: 'Amount', exact: true }).click();
  await expect(page).toHaveURL(/sort=amount/);
  await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending');
  await expect(rows(page).first()).toContainText('OWNER CAPITAL CONTRIBUTION');
  // Scrolling too: the rows scrolled out lend their elements to the ones scrolled in, row by row
  // and on a jump to the end (a fast scroll on 50,000 rows created and collected thousands).
  const scrolled = await page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="transaction-scroller"]')!;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    scroller.scrollTop = 1_020; // once between two rows, the most rows the view needs
    await frame();
    scroller.scrollTop = 0;
    await frame();
    const body = scroller.firstElementChild!;
    const drawn = new Set(body.children);
    for (let step = 0; step < 10; step++) {
      scroller.scrollTop += 190;
      await frame();
    }
    scroller.scrollTop = scroller.scrollHeight;
    await frame();
    return {
      created: [...body.children].filter((row) => !drawn.has(row)).length,
      rowCount: document.querySelector('[role="grid"]')!.getAttribute('aria-rowcount'),
    };
  });
  expect(scrolled.created).toBe(0);
  await expect(rows(page).last()).toHaveAttribute('aria-rowindex', scrolled.rowCount!);

  // A filter change is shown before the URL has it; a URL the list did not write (the menu's
  // link to the plain list) still wins.
  await page.getByRole('searchbox', { name: 'Search' }).fill('wework');
  await expect(page).toHaveURL(/q=wework/);
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Bookkeeping', exact: true }).click();
  await expect(page).not.toHaveURL(/q=|sort=/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'none');
  await expect(page.getByText(/^1[23] transactions$/)).toBeHidden();

  // Spanish formats: day first, comma decimals.
  await page.goto('/es/accounting-ai/bookkeeping?q=wework');
  await expect(
    page
      .getByRole('grid', { name: /^Transacciones: / })
      .getByRole('row')
      .nth(1),
  ).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByText(/^1[23] transacciones$/)).toBeVisible();
});

test('categorises and checks rows with the keyboard, undoes, and lists the shortcuts', async ({ page }) => {
  test.slow(); // every key waits for the row it changed, on a shared machine
  await logInAs(page, demo);
  await openBookkeeping(page, '?q=T-MOBILE');
  const first = rows(page).nth(0);
  const second = rows(page).nth(1);
  await first.getByRole('gridcell').nth(1).click();
  await expect(grid(page)).toBeFocused();

  await page.keyboard.press('Enter');
  const picker = page.getByRole('combobox', { name: /^Category of T-MOBILE POSTPAID/ });
  await expect(picker).toBeFocused();
  // The list of categories lies above the rows below its own, down to its last line in view.
  const coveredAtBottom = await page.getByRole('listbox', { name: 'Categories' }).evaluate((list) => {
    const box = list.getBoundingClientRect();
    const onTop = document.elementFromPoint(box.left + box.width / 2, box.bottom - 4);
    return onTop !== null && !list.contains(onTop);
  });
  expect(coveredAtBottom).toBe(false);
  await page.keyboard.type('phone');
  await expect(page.getByRole('listbox', { name: 'Categories' }).getByRole('option', { name: 'Phone and internet' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(first.getByRole('button', { name: /Phone and internet/ })).toBeVisible();
  await expect(grid(page)).toBeFocused();

  const firstChecked = first.getByRole('checkbox', { name: /^Checked: / });
  const secondChecked = second.getByRole('checkbox', { name: /^Checked: / });
  const firstBefore = await firstChecked.isChecked();
  await page.keyboard.press(' ');
  await expect(firstChecked).toBeChecked({ checked: !firstBefore });
  await page.keyboard.press('ArrowDown');
  await expect(second).toHaveAttribute('data-active', 'true');
  const before = await secondChecked.isChecked();
  // Ctrl+Z at once: it undoes this check even before the check is stored.
  await page.keyboard.press(' ');
  await page.keyboard.press('Control+z');
  await expect(secondChecked).toBeChecked({ checked: before });
  await expect(firstChecked).toBeChecked({ checked: !firstBefore });

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByText('Check or uncheck')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});

test('a new transaction by hand: the invalid date is explained, then it is created', async ({ page }) => {
  await logInAs(page, demo);
  await openBookkeeping(page);
  await page.getByRole('button', { name: 'New transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New transaction' });
  await dialog.getByLabel('Date').fill('');
  const description = `Coworking day pass ${test.info().retry}-${Date.now()}`;
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Amount ($)').fill('1,234.5');
  await dialog.getByRole('button', { name: 'Create transaction' }).click();
  await expect(dialog.getByText('Enter a valid date.')).toBeVisible();
  await dialog.getByLabel('Date').fill('2026-02-03');
  await dialog.getByRole('button', { name: 'Create transaction' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search' }).fill(description);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('-$1,234.50');
});

/**
 * Adds `count` transactions to the demo company the way the app queues a change: the rows and
 * one `restoreTransactions` outbox entry in one IndexedDB transaction, then an `online` nudge
 * so the tab's engine pushes them.
 */
async function queueTransactions(page: Page, database: string, count: number, description: string) {
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, index) =>
    testTransaction({
      date: `2026-0${1 + (index % 9)}-1${index % 10}`,
      description: `${description} ${index}`,
      amountCents: -(100 + index),
      createdAt: now,
      updatedAt: now,
    }),
  );
  await page.evaluate(
    async ({ name, rows, now }) => {
      const request = <T>(r: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error!);
        });
      const db = await request(indexedDB.open(name));
      const read = db.transaction('transactions');
      const sample = (await request(read.objectStore('transactions').getAll(null, 1)))[0] as { companyId: string };
      const tx = db.transaction(['outbox', 'syncMeta', 'transactions'], 'readwrite');
      const meta = await request(tx.objectStore('syncMeta').get('state'));
      const id = meta.nextMutationId as number;
      const transactions = rows.map((row) => ({ ...row, companyId: sample.companyId }));
      for (const row of transactions) tx.objectStore('transactions').put(row);
      tx.objectStore('outbox').add({
        id,
        name: 'restoreTransactions',
        args: { transactions },
        createdAt: now,
        undo: transactions.map((row) => ({ table: 'transactions', id: row.id, before: null })),
      });
      tx.objectStore('syncMeta').put({ ...meta, nextMutationId: id + 1 });
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error!);
      });
      db.close();
      window.dispatchEvent(new Event('online'));
    },
    { name: database, rows, now },
  );
}

test('bulk: selects 1,000 transactions with the keyboard and categorises them at once', async ({ page }) => {
  test.slow(); // 1,000 rows written, pushed and categorised on a shared machine
  await logInAs(page, demo);
  await openBookkeeping(page);
  const database = await userDatabase(page);
  await waitForSyncPosition(page, database);
  const batch = `BULKTEST${test.info().retry}x${Date.now()}`;
  await queueTransactions(page, database, 1000, `${batch} coffee beans`);
  await expect(syncButton(page)).toHaveAccessibleName('Sync status: Saved', { timeout: 60_000 });

  await page.goto(`/en/accounting-ai/bookkeeping?q=${batch}`);
  await expect(page.getByText('1,000 transactions')).toBeVisible();
  await rows(page).first().getByRole('gridcell').nth(1).click();
  await page.keyboard.press('Control+a');
  await expect(page.getByText('1000 selected')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Category of 1000 selected transactions' })).toBeFocused();
  await page.keyboard.type('cost of goods');
  await page.keyboard.press('Enter');

  await page.getByRole('search').getByLabel('Category', { exact: true }).selectOption('costOfGoods');
  await expect(page.getByText('1,000 transactions')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo categorising 1000 transactions' })).toBeVisible();
  await expect(syncButton(page)).toHaveAccessibleName('Sync status: Saved', { timeout: 60_000 });

  // The server has them: a fresh page load pulls the same.
  const other = await page.context().browser()!.newContext({ serviceWorkers: 'block' });
  const second = await other.newPage();
  await logInAs(second, demo);
  await second.goto(`/en/accounting-ai/bookkeeping?q=${batch}&category=costOfGoods`);
  await expect(second.getByText('1,000 transactions')).toBeVisible({ timeout: 60_000 });
  await other.close();
});
