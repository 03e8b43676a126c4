import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureAdmin } from '../seed';
import { insertTestCompany } from '../sync/test-fixtures';
import { createUser, signIn } from './accounts';
import { createTestApp, type TestApp } from './harness';

type UserFields = Parameters<typeof createUser>[1];

export interface CompanyPeople {
  t: TestApp;
  companyId: string;
  /** Session cookies of the company's owner, a teammate of it, someone unrelated, and staff. */
  owner: string;
  teammate: string;
  stranger: string;
  admin: string;
  /** Closes the app and deletes its files. */
  close(): Promise<void>;
}

/**
 * The people of a company's files (documents, mail scans) on a test app whose uploads go to a
 * throw-away folder: an owner and a teammate of one company, a stranger and the admin, each
 * signed in. `owner` and `teammate` set their accounts' fields (language, first name).
 */
export async function companyPeople(label: string, fields: { owner?: UserFields; teammate?: UserFields } = {}): Promise<CompanyPeople> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `alta-${label}-`));
  const t = await createTestApp({ DATA_DIR: dataDir });
  await ensureAdmin({ env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now });
  const [owner, teammate, stranger] = [await createUser(t, fields.owner), await createUser(t, fields.teammate), await createUser(t)];
  const companyId = await insertTestCompany(t.database.db, owner.id, [teammate.id]);
  return {
    t,
    companyId,
    owner: await signIn(t, owner.email),
    teammate: await signIn(t, teammate.email),
    stranger: await signIn(t, stranger.email),
    admin: await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD),
    async close() {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
