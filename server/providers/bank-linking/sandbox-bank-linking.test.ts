import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { pgliteTemplateData } from '../../test/database-templates';
import { BankLinkingError, type ProviderTransaction } from './bank-linking-provider';
import { createSandboxBankLinking, sandboxInstitutions, streamChanges, streamLength, type SandboxBankLinking } from './sandbox-bank-linking';

let database: Database;
const clock = { now: new Date('2026-11-22T12:00:00.000Z') };
let sandbox: SandboxBankLinking;

beforeAll(async () => {
  database = await openDatabase({ dataDir: null, template: pgliteTemplateData() });
  sandbox = createSandboxBankLinking({ db: database.db, now: () => clock.now, secret: 'test-secret-of-at-least-32-characters!!' });
});
afterAll(() => database.close());

const bank = sandboxInstitutions[0]!;

async function link(username = 'user_good') {
  const { linkToken } = await sandbox.createLinkToken({ clientUserId: 'company-1', language: 'es', webhook: 'http://localhost/api/v1/bank-linking/webhook' });
  const { publicToken } = await sandbox.authenticate({ linkToken, institutionId: bank.id, username, password: 'pass_good' });
  return sandbox.exchangePublicToken(publicToken);
}

/** Every page of a sync from `cursor`, as a client applying them would see them. */
async function syncAll(accessToken: string, cursor: string | null, count = 25) {
  const added: ProviderTransaction[] = [];
  const removed: string[] = [];
  let next = cursor;
  let pages = 0;
  for (;;) {
    const page = await sandbox.syncTransactions({ accessToken, cursor: next, count });
    added.push(...page.added);
    removed.push(...page.removed.map((entry) => entry.transactionId));
    next = page.nextCursor;
    pages += 1;
    if (!page.hasMore) return { added, removed, cursor: next, pages };
  }
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof BankLinkingError ? error.errorCode : 'other'),
  );

describe('bank-linking sandbox', () => {
  it('links with user_good / pass_good: a single-use public token becomes an access token with three accounts', async () => {
    const { linkToken } = await sandbox.createLinkToken({ clientUserId: 'c', language: 'en', webhook: null });
    const linked = await sandbox.authenticate({ linkToken, institutionId: bank.id, username: 'user_good', password: 'pass_good' });
    expect(linked.institution).toEqual(bank);
    const { accessToken, itemId } = await sandbox.exchangePublicToken(linked.publicToken);
    expect(accessToken).toMatch(/^access-sandbox-/);
    expect(await refusal(sandbox.exchangePublicToken(linked.publicToken))).toBe('INVALID_PUBLIC_TOKEN');
    const { item, accounts } = await sandbox.getAccounts(accessToken);
    expect(item).toEqual({ itemId, institutionId: bank.id, institutionName: bank.name });
    expect(accounts.map((account) => [account.name, account.mask])).toEqual([
      ['Plaid Checking', '0000'],
      ['Plaid Saving', '1111'],
      ['Plaid Credit Card', '3333'],
    ]);
  });

  it('refuses wrong credentials, forced error_<CODE> passwords, unknown banks and forged or expired link tokens', async () => {
    const { linkToken } = await sandbox.createLinkToken({ clientUserId: 'c', language: 'pt', webhook: null });
    const attempt = (fields: Partial<{ linkToken: string; institutionId: string; username: string; password: string }>) =>
      refusal(sandbox.authenticate({ linkToken, institutionId: bank.id, username: 'user_good', password: 'pass_good', ...fields }));
    expect(await attempt({ password: 'wrong' })).toBe('INVALID_CREDENTIALS');
    expect(await attempt({ username: 'someone' })).toBe('INVALID_CREDENTIALS');
    expect(await attempt({ password: 'error_ITEM_LOCKED' })).toBe('ITEM_LOCKED');
    expect(await attempt({ password: 'error_INSTITUTION_DOWN' })).toBe('INSTITUTION_DOWN');
    expect(await attempt({ institutionId: 'ins_nope' })).toBe('INVALID_INSTITUTION');
    expect(await attempt({ linkToken: `${linkToken.slice(0, -3)}abc` })).toBe('INVALID_LINK_TOKEN');
    expect(await attempt({ linkToken: 'link-sandbox-__proto__.x' })).toBe('INVALID_LINK_TOKEN');
    clock.now = new Date(clock.now.getTime() + 5 * 3_600_000);
    expect(await attempt({})).toBe('INVALID_LINK_TOKEN');
  });

  it('syncs the whole history in pages, then only what arrived since; pending lines are removed when they post', async () => {
    const { accessToken } = await link();
    const first = await syncAll(accessToken, null);
    expect(first.pages).toBe(3);
    expect(first.added).toHaveLength(60);
    expect(first.added.filter((transaction) => transaction.pending)).toHaveLength(2);
    expect(new Set(first.added.map((transaction) => transaction.transactionId)).size).toBe(60);
    expect(first.removed).toEqual([]);

    const nothing = await syncAll(accessToken, first.cursor);
    expect(nothing.added).toEqual([]);

    clock.now = new Date(clock.now.getTime() + 45 * 60_000);
    const later = await syncAll(accessToken, first.cursor);
    // Three new lines: the two pending ones posted (removed, then added posted), three new, two of them pending.
    expect(later.removed).toHaveLength(2);
    expect(later.added).toHaveLength(5);
    expect(later.added.filter((transaction) => transaction.pending)).toHaveLength(2);
    const pendingBefore = first.added.filter((transaction) => transaction.pending).map((transaction) => transaction.transactionId);
    expect(later.removed.sort()).toEqual(pendingBefore.sort());
  });

  it('is a deterministic stream: the same cursor gives the same page', async () => {
    const { accessToken } = await link();
    const one = await sandbox.syncTransactions({ accessToken, cursor: null, count: 10 });
    const two = await sandbox.syncTransactions({ accessToken, cursor: null, count: 10 });
    expect(two).toEqual(one);
    expect(await refusal(sandbox.syncTransactions({ accessToken, cursor: 'not-a-cursor', count: 10 }))).toBe('INVALID_FIELD');
  });

  it('streamChanges of successive lengths add up to the stream at the last length', () => {
    const item = { itemId: 'item-x', createdAt: new Date('2026-01-01T00:00:00Z') };
    const at = new Date('2026-01-01T02:00:00Z');
    const live = new Map<string, boolean>();
    let from = 0;
    for (const to of [30, 60, 61, 65, streamLength(item, at, 15)]) {
      for (const change of streamChanges(item, from, to, 15)) {
        if (change.kind === 'added') live.set(change.transaction.transactionId, change.transaction.pending);
        else expect(live.delete(change.transaction.transactionId)).toBe(true);
      }
      from = to;
    }
    const direct = streamChanges(item, 0, from, 15).map((change) => change.transaction.transactionId);
    expect([...live.keys()].sort()).toEqual(direct.sort());
  });

  it('user_expiring needs a new sign-in after the first sync, repaired by Link in update mode', async () => {
    const { accessToken } = await link('user_expiring');
    const first = await syncAll(accessToken, null, 500);
    expect(await refusal(sandbox.syncTransactions({ accessToken, cursor: first.cursor, count: 100 }))).toBe('ITEM_LOGIN_REQUIRED');
    const { linkToken } = await sandbox.createLinkToken({ clientUserId: 'c', language: 'es', webhook: null, accessToken });
    await sandbox.authenticate({ linkToken, institutionId: bank.id, username: 'user_expiring', password: 'pass_good' });
    expect((await sandbox.syncTransactions({ accessToken, cursor: first.cursor, count: 100 })).hasMore).toBe(false);
  });

  it('forgets a removed item, and signs webhooks that only verify for their exact body and for five minutes', async () => {
    const { accessToken, itemId } = await link();
    const fired = await sandbox.fireWebhook(itemId, 'SYNC_UPDATES_AVAILABLE');
    expect(fired.url).toBe('http://localhost/api/v1/bank-linking/webhook');
    expect(await sandbox.verifyWebhook(fired.body, fired.verification)).toEqual({ kind: 'sync', itemId });
    expect(await sandbox.verifyWebhook(fired.body.replace(itemId, 'other'), fired.verification)).toBeNull();
    expect(await sandbox.verifyWebhook(fired.body, undefined)).toBeNull();
    clock.now = new Date(clock.now.getTime() + 6 * 60_000);
    expect(await sandbox.verifyWebhook(fired.body, fired.verification)).toBeNull();

    await sandbox.removeItem(accessToken);
    expect(await refusal(sandbox.getAccounts(accessToken))).toBe('INVALID_ACCESS_TOKEN');
  });
});
