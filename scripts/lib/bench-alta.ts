// Alta's own server for a browser benchmark: the production build (dist/client) on an in-memory
// PGlite, served in this process on a free port, one account with a password, and Debian's
// Chromium. Shared by the benchmarks that measure Alta's pages against its real API.
import { serveApp } from '../../server/http-server';
import { chromium, type Page } from '@playwright/test';
import { createApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { openDatabase } from '../../server/db/client';
import { insertUser } from '../../server/db/queries/users';
import { parseEnv } from '../../server/env';

export async function startBenchAlta(label: string, envOverrides: Record<string, string> = {}) {
  const env = parseEnv({ NODE_ENV: 'test', LOG_REQUESTS: '0', PORT: '0', ...envOverrides });
  const database = await openDatabase({ dataDir: null });
  const app = createApp({ env, database, mailer: { send: async () => {} }, now: () => new Date() });
  const account = { email: `bench-${label}-${Date.now()}@alta.test`, password: 'Bench#2026' };
  const user = await insertUser(database.db, {
    email: account.email,
    firstName: 'Bench',
    lastName: label,
    language: 'en',
    passwordHash: await hashPassword(account.password),
    now: new Date(),
  });

  const server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  env.APP_URL = origin;

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

  return {
    database,
    origin,
    userId: user!.id,
    browser,
    /** Logs the account in on the English login page (the caller waits for what it needs next). */
    async logIn(page: Page) {
      await page.goto('/en/login');
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
    },
    async close() {
      await browser.close();
      server.close();
      await database.close();
    },
  };
}
