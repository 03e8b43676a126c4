import { demo, logInAs } from './support/alta';
import { hasLocalDraft, queueDraftChange, serverDraftIds, signedInAndSynced } from './support/sync';
import { expect, failing, networkCut, test } from './support/test';

// One test takes the browser offline: its requests to Alta fail on purpose.
test.use({ expectedFailures: failing(networkCut) });

// The sync indicator in the dashboard's top bar. The service worker is not under test here.
test.use({ serviceWorkers: 'block' });

test('shows a change Alta refused, with its reason, undone on the device; then it can be dismissed', async ({ page }) => {
  const { indicator, database } = await signedInAndSynced(page);

  // A KYB draft for a company that is not the user's: the device shows it, the server refuses it.
  const refused = await queueDraftChange(page, database, { companyId: crypto.randomUUID() });
  await expect(indicator).toHaveAccessibleName('Sync status: 1 change refused');
  expect(await hasLocalDraft(page, database, refused)).toBe(false);

  await indicator.click();
  const panel = page.getByRole('region', { name: 'Your changes' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Changes Alta refused' })).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveText(/Saving a form in progress: You do not have access to it\./);
  await panel.getByRole('button', { name: 'Dismiss: Saving a form in progress' }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(0);
  await expect(indicator).toHaveAccessibleName('Sync status: Saved');
});

test('keeps changes made offline on the device and sends them when back online', async ({ page, context }) => {
  const { indicator, database } = await signedInAndSynced(page);

  await context.setOffline(true);
  await expect(indicator).toHaveAccessibleName('Sync status: Offline');
  // The engine tries at once, finds no network, and keeps the change for later.
  const id = await queueDraftChange(page, database);
  await indicator.click();
  const panel = page.getByRole('region', { name: 'Your changes' });
  await expect(indicator).toHaveAccessibleName('Sync status: Offline · 1 waiting');
  await expect(panel).toContainText('You are offline. 1 change is kept on this device');
  expect(await hasLocalDraft(page, database, id)).toBe(true);
  expect(await serverDraftIds(page)).not.toContain(id);

  await context.setOffline(false);
  await expect(indicator).toHaveAccessibleName('Sync status: Saved');
  await expect(panel).toContainText('You are online.');
  await expect.poll(() => serverDraftIds(page)).toContain(id);
});

test('speaks the user’s language', async ({ page }) => {
  await logInAs(page, demo, 'es');
  await expect(page.getByRole('button', { name: 'Estado de sincronización: Guardado' })).toBeVisible();
});
