import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client';
import { bankLinks } from '../db/schema/bank-linking';
import { transactions } from '../db/schema/bookkeeping';
import { createPlaidBankLinking } from '../providers/bank-linking/plaid-bank-linking';
import { insertTestCompany } from '../sync/test-fixtures';
import { createUser } from '../test/accounts';
import { FakePlaid, fakePlaidAccounts, plaidTransaction } from '../test/fake-plaid';
import { createTestApp, type TestApp } from '../test/harness';
import { secondInstanceDatabase } from '../test/instances';
import { bankSyncIntervalMs, pagesPerStep, syncDueBankLinks, syncDueBankLinksOnce } from './bank-link-sync';

const checking = fakePlaidAccounts[0].account_id;
const lines = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    kind: 'added' as const,
    transaction: plaidTransaction({ id: `${prefix}${index}`, account: checking, amount: index + 1, date: '2026-10-05', name: `${prefix} ${index}` }),
  }));

/** A company whose bank was linked (as the exchange leaves it) with `count` lines waiting at the bank. */
async function linkedCompany(t: TestApp, plaid: FakePlaid, count: number) {
  const owner = await createUser(t);
  const companyId = await insertTestCompany(t.database.db, owner.id);
  const item = plaid.linkedItem(lines(companyId.slice(0, 8), count));
  const linkId = randomUUID();
  await t.database.db.insert(bankLinks).values({
    id: linkId,
    companyId,
    provider: 'plaid',
    itemId: item.itemId,
    accessToken: item.accessToken,
    institutionName: item.institutionName,
    createdAt: t.clock.now,
    updatedAt: t.clock.now,
    nextSyncAt: t.clock.now,
  });
  return { companyId, linkId, item };
}

const bookedCount = async (db: Db, companyId: string) =>
  (
    await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.companyId, companyId), eq(transactions.accountKind, 'linked')))
  ).length;

describe('scheduled bank sync', () => {
  const plaid = new FakePlaid();
  let t: TestApp;
  const deps = () => ({
    db: t.database.db,
    provider: createPlaidBankLinking({ clientId: plaid.clientId, secret: plaid.secret, baseUrl: plaid.baseUrl }),
    now: () => t.clock.now,
  });
  beforeAll(async () => {
    await plaid.start();
    t = await createTestApp();
    t.clock.now = new Date('2026-11-22T08:00:00Z');
  });
  afterAll(async () => {
    await t.close();
    await plaid.stop();
  });

  it('pulls each due link once per interval, and a long history in bounded steps behind the other companies', async () => {
    const big = await linkedCompany(t, plaid, 1100);
    const small = await linkedCompany(t, plaid, 3);
    const locked = await linkedCompany(t, plaid, 1);
    await t.database.db.update(bankLinks).set({ status: 'login_required' }).where(eq(bankLinks.id, locked.linkId));

    // Round one: both active links get one step; the big history stops after its pages.
    expect(await syncDueBankLinksOnce(deps())).toMatchObject({ claimed: 2, synced: 1, continued: 1 });
    expect(await bookedCount(t.database.db, small.companyId)).toBe(3);
    expect(await bookedCount(t.database.db, big.companyId)).toBe(pagesPerStep * 500);
    // A link waiting for its owner to sign in again is left alone.
    expect(await bookedCount(t.database.db, locked.companyId)).toBe(0);

    // The big one goes on in the next round, from where its first step stopped.
    expect(await syncDueBankLinks(deps())).toMatchObject({ claimed: 1, synced: 1, continued: 0 });
    expect(await bookedCount(t.database.db, big.companyId)).toBe(1100);

    // Nothing is due again before the interval; then new lines arrive with the next pull.
    big.item.changes.push(...lines('late', 2));
    expect(await syncDueBankLinks(deps())).toMatchObject({ claimed: 0 });
    t.clock.advance(bankSyncIntervalMs);
    expect(await syncDueBankLinks(deps())).toMatchObject({ claimed: 2, synced: 2 });
    expect(await bookedCount(t.database.db, big.companyId)).toBe(1102);
  });

  it('records a bank’s refusal on the link and stops pulling it until the owner signs in again', async () => {
    const company = await linkedCompany(t, plaid, 1);
    company.item.error = 'ITEM_LOGIN_REQUIRED';
    expect(await syncDueBankLinks(deps())).toMatchObject({ claimed: 1, failed: 1 });
    const [link] = await t.database.db.select().from(bankLinks).where(eq(bankLinks.id, company.linkId));
    expect(link).toMatchObject({ status: 'login_required', errorCode: 'ITEM_LOGIN_REQUIRED' });
    t.clock.advance(bankSyncIntervalMs);
    const again = await syncDueBankLinks(deps());
    expect(plaid.requests.filter((request) => request.body.access_token === company.item.accessToken)).toHaveLength(1);
    expect(again.failed).toBe(0);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('scheduled bank sync on two instances sharing one PostgreSQL', () => {
  const plaid = new FakePlaid();
  let t: TestApp;
  let secondDatabase: Database;
  const companies: Awaited<ReturnType<typeof linkedCompany>>[] = [];
  beforeAll(async () => {
    await plaid.start();
    t = await createTestApp();
    t.clock.now = new Date('2026-11-22T08:00:00Z');
    secondDatabase = await secondInstanceDatabase(t, url!);
    for (let index = 0; index < 30; index += 1) companies.push(await linkedCompany(t, plaid, index === 0 ? 1500 : 2));
  });
  afterAll(async () => {
    await secondDatabase?.close();
    await t?.close();
    await plaid.stop();
  });

  it('claims each due link exactly once when both instances run the schedule at the same time', async () => {
    const provider = createPlaidBankLinking({ clientId: plaid.clientId, secret: plaid.secret, baseUrl: plaid.baseUrl });
    const on = (database: Database) => ({ db: database.db, provider, now: () => t.clock.now });
    const runs = await Promise.all([
      syncDueBankLinks(on(t.database)),
      syncDueBankLinks(on(secondDatabase)),
      syncDueBankLinks(on(t.database)),
      syncDueBankLinks(on(secondDatabase)),
    ]);
    // 30 links, and the long history's second step: every claim was one instance's alone.
    expect(runs.reduce((sum, run) => sum + run.claimed, 0)).toBe(31);
    expect(runs.reduce((sum, run) => sum + run.busy + run.failed, 0)).toBe(0);
    for (const company of companies) {
      const syncs = plaid.requests.filter((request) => request.path === '/transactions/sync' && request.body.access_token === company.item.accessToken);
      // One request per page: three of 500 lines for the long history, one for the others.
      expect(syncs).toHaveLength(company === companies[0] ? 3 : 1);
      expect(await bookedCount(t.database.db, company.companyId)).toBe(company === companies[0] ? 1500 : 2);
    }
  });
});
