import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../test/accounts';
import { createTestApp, serveOverHttp, type TestApp } from '../test/harness';
import { bookkeepingDevice, FailoverClient, startAltaProcess, verifyExactlyOnce, type AltaProcess } from '../test/instances';
import { insertTestCompany, testTimestamp as at } from './test-fixtures';

/**
 * Two Alta instances on one PostgreSQL; devices push to the first, which is killed with
 * SIGKILL while they are pushing (issue 9 §6). Their requests fail over to the second: every
 * acknowledged mutation is stored exactly once, nothing unacknowledged is, and the second
 * instance keeps serving. The long, 200-user version is `npm run bench -- load`.
 */

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const secret = 'kill-instance-test-secret-0123456789abcdef';

describe.skipIf(!process.env.TEST_DATABASE_URL)('an instance killed mid-push', () => {
  let t: TestApp;
  let survivor: { base: string; close(): Promise<void> };
  let doomed: AltaProcess | undefined;

  beforeAll(async () => {
    t = await createTestApp({ SESSION_SECRET: secret, RATE_LIMIT_MULTIPLIER: '100' });
    survivor = await serveOverHttp(t.app);
  }, 120_000);
  afterAll(async () => {
    doomed?.kill();
    await survivor.close();
    await t.close();
  });

  it('loses and doubles nothing: the devices finish against the other instance', async () => {
    doomed = await startAltaProcess(await freePort(), {
      DATABASE_URL: t.databaseUrl!,
      SESSION_SECRET: secret,
      APP_URL: 'http://localhost:3000',
      RATE_LIMIT_MULTIPLIER: '100',
    });
    const devices = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const user = await createUser(t);
        const client = new FailoverClient([doomed!.url, survivor.base], await signIn(t, user.email));
        return { client, device: bookkeepingDevice(client, await insertTestCompany(t.database.db, user.id)) };
      }),
    );

    let pushes = 0;
    let killedAt: number | null = null;
    const afterKill = new Map<number, number>();
    await Promise.all(
      devices.map(async ({ device }, index) => {
        // Each device keeps pushing until the kill happened and it then pushed three more batches.
        while ((afterKill.get(index) ?? 0) < 3) {
          await device.push(1 + Math.floor(Math.random() * 20), at);
          pushes++;
          if (killedAt === null && pushes >= 12) {
            killedAt = pushes;
            doomed!.kill();
          } else if (killedAt !== null) {
            afterKill.set(index, (afterKill.get(index) ?? 0) + 1);
          }
        }
      }),
    );

    expect(doomed.child.signalCode).toBe('SIGKILL');
    expect(devices.reduce((sum, { client }) => sum + client.failovers, 0)).toBeGreaterThan(0);
    expect(devices.flatMap(({ device }) => device.rejections)).toEqual([]);
    const outcome = await verifyExactlyOnce(
      t.database.db,
      devices.map(({ device }) => device.expected()),
    );
    expect(outcome).toMatchObject({ lost: 0, doubled: 0, wrong: 0 });
    expect(outcome.mutations).toBeGreaterThan(50);
    expect((await fetch(`${survivor.base}/api/v1/health`)).status).toBe(200);
  }, 180_000);
});
