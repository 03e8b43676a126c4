import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';
import { storedSessionSecret } from './session-secret';
import { signAccessToken } from './tokens';

describe('the session secret', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is never the development value the source used to carry: a token signed with it is refused', async () => {
    const user = await createUser(t);
    const cookies = await signIn(t, user.email);
    const access = /accessToken=([^;]+)/.exec(cookies)![1]!;
    const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString('utf8')) as { fam: string };
    const forged = await signAccessToken('alta-development-secret-not-for-production', { sub: user.id, role: 'admin', fam: claims.fam }, t.clock.now);
    expect((await t.request('/api/v1/users/me', { cookies: `accessToken=${forged}` })).status).toBe(401);
    expect((await t.request('/api/v1/users/me', { cookies })).status).toBe(200);
  });

  describe('kept in DATA_DIR when SESSION_SECRET is unset', () => {
    const dataDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'alta-secret-')), 'data');

    it('is made once, random, readable by its owner only, and the same at the next start', () => {
      const dir = dataDir();
      const first = storedSessionSecret(dir);
      expect(first).toMatchObject({ created: true, file: path.resolve(dir, 'session-secret') });
      expect(first.secret).toMatch(/^[\w-]{43}$/);
      expect(statSync(first.file).mode & 0o777).toBe(0o600);
      expect(storedSessionSecret(dir)).toEqual({ ...first, created: false });
      expect(storedSessionSecret(dataDir()).secret).not.toBe(first.secret);
    });

    it('narrows a file others may read to its owner, and refuses one that holds no secret', () => {
      const dir = dataDir();
      const { file, secret } = storedSessionSecret(dir);
      chmodSync(file, 0o644);
      expect(storedSessionSecret(dir).secret).toBe(secret);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      writeFileSync(file, 'short');
      expect(() => storedSessionSecret(dir)).toThrow(/does not hold a session secret/);
      expect(readFileSync(file, 'utf8')).toBe('short');
    });
  });
});
