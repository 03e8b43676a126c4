import { defineConfig } from '@playwright/test';

// A port per run (workers inherit it from the main process), so runs never collide.
process.env.E2E_PORT ??= String(3100 + Math.floor(Math.random() * 800));
const port = Number(process.env.E2E_PORT);

// Chromium 156 opens two pages of its own in every new window, so in every browser context: the
// address bar's suggestion popup and its AI-mode popup, each a WebUI page in a renderer of its own.
// Nobody types in an address bar here, and they cost about a third of the CPU of each test page's
// start (a context opening the bookkeeping list: 10.8 → 7.0 CPU-s; decision 103). Chromium keeps
// only the last `--disable-features` it is given, so this one repeats Playwright's own list
// (playwright-core's `chromiumSwitches`) before adding the two; `chromium-flags.spec.ts` fails when an
// upgrade of Playwright changes that list, or when a popup page opens anyway.
const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
const disabledFeatures = [...playwrightDisabledFeatures, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

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
        `--disable-features=${disabledFeatures.join(',')}`,
      ],
    },
    // A trace is recorded on a failed test's first retry (CI retries twice; run with `--trace on`
    // to record one locally). Recording every test, as before, kept the compositor drawing frames
    // for its screenshots and copied the DOM at each step: 12 tests took 2.2 min with it, 1.5 without.
    trace: 'on-first-retry',
    // Pages run as for a person who asked for reduced motion (the app's CSS then ends every
    // animation and transition at once). Painting them in software on two cores, and clicks waiting
    // for them to settle, made the browser tests a fifth longer (42.7 min, 35.3 without). The
    // specs about the 300 ms closing animation opt back in (`reducedMotion: 'no-preference'`).
    reducedMotion: 'reduce',
  },
  webServer: {
    command: 'node tests/e2e/serve.mjs',
    url: `http://localhost:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { E2E_PORT: String(port) },
  },
});
