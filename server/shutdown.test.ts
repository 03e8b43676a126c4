import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { users } from './db/schema/users';

/**
 * Graceful shutdown of the real server process (server/main.ts) on SIGTERM: it stops
 * accepting connections, lets the request in flight finish, then closes the database and
 * exits 0. Every step waits on something the server says or does, never on a delay.
 */
let dataDir: string;
let child: ChildProcess;
let output = '';
let port = 0;

/** Resolves once the server's output matches `pattern`. */
function outputMatching(pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(output);
      if (match) {
        child.stdout!.off('data', check);
        child.off('exit', exited);
        resolve(match);
      }
    };
    const exited = (code: number | null) => reject(new Error(`server exited (${code}) before printing ${pattern}:\n${output}`));
    child.stdout!.on('data', check);
    child.once('exit', exited);
    check();
  });
}

function rawConnection(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'alta-shutdown-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_REQUESTS: '0',
      APP_URL: 'http://localhost:3000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  port = Number((await outputMatching(/listening on [^\s]+:(\d+)/))[1]);
}, 180_000);

afterAll(async () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('stops accepting, finishes the request in flight, closes the database, exits 0', async () => {
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong#2026' });
    const socket = await rawConnection();
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // "Expect: 100-continue" makes the server say when it has taken the request: from then on
    // the request is in flight, waiting for its body.
    socket.write(
      `POST /api/v1/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    await new Promise<void>((resolve) => {
      const check = () => {
        if (answer.includes('100 Continue')) {
          socket.off('data', check);
          resolve();
        }
      };
      socket.on('data', check);
      check();
    });

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    await outputMatching(/SIGTERM: finishing open requests/);

    // No new connection is accepted any more (the message can reach us a moment before the
    // listening socket is closed, so an early connection is dropped and the check repeated)…
    await expect
      .poll(
        async () => {
          try {
            (await rawConnection()).destroy();
            return 'accepted';
          } catch (error) {
            return (error as NodeJS.ErrnoException).code;
          }
        },
        { timeout: 10_000 },
      )
      .toBe('ECONNREFUSED');
    // …but the request in flight gets its whole answer.
    socket.write(body);
    await ended;
    // A wrong password: answered whole, as 401.
    expect(answer).toMatch(/HTTP\/1\.1 401 /);
    expect(answer).toContain('"code":"invalid_credentials"');

    expect(await exited).toBe(0);
    // Closed cleanly: the embedded database opens again and holds what the server wrote.
    const database = await openDatabase({ dataDir });
    try {
      expect((await database.db.select({ email: users.email }).from(users)).length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 60_000);
});
