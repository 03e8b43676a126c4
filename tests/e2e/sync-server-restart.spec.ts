import type { ChildProcess } from 'node:child_process';
import { freshDataDir, spawnAlta } from './alta-process.mjs';
import { queueDraftChange, serverDraftIds, signedInAndSynced } from './support/sync';
import { expect, failing, networkCut, test } from './support/test';

// The test stops Alta for 20 s: the browser's requests fail meanwhile, on purpose.
test.use({ expectedFailures: failing(networkCut) });

// Issue 15 §3: Alta stops for 20 s and comes back while the browser says it is online all
// along. The device says "can't reach Alta" (not "offline"), and its pending change reaches
// the server within 10 s of its return. This spec runs its own server, on its own port and
// database, since it stops it.
const port = 4000 + Math.floor(Math.random() * 900);
const origin = `http://localhost:${port}`;
const dataDir = freshDataDir();
let server: ChildProcess | null = null;

test.use({ baseURL: origin, serviceWorkers: 'block' });

async function start() {
  const child = spawnAlta({ port, dataDir, stdio: ['ignore', 'ignore', 'pipe'] });
  server = child;
  // Its errors are kept, so a start that fails says why instead of waiting out the poll.
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2_000)));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`Alta exited while starting (${code ?? signal}):\n${errors}`))),
  );
  // Up when its health check answers (migrations and the demo data take a few seconds).
  const up = expect
    .poll(
      async () => {
        try {
          return (await fetch(`${origin}/api/v1/health`)).ok;
        } catch {
          return false;
        }
      },
      { timeout: 120_000, intervals: [200] },
    )
    .toBe(true);
  await Promise.race([up, exited]);
}

async function stop() {
  const exiting = server ? new Promise((resolve) => server!.once('exit', resolve)) : null;
  server?.kill('SIGTERM');
  await exiting;
  server = null;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await start();
});
test.afterAll(stop);

test('pending changes reach Alta within 10 s of its return after 20 s down, with the browser online throughout', async ({ page }) => {
  test.setTimeout(240_000);
  const { indicator, database } = await signedInAndSynced(page);

  await stop();
  const down = Date.now();
  const id = await queueDraftChange(page, database);
  await expect(indicator).toHaveAccessibleName("Sync status: Can't reach Alta");
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await indicator.click();
  const panel = page.getByRole('region', { name: 'Your changes' });
  await expect(panel).toContainText("This device is online, but Alta can't be reached right now");
  await expect(panel).toContainText('1 change is kept on this device');

  // Down for 20 s in all, then back on the same database.
  await page.waitForTimeout(Math.max(0, 20_000 - (Date.now() - down)));
  await start();
  const back = Date.now();
  await expect.poll(() => serverDraftIds(page), { timeout: 10_000, intervals: [250] }).toContain(id);
  expect(Date.now() - back).toBeLessThan(10_000);
  await expect(indicator).toHaveAccessibleName('Sync status: Saved');
});
