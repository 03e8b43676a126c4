import { demo, logInAs } from './support/alta';
import { expect, test } from './support/test';

// The accounting home's analytics from the demo company's books, in Spanish and English.
test.use({ serviceWorkers: 'block' });

test('the accounting home draws its charts in Spanish and English and links the work left to the filtered list', async ({ page }) => {
  test.slow(); // two languages and the chart's own chunk, on a shared machine
  await logInAs(page, demo, 'es', '/es/accounting-ai');
  await expect(page.getByRole('heading', { level: 1, name: 'Contabilidad' })).toBeVisible();
  const chart = page.getByRole('figure', { name: /^Gráfico de ingresos, gastos y beneficio por mes/ });
  await expect(chart.getByRole('application')).toBeVisible();
  await expect(chart.getByText('Ingresos', { exact: true })).toBeVisible();
  await expect(chart.getByText('Beneficio', { exact: true })).toBeVisible();
  // Month ticks in Spanish.
  await expect(chart).toContainText(/(ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\.? \d{4}/);
  await expect(page.getByRole('heading', { name: 'Principales categorías de gasto' })).toBeVisible();

  await page.getByRole('link', { name: /transacci(ón|ones) sin categoría$/ }).click();
  await expect(page).toHaveURL(/\/es\/accounting-ai\/bookkeeping\?.*category=uncategorised/);
  await expect(page.getByRole('grid', { name: /^Transacciones: / })).toBeVisible();

  await page.goto('/en/accounting-ai?period=last3Months');
  const english = page.getByRole('figure', { name: /^Chart of income, expenses and profit by month/ });
  await expect(english.getByRole('application')).toBeVisible();
  await expect(english.getByText('Expenses', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Period')).toHaveValue('last3Months');
  await page.getByText('Show as a table').click();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(5);

  await page.goto('/en/accounting-ai?demo=1');
  await expect(page.getByRole('note', { name: 'Demo company' })).toContainText('sample data');
  await expect(page.getByRole('figure').getByRole('application')).toBeVisible();
});
