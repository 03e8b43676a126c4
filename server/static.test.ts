import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { inlineStyleHashes } from './static';
import { createTestApp, type TestApp } from './test/harness';

/**
 * The built client as the server sees it (decision 013): a pre-rendered page carries its
 * stylesheets inline, and the CSP served with it allows exactly those texts by hash.
 */

const globalCss = 'body{margin:0;background:#f4f1ea}';
const pageCss = "._title_x1{font-size:2rem}a[href$='.pdf']{color:teal}";
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The directive's sources, e.g. `style-src` (not `style-src-attr`). */
function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name);
  return found ? found.slice(1) : [];
}

function writeClient(root: string, hashes: unknown) {
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'es', 'faq'), { recursive: true });
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><link rel="stylesheet" href="/assets/index-a1.css"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(root, 'assets', 'index-a1.css'), globalCss);
  writeFileSync(path.join(root, 'assets', 'index-a1.js'), 'export {};');
  writeFileSync(
    path.join(root, 'es', 'faq', 'index.html'),
    `<!doctype html><html lang="es"><head><style>${globalCss}</style><link rel="stylesheet" href="/assets/index-a1.css" disabled><style>${pageCss}</style></head><body><div id="root"><h1 class="_title_x1" style="--x:1">FAQ</h1></div></body></html>`,
  );
  if (hashes !== undefined) writeFileSync(path.join(root, 'csp-hashes.json'), JSON.stringify(hashes));
}

describe('pre-rendered pages and their CSP', () => {
  let t: TestApp;
  let root: string;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    t = await createTestApp();
    root = mkdtempSync(path.join(tmpdir(), 'alta-client-'));
    writeClient(root, { styleSrc: [hashOf(globalCss), hashOf(pageCss)] });
    app = createApp({ env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now }, { clientRoot: root });
  });
  afterAll(async () => {
    rmSync(root, { recursive: true, force: true });
    await t.close();
  });

  it('allows every inline style of the page by its hash, and nothing inline otherwise', async () => {
    const response = await app.request('/es/faq');
    expect(response.status).toBe(200);
    const html = await response.text();
    const csp = response.headers.get('content-security-policy') ?? '';
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
    expect(styles).toHaveLength(2);
    const styleSrc = directive(csp, 'style-src');
    for (const text of styles) expect(styleSrc).toContain(hashOf(text));
    expect(styleSrc).toContain("'self'");
    expect(styleSrc).not.toContain("'unsafe-inline'");
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-eval'");
    // React's style attributes are the one inline allowance, in their own directive.
    expect(directive(csp, 'style-src-attr')).toEqual(["'unsafe-inline'"]);
  });

  it('keeps the SPA shell on its external stylesheet', async () => {
    const response = await app.request('/es/dashboard');
    const html = await response.text();
    expect(html).toContain('<link rel="stylesheet" href="/assets/index-a1.css">');
    expect(html).not.toContain('<style>');
  });

  it('leaves the hashes out of scripts, stylesheets and API answers, which cannot carry inline styles', async () => {
    for (const url of ['/assets/index-a1.js', '/assets/index-a1.css', '/api/v1/health']) {
      const csp = (await app.request(url)).headers.get('content-security-policy') ?? '';
      expect(directive(csp, 'style-src'), url).toEqual(["'self'"]);
    }
  });

  it('reads no hashes without a build, and refuses a malformed hashes file', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'alta-client-'));
    const broken = mkdtempSync(path.join(tmpdir(), 'alta-client-'));
    try {
      expect(inlineStyleHashes(empty)).toEqual([]);
      writeClient(broken, { styleSrc: ["'unsafe-inline'"] });
      expect(() => inlineStyleHashes(broken)).toThrow(/sha256/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
