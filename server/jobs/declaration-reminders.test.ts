import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import type { MailMessage } from '../providers/mail/mailer';
import { createUser } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';
import { sendDeclarationReminders } from './declaration-reminders';
import { mailsOfOverlappingRuns, secondInstanceDatabase } from '../test/instances';

/**
 * The declaration reminder job: a mail in the owner's language 30 and 7 days before the
 * deadline, none for a declaration already sent, and exactly one per company, deadline and
 * step even when two instances run the job at the same moment on one PostgreSQL.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function soloCompany(name: string) {
  const owner = await createUser(t, { language: 'pt', firstName: 'Ana' });
  const id = randomUUID();
  // Formed in 2024: it owes the 2025 return (a company not formed yet owes none).
  await t.database.db.execute(
    sql`insert into companies (id, owner_id, type, name_option_1, constitution_date) values (${id}, ${owner.id}, 'LLC', ${name}, '2024-03-01')`,
  );
  await t.database.db
    .execute(sql`insert into partners (company_id, position, first_name, last_name, ownership, is_director, address_line_1, city, state_or_province, country, postal_code)
    values (${id}, 0, 'Ana', 'Souza', 100, true, 'Rua Augusta 100', 'São Paulo', 'SP', 'BR', '01305-000')`);
  return { id, owner, name };
}

const run = (mails: MailMessage[], now: Date, database: Database = t.database) =>
  sendDeclarationReminders({ database, env: t.env, now: () => now, mailer: { send: async (message) => void mails.push(message) } });

describe('declaration reminders', () => {
  it('mails the owner 30 days before, once, then 7 days before, in their language; nothing once sent', async () => {
    const company = await soloCompany(`Reminder ${randomUUID().slice(0, 6)} LLC`);
    const mails: MailMessage[] = [];
    // 15 April 2026 is the deadline: 16 March is 30 days before.
    await run(mails, new Date('2026-03-10T09:00:00Z'));
    expect(mails.filter((mail) => mail.to === company.owner.email)).toEqual([]);
    await run(mails, new Date('2026-03-16T09:00:00Z'));
    await run(mails, new Date('2026-03-20T09:00:00Z'));
    const mine = () => mails.filter((mail) => mail.to === company.owner.email);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.subject).toBe(`Faltam 30 dias para a declaração de ${company.name} no IRS`);
    expect(mine()[0]!.text).toContain('15 de abril de 2026');
    expect(mine()[0]!.text).toContain('Form 5472 + pro forma Form 1120');
    await run(mails, new Date('2026-04-09T09:00:00Z'));
    expect(mine()).toHaveLength(2);
    expect(mine()[1]!.subject).toContain('Faltam 6 dias');

    const sentCompany = await soloCompany(`Sent ${randomUUID().slice(0, 6)} LLC`);
    await t.database.db.execute(sql`insert into declarations (company_id, year, sent_at) values (${sentCompany.id}, 2025, now())`);
    await run(mails, new Date('2026-04-10T09:00:00Z'));
    expect(mails.filter((mail) => mail.to === sentCompany.owner.email)).toEqual([]);
  });

  it('keeps no record when the mail fails, so the next run sends it', async () => {
    const company = await soloCompany(`Flaky ${randomUUID().slice(0, 6)} LLC`);
    const now = new Date('2026-04-12T09:00:00Z');
    expect(
      await sendDeclarationReminders({
        database: t.database,
        env: t.env,
        now: () => now,
        mailer: { send: async () => Promise.reject(new Error('smtp down')) },
      }),
    ).toBe(0);
    const mails: MailMessage[] = [];
    await run(mails, now);
    expect(mails.filter((mail) => mail.to === company.owner.email)).toHaveLength(1);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('declaration reminders on two instances sharing one PostgreSQL', () => {
  let second: Database;
  beforeAll(async () => {
    second = await secondInstanceDatabase(t, url!);
  });
  afterAll(() => second?.close());

  it('sends each reminder exactly once when both run at the same moment', async () => {
    const companies = await Promise.all([1, 2, 3, 4, 5].map((n) => soloCompany(`Twin ${n} ${randomUUID().slice(0, 6)} LLC`)));
    const emails = new Set(companies.map((company) => company.owner.email));
    const now = new Date('2026-04-11T09:00:00Z');
    const mails = await mailsOfOverlappingRuns(t, second, (database, mailer) => sendDeclarationReminders({ database, env: t.env, now: () => now, mailer }));
    const ours = mails.filter((mail) => emails.has(mail.to));
    expect(ours).toHaveLength(5);
    expect(new Set(ours.map((mail) => mail.to)).size).toBe(5);
  });
});
