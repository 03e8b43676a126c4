import type { Page } from '@playwright/test';

/** The bookkeeping list's grid, named by how many transactions it shows. */
export const grid = (page: Page) => page.getByRole('grid', { name: /^Transactions: / });

/** The grid's transaction rows (its header row has no cells). */
export const rows = (page: Page) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
