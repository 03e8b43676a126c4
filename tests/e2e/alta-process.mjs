// Alta's server as a child process for the browser tests: the built client, a fresh or given embedded database, demo data.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A new empty data directory for the embedded database. */
export const freshDataDir = () => mkdtempSync(path.join(tmpdir(), 'alta-e2e-'));

/** Starts Alta on `port` with its database in `dataDir`; `env` adds or overrides variables. */
export function spawnAlta({ port, dataDir, stdio = 'inherit', env = {} }) {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: `http://localhost:${port}`,
      LOG_REQUESTS: '0',
      RATE_LIMIT_MULTIPLIER: '20',
      DATABASE_URL: '',
      ...env,
    },
  });
}
