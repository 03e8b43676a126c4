import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

/** The file an import names, with the extension or index file the bundler would add, or null outside the tree. */
function resolveFile(from: string, specifier: string): string | null {
  const target = resolveTarget(from, specifier.replace(/\?.*$/, ''));
  if (!target) return null;
  return (
    [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts'), path.join(target, 'index.tsx')].find(
      (file) => existsSync(file) && statSync(file).isFile(),
    ) ?? null
  );
}

/** Every import of every file, type-only ones included: a circle of types still ties the modules together. */
function importGraph(files: string[], node: (file: string) => string | null): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = node(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const target = resolveFile(file, match[3] ?? match[4] ?? match[5]!);
      const to = target && node(target);
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The circles of a graph: its strongly connected components of more than one node (Tarjan), each sorted. */
function circles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

const featureOf = (file: string) => /^src\/features\/([^/]+)\//.exec(path.relative(root, file).split(path.sep).join('/'))?.[1] ?? null;
const serverModuleOf = (file: string) => {
  const relative = path.relative(root, file).split(path.sep).join('/');
  return relative.startsWith('server/') && !/\.test\.tsx?$/.test(relative) ? relative : null;
};

describe('architecture', () => {
  it('keeps the import rules between domain, sync, workers, src and server', () => {
    const files = ['domain', 'sync', 'workers', 'src', 'server'].flatMap((dir) => sourceFiles(path.join(root, dir)));
    expect(files.length).toBeGreaterThan(0);
    expect(files.flatMap(violations)).toEqual([]);
  });

  it('has no import circle between features: a feature builds on others, never on one that builds on it', () => {
    expect(circles(importGraph(sourceFiles(path.join(root, 'src/features')), featureOf))).toEqual([]);
  });

  it('has no import circle between server modules', () => {
    expect(circles(importGraph(sourceFiles(path.join(root, 'server')), serverModuleOf))).toEqual([]);
  });

  it('finds a circle, and only a circle', () => {
    const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([node, to]) => [node, new Set(to)]));
    expect(circles(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
    expect(circles(graph({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
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
    const entries = [
      path.join(root, 'src/main.tsx'),
      ...readdirSync(path.join(root, 'workers'))
        .filter((name) => name.endsWith('.worker.ts'))
        .map((name) => path.join(root, 'workers', name)),
    ];
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
