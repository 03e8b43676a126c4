import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankLinkSchema, syncResultSchema, type BankLink } from '@domain/bank-linking';
import { protocolVersion } from '@sync/protocol';
import { linkedTransactionId } from '../bank-linking/sync-bank-link';
import { bankLinks, bankSandboxItems, linkedAccounts } from '../db/schema/bank-linking';
import { declarations, transactions } from '../db/schema/bookkeeping';
import { createPlaidBankLinking } from '../providers/bank-linking/plaid-bank-linking';
import { createSandboxBankLinking } from '../providers/bank-linking/sandbox-bank-linking';
import { applyPull } from '../sync/pull';
import { insertTestCompany } from '../sync/test-fixtures';
import { createUser, signIn } from '../test/accounts';
import { FakePlaid, fakePlaidAccounts, plaidTransaction } from '../test/fake-plaid';
import { createTestApp, type TestApp } from '../test/harness';

/** Owner and teammate of a company, and someone of another company. */
async function people(t: TestApp) {
  const owner = await createUser(t);
  const teammate = await createUser(t);
  const outsider = await createUser(t);
  const companyId = await insertTestCompany(t.database.db, owner.id, [teammate.id]);
  await insertTestCompany(t.database.db, outsider.id);
  return {
    owner,
    companyId,
    ownerCookies: await signIn(t, owner.email),
    teammateCookies: await signIn(t, teammate.email),
    outsiderCookies: await signIn(t, outsider.email),
  };
}

const bookedOf = (t: TestApp, companyId: string) =>
  t.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.companyId, companyId), eq(transactions.accountKind, 'linked')));

describe('linked bank accounts on the local sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sandbox = () => createSandboxBankLinking({ db: t.database.db, now: () => t.clock.now, secret: t.env.SESSION_SECRET });
  const post = (path: string, cookies: string, json: unknown = {}) => t.request(`/api/v1${path}`, { method: 'POST', cookies, json });

  /** The browser's whole Link flow: token, the sandbox page's sign-in, exchange. */
  async function linkBank(companyId: string, cookies: string, username = 'user_good') {
    const token = await post(`/companies/${companyId}/bank-links/link-token`, cookies);
    expect(token.status).toBe(200);
    const { linkToken, mode } = (await token.json()) as { linkToken: string; mode: string };
    expect(mode).toBe('sandbox');
    const signedIn = await post('/bank-linking/sandbox/link', cookies, { linkToken, institutionId: 'ins_109508', username, password: 'pass_good' });
    expect(signedIn.status).toBe(200);
    const { publicToken } = (await signedIn.json()) as { publicToken: string };
    const linked = await post(`/companies/${companyId}/bank-links`, cookies, { publicToken });
    expect(linked.status).toBe(201);
    return bankLinkSchema.parse(await linked.json());
  }

  it('links a bank, books its posted transactions into the synced table and a device pulls them', async () => {
    const { owner, companyId, ownerCookies } = await people(t);
    const link = await linkBank(companyId, ownerCookies);
    expect(link).toMatchObject({ institutionName: 'First Platypus Bank', status: 'active', errorCode: null });
    expect(link.accounts.map((account) => account.mask).sort()).toEqual(['0000', '1111', '3333']);
    expect(link.lastSyncedAt).not.toBeNull();

    const booked = await bookedOf(t, companyId);
    // 60 lines of history, the newest two still pending (not booked until they post).
    expect(booked).toHaveLength(58);
    expect(new Set(booked.map((row) => row.accountId)).size).toBeGreaterThan(1);
    expect(booked.every((row) => link.accounts.some((account) => account.id === row.accountId))).toBe(true);
    expect(booked.every((row) => row.category === null && !row.checked && row.importId === null)).toBe(true);

    const pulled = await applyPull(t.database.db, owner.id, { clientId: randomUUID(), protocolVersion, cursor: null, lastMutationId: 0 });
    const rows = (pulled.changes.transactions?.puts ?? []) as { id: string; accountKind: string }[];
    expect(rows.filter((row) => row.accountKind === 'linked')).toHaveLength(58);
    // The accounts are synced too (names for the list, offline), without the provider's ids.
    const accounts = pulled.changes.linkedAccounts?.puts ?? [];
    expect(accounts.map((account) => account.name).sort()).toEqual(['Plaid Checking', 'Plaid Credit Card', 'Plaid Saving']);
    expect(
      accounts.every((account) => account.linkId === link.id && account.institutionName === 'First Platypus Bank' && !('providerAccountId' in account)),
    ).toBe(true);

    const list = await t.request(`/api/v1/companies/${companyId}/bank-links`, { cookies: ownerCookies });
    expect(((await list.json()) as { items: BankLink[] }).items.map((item) => item.id)).toEqual([link.id]);
  });

  it('syncs idempotently: nothing twice, the person’s edits kept, later lines added as they post', async () => {
    const { owner, companyId, ownerCookies } = await people(t);
    const link = await linkBank(companyId, ownerCookies);
    const [first] = await bookedOf(t, companyId);
    await t.database.db.update(transactions).set({ category: 'travel', note: 'mine', checked: true }).where(eq(transactions.id, first!.id));

    const again = await post(`/companies/${companyId}/bank-links/${link.id}/sync`, ownerCookies);
    expect(again.status).toBe(200);
    expect(syncResultSchema.parse(await again.json())).toMatchObject({ added: 0, modified: 0, removed: 0, hasMore: false });
    // Replaying from the beginning (a lost cursor) adds nothing either.
    await t.database.db.update(bankLinks).set({ cursor: null, loopCursor: null }).where(eq(bankLinks.id, link.id));
    expect(((await (await post(`/companies/${companyId}/bank-links/${link.id}/sync`, ownerCookies)).json()) as { added: number }).added).toBe(0);
    expect(await bookedOf(t, companyId)).toHaveLength(58);
    expect((await bookedOf(t, companyId)).find((row) => row.id === first!.id)).toMatchObject({ category: 'travel', note: 'mine', checked: true });

    t.clock.advance(45 * 60_000);
    // A new session: the access token of the first one is short-lived.
    const later = syncResultSchema.parse(await (await post(`/companies/${companyId}/bank-links/${link.id}/sync`, await signIn(t, owner.email))).json());
    // The two pending lines posted and one more posted: three booked.
    expect(later).toMatchObject({ added: 3, hasMore: false });
    expect(await bookedOf(t, companyId)).toHaveLength(61);
  });

  it('lets the owner and teammates in, answers 404 to anyone else and 401 without a session', async () => {
    const { companyId, ownerCookies, teammateCookies, outsiderCookies } = await people(t);
    const link = await linkBank(companyId, ownerCookies);
    const routes = [
      ['GET', `/companies/${companyId}/bank-links`],
      ['POST', `/companies/${companyId}/bank-links/link-token`],
      ['POST', `/companies/${companyId}/bank-links/${link.id}/sync`],
      ['DELETE', `/companies/${companyId}/bank-links/${link.id}`],
    ] as const;
    for (const [method, path] of routes) {
      const outsider = await t.request(`/api/v1${path}`, { method, cookies: outsiderCookies, ...(method === 'POST' ? { json: {} } : {}) });
      expect(outsider.status, `${method} ${path}`).toBe(404);
      expect(outsider.headers.get('content-type')).toContain('application/problem+json');
      const anonymous = await t.request(`/api/v1${path}`, { method, ...(method === 'POST' ? { json: {} } : {}) });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    expect((await post(`/companies/${companyId}/bank-links`, outsiderCookies, { publicToken: 'public-sandbox-x' })).status).toBe(404);
    expect((await t.request(`/api/v1/companies/${companyId}/bank-links`, { cookies: teammateCookies })).status).toBe(200);
    expect((await post(`/companies/${companyId}/bank-links/${link.id}/sync`, teammateCookies)).status).toBe(200);
    // Another company's link id under one's own company is not found either.
    const other = await people(t);
    expect((await post(`/companies/${other.companyId}/bank-links/${link.id}/sync`, other.ownerCookies)).status).toBe(404);
    expect((await t.request(`/api/v1/companies/${companyId}/bank-links/${link.id}`, { method: 'DELETE', cookies: teammateCookies })).status).toBe(204);
  });

  it('unlinks: the provider forgets the item, the imported transactions stay', async () => {
    const { companyId, ownerCookies } = await people(t);
    const link = await linkBank(companyId, ownerCookies);
    const [stored] = await t.database.db.select().from(bankLinks).where(eq(bankLinks.id, link.id));
    const removed = await t.request(`/api/v1/companies/${companyId}/bank-links/${link.id}`, { method: 'DELETE', cookies: ownerCookies });
    expect(removed.status).toBe(204);
    expect(await bookedOf(t, companyId)).toHaveLength(58);
    expect(((await (await t.request(`/api/v1/companies/${companyId}/bank-links`, { cookies: ownerCookies })).json()) as { items: unknown[] }).items).toEqual(
      [],
    );
    const [item] = await t.database.db.select().from(bankSandboxItems).where(eq(bankSandboxItems.itemId, stored!.itemId));
    expect(item!.removedAt).not.toBeNull();
    expect((await post(`/companies/${companyId}/bank-links/${link.id}/sync`, ownerCookies)).status).toBe(404);
    // The accounts stay, unlinked, so the transactions keep their bank account's name.
    const kept = await t.database.db.select().from(linkedAccounts).where(eq(linkedAccounts.companyId, companyId));
    expect(kept.map((account) => account.linkId)).toEqual([null, null, null]);
  });

  it('explains the sandbox bank’s refusals with their codes', async () => {
    const { companyId, ownerCookies } = await people(t);
    const { linkToken } = (await (await post(`/companies/${companyId}/bank-links/link-token`, ownerCookies)).json()) as { linkToken: string };
    const attempt = async (password: string) => {
      const response = await post('/bank-linking/sandbox/link', ownerCookies, { linkToken, institutionId: 'ins_109508', username: 'user_good', password });
      return [response.status, ((await response.json()) as { code: string }).code];
    };
    // The person's own mistakes are 400s; the bank being down is a 503.
    expect(await attempt('wrong')).toEqual([400, 'bank_invalid_credentials']);
    expect(await attempt('error_ITEM_LOCKED')).toEqual([400, 'bank_item_locked']);
    expect(await attempt('error_INSTITUTION_DOWN')).toEqual([503, 'bank_institution_unavailable']);
    const badToken = await post(`/companies/${companyId}/bank-links`, ownerCookies, { publicToken: 'public-sandbox-forged' });
    expect([badToken.status, ((await badToken.json()) as { code: string }).code]).toEqual([400, 'bank_link_failed']);
  });

  it('marks a link whose bank asks for a new sign-in, and repairs it through Link in update mode', async () => {
    const { companyId, ownerCookies } = await people(t);
    const link = await linkBank(companyId, ownerCookies, 'user_expiring');
    const refused = await post(`/companies/${companyId}/bank-links/${link.id}/sync`, ownerCookies);
    expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([409, 'bank_login_required']);
    const listed = ((await (await t.request(`/api/v1/companies/${companyId}/bank-links`, { cookies: ownerCookies })).json()) as { items: BankLink[] })
      .items[0]!;
    expect(listed).toMatchObject({ status: 'login_required', errorCode: 'ITEM_LOGIN_REQUIRED' });

    const { linkToken } = (await (await post(`/companies/${companyId}/bank-links/link-token`, ownerCookies, { linkId: link.id })).json()) as {
      linkToken: string;
    };
    expect(
      (await post('/bank-linking/sandbox/link', ownerCookies, { linkToken, institutionId: 'ins_109508', username: 'user_expiring', password: 'pass_good' }))
        .status,
    ).toBe(200);
    const repaired = syncResultSchema.parse(await (await post(`/companies/${companyId}/bank-links/${link.id}/sync`, ownerCookies)).json());
    expect(repaired.link).toMatchObject({ status: 'active', errorCode: null });
  });

  it('refuses a second sync of the same link while one runs, without blocking other links', async () => {
    const { companyId, ownerCookies } = await people(t);
    const busy = await linkBank(companyId, ownerCookies);
    const free = await linkBank(companyId, ownerCookies);
    await t.database.db
      .update(bankLinks)
      .set({ syncLeaseUntil: new Date(t.clock.now.getTime() + 60_000) })
      .where(eq(bankLinks.id, busy.id));
    const refused = await post(`/companies/${companyId}/bank-links/${busy.id}/sync`, ownerCookies);
    expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([409, 'bank_sync_in_progress']);
    expect((await post(`/companies/${companyId}/bank-links/${free.id}/sync`, ownerCookies)).status).toBe(200);
    // A lease left by a crashed instance expires.
    t.clock.advance(2 * 60_000);
    expect((await post(`/companies/${companyId}/bank-links/${busy.id}/sync`, ownerCookies)).status).toBe(200);
  });

  it('syncs on a verified webhook and refuses unsigned or altered ones', async () => {
    const { companyId, ownerCookies } = await people(t);
    const link = await linkBank(companyId, ownerCookies);
    const [stored] = await t.database.db.select().from(bankLinks).where(eq(bankLinks.id, link.id));
    t.clock.advance(45 * 60_000);
    const fired = await sandbox().fireWebhook(stored!.itemId, 'SYNC_UPDATES_AVAILABLE');
    expect(fired.url).toBe(`${t.env.APP_URL}/api/v1/bank-linking/webhook`);
    const deliver = (body: string, verification?: string) =>
      t.request('/api/v1/bank-linking/webhook', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...(verification ? { 'plaid-verification': verification } : {}) },
      });
    expect((await deliver(fired.body)).status).toBe(401);
    expect((await deliver(fired.body.replace('SYNC_UPDATES_AVAILABLE', 'DEFAULT_UPDATE'), fired.verification)).status).toBe(401);
    expect(await bookedOf(t, companyId)).toHaveLength(58);
    expect((await deliver(fired.body, fired.verification)).status).toBe(200);
    expect(await bookedOf(t, companyId)).toHaveLength(61);

    const error = await sandbox().fireWebhook(stored!.itemId, 'ERROR');
    expect((await deliver(error.body, error.verification)).status).toBe(200);
    const [marked] = await t.database.db.select().from(bankLinks).where(eq(bankLinks.id, link.id));
    expect(marked).toMatchObject({ status: 'login_required', errorCode: 'ITEM_LOGIN_REQUIRED' });
  });
});

describe('linked bank accounts on Plaid (a fake Plaid server)', () => {
  const plaid = new FakePlaid();
  let t: TestApp;
  beforeAll(async () => {
    await plaid.start();
    t = await createTestApp({}, { bankLinking: createPlaidBankLinking({ clientId: plaid.clientId, secret: plaid.secret, baseUrl: plaid.baseUrl }) });
  });
  afterAll(async () => {
    await t.close();
    await plaid.stop();
  });

  const post = (path: string, cookies: string, json: unknown = {}) => t.request(`/api/v1${path}`, { method: 'POST', cookies, json });
  const checking = fakePlaidAccounts[0].account_id;
  const line = (id: string, amount: number, date = '2026-10-05', pending = false) =>
    plaidTransaction({ id, account: checking, amount, date, name: `LINE ${id}`, merchant: 'Acme', pending });

  async function linkBank() {
    const everyone = await people(t);
    const { linkToken, mode } = (await (await post(`/companies/${everyone.companyId}/bank-links/link-token`, everyone.ownerCookies)).json()) as {
      linkToken: string;
      mode: string;
    };
    expect(mode).toBe('plaid');
    const publicToken = plaid.linkInBrowser(linkToken);
    const itemId = [...plaid.items.values()].at(-1)!.itemId;
    plaid
      .item(itemId)
      .changes.push(
        { kind: 'added', transaction: line('a1', 25.5) },
        { kind: 'added', transaction: line('a2', -1200) },
        { kind: 'added', transaction: line('p1', 9, '2026-10-06', true) },
      );
    const response = await post(`/companies/${everyone.companyId}/bank-links`, everyone.ownerCookies, {
      publicToken,
      institutionName: 'ignored when Plaid names it',
    });
    expect(response.status).toBe(201);
    return { ...everyone, itemId, link: bankLinkSchema.parse(await response.json()) };
  }

  it('links through Link’s public token, books posted lines with Alta’s sign and applies modified and removed', async () => {
    const { companyId, ownerCookies, itemId, link } = await linkBank();
    expect(link.institutionName).toBe('First Platypus Bank');
    expect(plaid.requests.find((request) => request.path === '/link/token/create')!.body.webhook).toBeUndefined();
    const booked = await bookedOf(t, companyId);
    expect(booked.map((row) => [row.description, row.amountCents, row.merchant]).sort()).toEqual([
      ['LINE a1', -2550, 'Acme'],
      ['LINE a2', 120000, 'Acme'],
    ]);
    expect(booked.find((row) => row.amountCents === -2550)!.id).toBe(linkedTransactionId(companyId, 'plaid', 'a1'));

    plaid
      .item(itemId)
      .changes.push(
        { kind: 'modified', transaction: { ...line('a1', 30), name: 'LINE a1 corrected' } },
        { kind: 'removed', transaction_id: 'a2', account_id: checking },
      );
    const result = syncResultSchema.parse(await (await post(`/companies/${companyId}/bank-links/${link.id}/sync`, ownerCookies)).json());
    expect(result).toMatchObject({ added: 0, modified: 1, removed: 1 });
    expect((await bookedOf(t, companyId)).map((row) => [row.description, row.amountCents])).toEqual([['LINE a1 corrected', -3000]]);
  });

  it('restarts a pagination Plaid reports as mutated, without booking anything twice', async () => {
    const { companyId, ownerCookies, itemId, link } = await linkBank();
    const more = Array.from({ length: 1200 }, (_, index) => ({ kind: 'added' as const, transaction: line(`m${index}`, index + 1) }));
    plaid.item(itemId).changes.push(...more);
    plaid.mutateDuringPagination = true;
    const result = syncResultSchema.parse(await (await post(`/companies/${companyId}/bank-links/${link.id}/sync`, ownerCookies)).json());
    expect(result.hasMore).toBe(false);
    expect(await bookedOf(t, companyId)).toHaveLength(1202);
    expect(plaid.requests.filter((request) => request.path === '/transactions/sync' && request.body.count === 500).length).toBeGreaterThan(3);
  });

  it('keeps blocked transactions and locked years as they are when the bank changes or removes them', async () => {
    const { companyId, ownerCookies, itemId, link } = await linkBank();
    await t.database.db
      .update(transactions)
      .set({ blocked: true })
      .where(eq(transactions.id, linkedTransactionId(companyId, 'plaid', 'a1')));
    await t.database.db.insert(declarations).values({ companyId, year: 2026, sentAt: new Date() }).onConflictDoNothing();
    plaid
      .item(itemId)
      .changes.push(
        { kind: 'removed', transaction_id: 'a1', account_id: checking },
        { kind: 'modified', transaction: line('a2', -1) },
        { kind: 'added', transaction: line('late', 3) },
      );
    const result = syncResultSchema.parse(await (await post(`/companies/${companyId}/bank-links/${link.id}/sync`, ownerCookies)).json());
    expect(result).toMatchObject({ added: 1, modified: 0, removed: 0 });
    expect(await bookedOf(t, companyId)).toHaveLength(3);
  });

  it('records ITEM_LOGIN_REQUIRED from Plaid, and syncs on a webhook signed with Plaid’s ES256 key', async () => {
    const { companyId, ownerCookies, itemId, link } = await linkBank();
    plaid.item(itemId).error = 'ITEM_LOGIN_REQUIRED';
    expect((await post(`/companies/${companyId}/bank-links/${link.id}/sync`, ownerCookies)).status).toBe(409);
    plaid.item(itemId).error = null;
    plaid.item(itemId).changes.push({ kind: 'added', transaction: line('w1', 4) });
    const hook = await plaid.webhook({
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      item_id: itemId,
      initial_update_complete: true,
      historical_update_complete: true,
      environment: 'sandbox',
    });
    const response = await t.request('/api/v1/bank-linking/webhook', {
      method: 'POST',
      body: hook.body,
      headers: { 'content-type': 'application/json', 'plaid-verification': hook.verification },
    });
    expect(response.status).toBe(200);
    expect(await bookedOf(t, companyId)).toHaveLength(3);
    const [stored] = await t.database.db.select().from(bankLinks).where(eq(bankLinks.id, link.id));
    expect(stored).toMatchObject({ status: 'active', errorCode: null });
  });

  it('unlinks with /item/remove', async () => {
    const { companyId, ownerCookies, itemId, link } = await linkBank();
    expect((await t.request(`/api/v1/companies/${companyId}/bank-links/${link.id}`, { method: 'DELETE', cookies: ownerCookies })).status).toBe(204);
    expect(plaid.item(itemId).removed).toBe(true);
    expect(await bookedOf(t, companyId)).toHaveLength(2);
  });
});
