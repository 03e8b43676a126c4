import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Manifest } from 'vite';

/**
 * What the service worker installs at once and what it fetches after (decision 018).
 *
 * The installed app is the SPA shell and every chunk reachable from it (signed-in, admin and
 * guest screens, every language's catalogs, fonts, icons): that is precached, so the first
 * session works offline as soon as the worker has taken control. The public site's screens
 * (route modules under `src/app/routes/public/`, the articles and legal pages they import, and
 * the starter of the pre-rendered pages) are listed in `warmUrlsFile` instead: the page warms
 * them into the runtime cache once the worker controls it. Pre-rendered HTML is not cached by
 * the worker at all: every navigation it answers gets the shell, which renders any page.
 */

/** The list of files the page warms after the worker took control, beside `sw.js`. */
export const warmUrlsFile = 'precache-later.json';

const laterRoots = /^src\/app\/routes\/public\//;
const prerenderedPage = /\/index\.html$/;

/** Every output file the SPA shell can load without going through a public-site screen. */
export function appFiles(manifest: Manifest, entry = 'index.html'): Set<string> {
  const files = new Set<string>();
  const visited = new Set<string>();
  const visit = (key: string) => {
    if (visited.has(key) || laterRoots.test(key)) return;
    visited.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(entry);
  return files;
}

interface ManifestEntry {
  url: string;
}

/** Splits workbox's file list into the app's precache and the public site's warm list. */
export function splitPrecache<T extends ManifestEntry>(entries: T[], app: Set<string>): { precache: T[]; later: string[] } {
  const precache: T[] = [];
  const later: string[] = [];
  for (const entry of entries) {
    if (prerenderedPage.test(entry.url)) continue;
    if (entry.url.startsWith('assets/') && !app.has(entry.url)) later.push(`/${entry.url}`);
    else precache.push(entry);
  }
  return { precache, later };
}

/** Workbox `manifestTransforms` step for a client built into `outDir`: returns the lean precache and writes the warm list. */
export function appFirstPrecache(outDir: string) {
  return async <T extends ManifestEntry>(entries: T[]) => {
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const { precache, later } = splitPrecache(entries, appFiles(manifest));
    writeFileSync(path.join(outDir, warmUrlsFile), JSON.stringify(later));
    return { manifest: precache, warnings: [] };
  };
}
