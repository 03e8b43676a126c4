import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import type { MailMessage } from '../providers/mail/mailer';
import { createUser } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';
import { sendDeadlineReminders } from './deadline-reminders';
import { mailsOfOverlappingRuns, secondInstanceDatabase } from '../test/instances';

/**
 * The calendar reminder job: a mail in the owner's language 30, 7 and 1 days before a
 * deadline, each once, and exactly once even when two instances run at the same moment on one
 * PostgreSQL.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A Texas LLC formed in 2025 with no plan (no renewal) and a US owner (no federal return): its one deadline is the franchise tax report of 15 May. */
async function texasCompany(name: string, language: 'es' | 'en' | 'pt' = 'en') {
  const owner = await createUser(t, { language });
  const id = randomUUID();
  await t.database.db.execute(
    sql`insert into companies (id, owner_id, type, name_option_1, state, status, constitution_date) values (${id}, ${owner.id}, 'LLC', ${name}, 'TX', 'Completed', '2025-06-01')`,
  );
  await t.database.db
    .execute(sql`insert into partners (company_id, position, first_name, last_name, ownership, is_director, address_line_1, city, state_or_province, country, postal_code)
    values (${id}, 0, 'Ann', 'Lee', 100, true, '1 Main St', 'Austin', 'TX', 'US', '78701')`);
  return { id, owner, name };
}

const run = (mails: MailMessage[], now: Date, database: Database = t.database) =>
  sendDeadlineReminders({ database, env: t.env, now: () => now, mailer: { send: async (message) => void mails.push(message) } });

describe('deadline reminders', () => {
  it('mails the owner 30, 7 and 1 days before, each once, in their language', async () => {
    const company = await texasCompany(`Lone ${randomUUID().slice(0, 6)} LLC`, 'es');
    const mails: MailMessage[] = [];
    const mine = () => mails.filter((mail) => mail.to === company.owner.email);
    await run(mails, new Date('2026-04-14T09:00:00Z'));
    expect(mine()).toEqual([]);
    await run(mails, new Date('2026-04-15T09:00:00Z'));
    await run(mails, new Date('2026-04-15T10:00:00Z'));
    await run(mails, new Date('2026-04-20T10:00:00Z'));
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.subject).toBe(`${company.name}: Informe de franchise tax de Texas vence el 15 de mayo de 2026`);
    expect(mine()[0]!.text).toContain(`${company.name}: Informe de franchise tax de Texas, vence el 15 de mayo de 2026.`);
    await run(mails, new Date('2026-05-08T09:00:00Z'));
    await run(mails, new Date('2026-05-09T09:00:00Z'));
    expect(mine()).toHaveLength(2);
    await run(mails, new Date('2026-05-14T09:00:00Z'));
    await run(mails, new Date('2026-05-14T10:00:00Z'));
    expect(mine()).toHaveLength(3);
  });

  it('keeps no record when the mail fails, so the next run sends it', async () => {
    const company = await texasCompany(`Flaky ${randomUUID().slice(0, 6)} LLC`);
    const now = new Date('2027-05-10T09:00:00Z');
    await sendDeadlineReminders({ database: t.database, env: t.env, now: () => now, mailer: { send: async () => Promise.reject(new Error('smtp down')) } });
    const mails: MailMessage[] = [];
    await run(mails, now);
    expect(mails.filter((mail) => mail.to === company.owner.email)).toHaveLength(1);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('deadline reminders on two instances sharing one PostgreSQL', () => {
  let second: Database;
  beforeAll(async () => {
    second = await secondInstanceDatabase(t, url!);
  });
  afterAll(() => second?.close());

  it('sends each reminder exactly once when both run at the same moment', async () => {
    const companies = await Promise.all([1, 2, 3, 4, 5].map((n) => texasCompany(`Twin ${n} ${randomUUID().slice(0, 6)} LLC`)));
    const emails = new Set(companies.map((company) => company.owner.email));
    const now = new Date('2028-05-12T09:00:00Z');
    const mails = await mailsOfOverlappingRuns(t, second, (database, mailer) => sendDeadlineReminders({ database, env: t.env, now: () => now, mailer }));
    const ours = mails.filter((mail) => emails.has(mail.to));
    expect(ours).toHaveLength(5);
    expect(new Set(ours.map((mail) => mail.to)).size).toBe(5);
  });
});
