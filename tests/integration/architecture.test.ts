import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The import rules of docs/architecture.md ("What may import what"), checked on every source file.
type Layer = 'domain' | 'sync' | 'sync/client' | 'workers' | 'src' | 'server';
type Rule = 'yes' | 'no' | 'types';

const rules: Record<Layer, Record<Layer, Rule>> = {
  domain: { domain: 'yes', sync: 'no', 'sync/client': 'no', workers: 'no', src: 'no', server: 'no' },
  sync: { domain: 'yes', sync: 'yes', 'sync/client': 'no', workers: 'no', src: 'no', server: 'no' },
  'sync/client': { domain: 'yes', sync: 'yes', 'sync/client': 'yes', workers: 'types', src: 'no', server: 'no' },
  workers: { domain: 'yes', sync: 'yes', 'sync/client': 'yes', workers: 'yes', src: 'no', server: 'no' },
  // src reads the API's route types (server/api-schema.ts), never its code.
  src: { domain: 'yes', sync: 'yes', 'sync/client': 'yes', workers: 'types', src: 'yes', server: 'types' },
  server: { domain: 'yes', sync: 'yes', 'sync/client': 'no', workers: 'no', src: 'no', server: 'yes' },
};

const root = path.resolve(__dirname, '../..');

function layerOf(file: string): Layer | null {
  const relative = path.relative(root, file).split(path.sep);
  if (relative[0] === 'sync') return relative[1] === 'client' ? 'sync/client' : 'sync';
  return (['domain', 'workers', 'src', 'server'] as const).find((layer) => layer === relative[0]) ?? null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const importPattern = /^\s*(import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function resolveTarget(from: string, specifier: string): string | null {
  const alias = /^@(domain|sync|workers|server|src)\/(.*)$/.exec(specifier);
  if (alias) return path.join(root, alias[1]!, alias[2]!);
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  return null;
}

/** Every import of a file that breaks the table, as `file → specifier`. */
function violations(file: string): string[] {
  const from = layerOf(file);
  if (!from) return [];
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(importPattern)) {
    const typeOnly = Boolean(match[2]);
    const specifier = match[3] ?? match[4] ?? match[5]!;
    const target = resolveTarget(file, specifier.replace(/\?.*$/, ''));
    if (!target) continue;
    const to = layerOf(target);
    if (!to) continue;
    const rule = rules[from][to];
    // `workers/*.client.ts` are the main-thread side of a worker (comlink wrap, progress proxy,
    // cancel port): the UI may run them; everything else in workers/ runs inside workers.
    const workerClient = to === 'workers' && specifier.endsWith('.client');
    if (rule === 'no' || (rule === 'types' && !typeOnly && !specifier.endsWith('?worker') && !workerClient)) {
      found.push(`${path.relative(root, file)} → ${specifier}`);
    }
  }
  return found;
}

describe('architecture', () => {
  it('keeps the import rules between domain, sync, workers, src and server', () => {
    const files = ['domain', 'sync', 'workers', 'src', 'server'].flatMap((dir) => sourceFiles(path.join(root, dir)));
    expect(files.length).toBeGreaterThan(0);
    expect(files.flatMap(violations)).toEqual([]);
  });

  it('catches a forbidden import', () => {
    const fake = path.join(root, 'domain', 'fake.ts');
    const from = layerOf(fake)!;
    expect(rules[from][layerOf(path.join(root, 'server', 'app.ts'))!]).toBe('no');
  });

  it('keeps worker code out of the main thread: a workers/*.client.ts imports only types from the rest of workers/', () => {
    const clients = sourceFiles(path.join(root, 'workers')).filter((file) => file.endsWith('.client.ts'));
    const offenders = clients.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(importPattern)]
        .filter((match) => {
          const specifier = match[3] ?? match[4] ?? match[5]!;
          const target = resolveTarget(file, specifier);
          return target !== null && layerOf(target) === 'workers' && !match[2] && !specifier.endsWith('.client') && !specifier.endsWith('/cancel');
        })
        .map((match) => `${path.relative(root, file)} → ${match[3] ?? match[4] ?? match[5]}`),
    );
    expect(clients.length).toBeGreaterThan(0);
    expect(offenders).toEqual([]);
  });

  it('turns zod jitless first thing in the client entry and in every worker: their scripts carry a CSP without eval (decision 045)', () => {
    const entries = [path.join(root, 'src/main.tsx'), ...readdirSync(path.join(root, 'workers')).filter((name) => name.endsWith('.worker.ts')).map((name) => path.join(root, 'workers', name))];
    const firstImport = (file: string) => /^\s*import\s+(?:[^'";]*?from\s+)?['"]([^'"]+)['"]/m.exec(readFileSync(file, 'utf8'))?.[1];
    expect(entries.length).toBeGreaterThan(4);
    expect(entries.filter((file) => firstImport(file) !== '@domain/zod-jitless').map((file) => path.relative(root, file))).toEqual([]);
  });

  it('domain has no I/O', () => {
    const io = /from\s+['"](node:|fs|path|dexie|ky|pg|hono|drizzle-orm)/;
    // Its tests may read what the code made (a PDF through pdftotext); the code itself stays pure.
    const offenders = sourceFiles(path.join(root, 'domain')).filter((file) => !file.endsWith('.test.ts') && io.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
