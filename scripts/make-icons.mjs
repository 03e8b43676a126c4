// Renders Alta's PWA icons from public/icons/logo.svg with Debian's Chromium (no downloads).
// Run once after changing the logo: node scripts/make-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const svg = readFileSync('public/icons/logo.svg', 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();

async function render(file, size, { maskable = false } = {}) {
  await page.setViewportSize({ width: size, height: size });
  // Maskable icons fill the square and keep the mark inside the 80 % safe zone.
  const inner = maskable
    ? svg.replace('rx="112"', 'rx="0"').replace('<path', '<g transform="translate(64 64) scale(0.75)"><path').replace('</svg>', '</g></svg>')
    : svg;
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${inner.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  writeFileSync(file, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
}

await render('public/icons/icon-192.png', 192);
await render('public/icons/icon-512.png', 512);
await render('public/icons/maskable-512.png', 512, { maskable: true });
await render('public/icons/apple-touch-icon.png', 180, { maskable: true });
await render('public/favicon.png', 48);
await browser.close();
