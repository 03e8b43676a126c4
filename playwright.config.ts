import { defineConfig } from '@playwright/test';

// A port per run (workers inherit it from the main process), so runs never collide.
process.env.E2E_PORT ??= String(3100 + Math.floor(Math.random() * 800));
const port = Number(process.env.E2E_PORT);

// Browser tests run against the production build served by Alta's own server on a fresh
// embedded database, in Debian's Chromium: no browser is ever downloaded.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 2 : 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node tests/e2e/serve.mjs',
    url: `http://localhost:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { E2E_PORT: String(port) },
  },
});
