// Starts Alta for the browser tests: the built client, a fresh embedded database, demo data.
import { freshDataDir, spawnAlta } from './alta-process.mjs';

const child = spawnAlta({ port: process.env.E2E_PORT ?? '3100', dataDir: freshDataDir() });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
