#!/usr/bin/env node
// Runs every suite Alta has and ends with one line summing them: `N passed, N failed`.
// typecheck, lint, format and dead code, and beside them the server tests on PostgreSQL (when
// TEST_DATABASE_URL is set, as in CI) → unit and server tests on PGlite → production build → bundle
// budget → browser tests in Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const out = '.test-results';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
// The names of failed tests are repeated in the summary, so the end of a long log says what failed.
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n━━ ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: result.status === 0, seconds };
}

function record(label, counts, seconds) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped ?? 0;
  lines.push(`${label}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''} (${seconds}s)`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Runs a command with its output held, and prints that output whole when it ends, so stages that
 * run at once do not interleave their lines.
 */
function runHeld(label, command, args, env = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // A command that cannot start fails its stage (its 'close' still follows).
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (status) => {
      console.log(`\n━━ ${label}: ${command} ${args.join(' ')}`);
      process.stdout.write(output);
      resolve({ ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    });
  });
}

/** A vitest run's results: counted from its JSON report, recorded by `recordVitest`. */
async function vitest(label, file, args, env) {
  const { ok, seconds } = await runHeld(label, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args], env);
  return { label, file, ok, seconds };
}

function recordVitest({ label, file, ok, seconds }) {
  const report = readJson(file);
  const counts = report
    ? {
        passed: report.numPassedTests,
        failed: report.numFailedTests + (ok || report.numFailedTests ? 0 : 1),
        skipped: report.numPendingTests + report.numTodoTests,
      }
    : { passed: 0, failed: 1 };
  record(label, counts, seconds);
  for (const file of report?.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    for (const test of file.assertionResults) if (test.status === 'failed') failures.push(`${label}: ${name} › ${test.fullName}`);
    if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'))
      failures.push(`${label}: ${name} (${file.message?.split('\n')[0] ?? 'failed to run'})`);
  }
}

function playwrightFailures(suite) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) if (test.status === 'unexpected') failures.push(`browser: ${spec.file}:${spec.line} › ${spec.title}`);
  }
  for (const child of suite.suites ?? []) playwrightFailures(child);
}

/** Checks that pass or fail as a whole (exit status 0 or not): one result each in the totals. */
async function checks(list) {
  return Promise.all(list.map(async ([label, command, args]) => ({ label, ...(await runHeld(label, command, args)) })));
}

function recordChecks(results) {
  for (const { label, ok, seconds } of results) {
    record(label, { passed: ok ? 1 : 0, failed: ok ? 0 : 1 }, seconds);
    if (!ok) failures.push(label);
  }
}

// What runs at once is chosen by what each stage leaves of the two cores: the four static checks
// keep to one thread each, the last of them (lint) runs alone for its last minute, and the tests on
// PostgreSQL wait on the database for much of their time (under one core of their own). The tests on
// PGlite keep both cores busy: they run alone after.
const [checked, postgres] = await Promise.all([
  checks([
    ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
    // Decision 058: lint, formatting and dead code at zero findings.
    ['lint', 'npx', ['eslint', '.']],
    ['format', 'npx', ['prettier', '--check', '.']],
    ['dead code (knip)', 'npx', ['knip']],
  ]),
  process.env.TEST_DATABASE_URL ? vitest('server (PostgreSQL)', `${out}/vitest-postgres.json`, ['server', 'sync', 'tests/integration']) : null,
]);
const pglite = await vitest('unit and server (PGlite)', `${out}/vitest-pglite.json`, [], { TEST_DATABASE_URL: '' });
recordChecks(checked);
recordVitest(pglite);
if (postgres) recordVitest(postgres);

const build = run('production build', 'npx', ['vite', 'build']);
record('production build', { passed: build.ok ? 1 : 0, failed: build.ok ? 0 : 1 }, build.seconds);

if (build.ok) {
  // Issue 35 §4: each page's initial JavaScript within its budget (scripts/bundle-budget.ts).
  const budget = run('bundle budget', 'npx', ['tsx', 'scripts/bundle-budget.ts'], { BUNDLE_BUDGET_REPORT: `${out}/bundle-budget.json` });
  const pages = readJson(`${out}/bundle-budget.json`);
  record('bundle budget', pages ? { passed: pages.passed, failed: pages.failed } : { passed: 0, failed: 1 }, budget.seconds);
  for (const page of pages?.over ?? []) failures.push(`bundle budget: ${page}`);

  const e2e = run('browser (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json`,
  });
  const report = readJson(`${out}/playwright.json`);
  const stats = report?.stats;
  for (const suite of report?.suites ?? []) playwrightFailures(suite);
  record(
    'browser (Chromium)',
    stats
      ? { passed: stats.expected + stats.flaky, failed: stats.unexpected + (e2e.ok || stats.unexpected ? 0 : 1), skipped: stats.skipped }
      : { passed: 0, failed: 1 },
    e2e.seconds,
  );
}

console.log('\n━━ Summary');
for (const line of lines) console.log(`  ${line}`);
if (totals.skipped) console.log(`  skipped in all: ${totals.skipped}`);
for (const failure of failures) console.log(`  failed: ${failure}`);
// The closing line keeps exactly this shape: CI reads it.
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
