import { demo, logInAs, type Lang } from './support/alta';
import { queueDraftChange, serverDraftIds, userDatabase, waitForSyncPosition } from './support/sync';
import { expect, failing, test } from './support/test';

// The failed-attempt state is made by a sync API answering 503 on purpose, with no poke stream (below).
test.use({ expectedFailures: failing({ status: 503, url: /\/api\/v1\/sync\/push$/ }, { status: 'network', url: /\/api\/v1\/sync\/events$/ }) });

// The sync indicator's details in each of Alta's languages: the pending count, when the
// device last synced, the failure, and "retry now" sending the change. The service worker
// is not under test here.
test.use({ serviceWorkers: 'block' });

const texts: Record<
  Lang,
  {
    status: (state: string) => string;
    saved: string;
    notSent: string;
    panel: string;
    pending: string;
    lastSynced: RegExp;
    failure: string;
    retryNow: string;
    allSaved: string;
  }
> = {
  en: {
    status: (state) => `Sync status: ${state}`,
    saved: 'Saved',
    notSent: 'Not sent yet',
    panel: 'Your changes',
    pending: '1 change is waiting to be sent.',
    lastSynced: /^Last synced: .*\d/,
    failure: 'The last attempt to send your changes failed. They are safe on this device.',
    retryNow: 'Retry now',
    allSaved: 'Everything is saved on Alta.',
  },
  es: {
    status: (state) => `Estado de sincronización: ${state}`,
    saved: 'Guardado',
    notSent: 'Aún no enviado',
    panel: 'Tus cambios',
    pending: '1 cambio espera ser enviado.',
    lastSynced: /^Última sincronización: .*\d/,
    failure: 'El último intento de enviar tus cambios falló. Están a salvo en este dispositivo.',
    retryNow: 'Reintentar ahora',
    allSaved: 'Todo está guardado en Alta.',
  },
  pt: {
    status: (state) => `Estado da sincronização: ${state}`,
    saved: 'Salvo',
    notSent: 'Ainda não enviado',
    panel: 'Suas alterações',
    pending: '1 alteração aguarda envio.',
    lastSynced: /^Última sincronização: .*\d/,
    failure: 'A última tentativa de enviar suas alterações falhou. Elas estão seguras neste dispositivo.',
    retryNow: 'Tentar agora',
    allSaved: 'Tudo está salvo na Alta.',
  },
};

for (const lang of ['en', 'es', 'pt'] as const) {
  test(`shows the pending count, the last sync and a working "retry now" (${lang})`, async ({ page }) => {
    const text = texts[lang];
    // No poke stream: other tests change the demo account's data meanwhile, and a poke of theirs
    // makes the device sync at once, which could send the change before "retry now" is pressed.
    await page.route('**/api/v1/sync/events*', (route) => route.abort());
    await logInAs(page, demo, lang);
    const indicator = page.getByRole('button', { name: text.status(text.saved), exact: true });
    await expect(indicator).toBeVisible();
    const database = await userDatabase(page);
    await waitForSyncPosition(page, database);

    // The server is unavailable for pushes and asks for ten minutes: only "retry now" sends the change sooner.
    await page.route('**/api/v1/sync/push', (route) =>
      route.fulfill({
        status: 503,
        headers: { 'content-type': 'application/problem+json', 'retry-after': '600' },
        body: JSON.stringify({ type: 'about:blank', title: 'Unavailable', status: 503, code: 'sync_unavailable' }),
      }),
    );
    const id = await queueDraftChange(page, database);
    const waiting = page.getByRole('button', { name: text.status(text.notSent), exact: true });
    await expect(waiting).toBeVisible();

    await waiting.click();
    const panel = page.getByRole('region', { name: text.panel });
    await expect(panel).toBeVisible();
    await expect(panel.getByText(text.pending, { exact: true })).toBeVisible();
    await expect(panel.getByText(text.lastSynced)).toBeVisible();
    await expect(panel.getByText(text.failure, { exact: true })).toBeVisible();
    // "8:05 a.m." ends a line without a second period.
    expect(await panel.textContent()).not.toContain('..');
    expect(await serverDraftIds(page)).not.toContain(id);

    await page.unroute('**/api/v1/sync/push');
    await panel.getByRole('button', { name: text.retryNow, exact: true }).click();
    await expect(page.getByRole('button', { name: text.status(text.saved), exact: true })).toBeVisible();
    await expect(panel.getByText(text.allSaved, { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: text.retryNow, exact: true })).toHaveCount(0);
    await expect.poll(() => serverDraftIds(page)).toContain(id);
  });
}
