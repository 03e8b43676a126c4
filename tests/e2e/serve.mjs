// Starts Alta for the browser tests: the built client, a fresh embedded database, demo data.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'alta-e2e-'));
const port = process.env.E2E_PORT ?? '3100';
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'development', PORT: port, DATA_DIR: dataDir, APP_URL: `http://localhost:${port}`, LOG_REQUESTS: '0', RATE_LIMIT_MULTIPLIER: '20', DATABASE_URL: '' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
