import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../context';
import type { Database } from '../db/client';
import type { MailMessage } from '../providers/mail/mailer';
import { insertTestCompany } from '../sync/test-fixtures';
import { createUser } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';
import { secondInstanceDatabase } from '../test/instances';
import { renewalReminderClaimMs, sendRenewalReminders } from './renewal-reminders';

/** An LLC of `ownerId` formed on `constitutionDate` in Wyoming (due on the anniversary), Standard plan. */
async function company(t: TestApp, ownerId: string, name: string, constitutionDate: string) {
  const id = await insertTestCompany(t.database.db, ownerId);
  await t.database.db.execute(
    sql`update companies set name_option_1 = ${name}, plan = 'standard', state = 'WY', constitution_date = ${constitutionDate} where id = ${id}`,
  );
  return id;
}

const depsOf = (t: TestApp, database: Database, mails: MailMessage[]): AppDeps => ({
  env: t.env,
  database,
  mailer: { send: async (message) => void mails.push(message) },
  now: () => t.clock.now,
});

describe('renewal reminder mails', () => {
  let t: TestApp;
  const mails: MailMessage[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = new Date('2026-11-22T08:00:00Z');
    const owner = await createUser(t, { firstName: 'Lucía', language: 'pt' });
    await company(t, owner.id, 'Pending LLC', '2025-12-15');
    await company(t, owner.id, 'Overdue LLC', '2025-10-01');
    await company(t, owner.id, 'Young LLC', '2026-06-01');
  });
  afterAll(() => t.close());

  it('mails the owner once per company and stage, in the owner’s language', async () => {
    expect(await sendRenewalReminders(depsOf(t, t.database, mails))).toEqual({ sent: 2 });
    expect(mails.map((mail) => mail.subject).sort()).toEqual(['Overdue LLC: renovação vencida', 'Pending LLC: a renovação vence em breve']);
    expect(mails.find((mail) => mail.subject.startsWith('Pending'))?.text).toContain('15 de dezembro de 2026');
    expect(await sendRenewalReminders(depsOf(t, t.database, mails))).toEqual({ sent: 0 });
  });

  it('sends the overdue reminder once the pending renewal passes its date', async () => {
    t.clock.advance(30 * 24 * 60 * 60 * 1000);
    expect(await sendRenewalReminders(depsOf(t, t.database, mails))).toEqual({ sent: 1 });
    expect(mails.at(-1)?.subject).toBe('Pending LLC: renovação vencida');
  });

  it('takes over a claim whose mail never went out (an instance died mid-way)', async () => {
    const failing: AppDeps = { ...depsOf(t, t.database, mails), mailer: { send: async () => Promise.reject(new Error('smtp down')) } };
    const owner = await createUser(t);
    await company(t, owner.id, 'Late LLC', '2025-12-01');
    await expect(sendRenewalReminders(failing)).rejects.toThrow('smtp down');
    expect(await sendRenewalReminders(depsOf(t, t.database, mails))).toEqual({ sent: 0 });
    t.clock.advance(renewalReminderClaimMs + 1000);
    // The claim is judged by the database rows' own times, which follow the test clock.
    expect(await sendRenewalReminders(depsOf(t, t.database, mails))).toEqual({ sent: 1 });
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('renewal reminders on two instances sharing one PostgreSQL', () => {
  let t: TestApp;
  let secondDatabase: Database;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = new Date('2026-11-22T08:00:00Z');
    secondDatabase = await secondInstanceDatabase(t, url!);
    for (let index = 0; index < 40; index += 1) {
      const owner = await createUser(t);
      await company(t, owner.id, `Company ${index}`, index % 2 === 0 ? '2025-12-15' : '2025-10-01');
    }
  });
  afterAll(async () => {
    await secondDatabase?.close();
    await t?.close();
  });

  it('sends each reminder exactly once when both instances run the job at the same time', async () => {
    const mails: MailMessage[] = [];
    const runs = await Promise.all([
      sendRenewalReminders(depsOf(t, t.database, mails)),
      sendRenewalReminders(depsOf(t, secondDatabase, mails)),
      sendRenewalReminders(depsOf(t, t.database, mails)),
      sendRenewalReminders(depsOf(t, secondDatabase, mails)),
    ]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(40);
    expect(mails).toHaveLength(40);
    expect(new Set(mails.map((mail) => `${mail.to} ${mail.subject}`)).size).toBe(40);
  });
});
