// A benchmark page in headless Chromium: builds `tests/bench/<name>.html` (and its workers)
// with Vite into dist/bench-<name>, serves it on a free port and opens it once it says
// `ready`. Shared by the browser benchmarks that need no Alta server.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const alias = Object.fromEntries(['domain', 'sync', 'workers', 'server', 'src'].map((folder) => [`@${folder}`, path.join(root, folder)]));
const types = { '.html': 'text/html', '.js': 'text/javascript', '.map': 'application/json' };

/** Opens the page; `close()` ends the browser and the server. */
export async function openBenchPage(name) {
  const outDir = path.join(root, `dist/bench-${name}`);
  await build({
    configFile: false,
    root: path.join(root, 'tests/bench'),
    base: './',
    logLevel: 'warn',
    resolve: { alias },
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, rollupOptions: { input: path.join(root, `tests/bench/${name}.html`) } },
  });
  const server = createServer((request, response) => {
    const file = path.join(outDir, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(outDir) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') console.error('page:', message.text());
  });
  await page.goto(`http://127.0.0.1:${port}/${name}.html`);
  await page.waitForFunction(() => document.getElementById('state')?.textContent === 'ready');
  return {
    page,
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}
