#!/usr/bin/env node
// `npm run bench`: runs every benchmark in scripts/bench-*.mjs one after the other and prints
// their figures. Benchmarks measure; they never fail a build (tests assert behaviour).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const only = process.argv.slice(2);
if (!existsSync('dist/client/index.html') || process.env.BENCH_REBUILD === '1') {
  spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
const benches = readdirSync('scripts')
  .filter((file) => /^bench-.+\.(mjs|ts)$/.test(file))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();
for (const file of benches) {
  console.log(`\n━━ ${file}`);
  const runner = file.endsWith('.ts') ? ['npx', ['tsx', `scripts/${file}`]] : ['node', [`scripts/${file}`]];
  const result = spawnSync(runner[0], runner[1], { stdio: 'inherit' });
  if (result.status !== 0) console.log(`(${file} exited with ${result.status})`);
}
