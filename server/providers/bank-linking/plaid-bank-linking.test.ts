import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePlaid, fakePlaidAccounts, plaidTransaction } from '../../test/fake-plaid';
import { BankLinkingError, BankLinkingUnavailableError } from './bank-linking-provider';
import { createPlaidBankLinking, plaidVersion } from './plaid-bank-linking';

const plaid = new FakePlaid();
beforeAll(() => plaid.start());
afterAll(() => plaid.stop());

const adapter = () => createPlaidBankLinking({ clientId: plaid.clientId, secret: plaid.secret, baseUrl: plaid.baseUrl });
const checking = fakePlaidAccounts[0].account_id;

async function linkedItem() {
  const provider = adapter();
  const { linkToken } = await provider.createLinkToken({
    clientUserId: 'company-1',
    language: 'pt',
    webhook: 'https://alta.example/api/v1/bank-linking/webhook',
  });
  const exchanged = await provider.exchangePublicToken(plaid.linkInBrowser(linkToken));
  return { provider, ...exchanged };
}

describe('Plaid adapter against a fake Plaid server', () => {
  it('creates a Link token with Plaid’s request shape and credentials headers', async () => {
    const { linkToken, expiration } = await adapter().createLinkToken({ clientUserId: 'company-1', language: 'es', webhook: 'https://alta.example/hook' });
    expect(linkToken).toMatch(/^link-sandbox-/);
    expect(new Date(expiration).getTime()).toBeGreaterThan(Date.now());
    const request = plaid.requests.at(-1)!;
    expect(request.path).toBe('/link/token/create');
    expect(request.headers['plaid-client-id']).toBe(plaid.clientId);
    expect(request.headers['plaid-secret']).toBe(plaid.secret);
    expect(request.headers['plaid-version']).toBe(plaidVersion);
    expect(request.body).toMatchObject({
      client_name: 'Alta',
      language: 'es',
      country_codes: ['US'],
      user: { client_user_id: 'company-1' },
      products: ['transactions'],
      webhook: 'https://alta.example/hook',
    });
  });

  it('asks for update mode with the item’s access token and no products', async () => {
    const { provider, accessToken } = await linkedItem();
    await provider.createLinkToken({ clientUserId: 'company-1', language: 'en', webhook: null, accessToken });
    const body = plaid.requests.at(-1)!.body;
    expect(body.access_token).toBe(accessToken);
    expect(body.products).toBeUndefined();
    expect(body.webhook).toBeUndefined();
  });

  it('exchanges the public token once and reads the item and its accounts', async () => {
    const provider = adapter();
    const { linkToken } = await provider.createLinkToken({ clientUserId: 'c', language: 'es', webhook: null });
    const publicToken = plaid.linkInBrowser(linkToken, { id: 'ins_109511', name: 'Tartan Bank' });
    const { accessToken, itemId } = await provider.exchangePublicToken(publicToken);
    await expect(provider.exchangePublicToken(publicToken)).rejects.toMatchObject({
      errorCode: 'INVALID_PUBLIC_TOKEN',
      errorType: 'INVALID_INPUT',
      status: 400,
    });
    const { item, accounts } = await provider.getAccounts(accessToken);
    expect(item).toEqual({ itemId, institutionId: 'ins_109511', institutionName: 'Tartan Bank' });
    expect(accounts).toEqual([
      { accountId: fakePlaidAccounts[0].account_id, name: 'Plaid Checking', mask: '0000', type: 'depository', subtype: 'checking' },
      { accountId: fakePlaidAccounts[1].account_id, name: 'Plaid Credit Card', mask: '3333', type: 'credit', subtype: 'credit card' },
    ]);
  });

  it('pages /transactions/sync by cursor with added, modified and removed', async () => {
    const { provider, accessToken, itemId } = await linkedItem();
    const item = plaid.item(itemId);
    item.changes.push(
      {
        kind: 'added',
        transaction: plaidTransaction({ id: 't1', account: checking, amount: 12.5, date: '2026-11-02', name: 'Starbucks', merchant: 'Starbucks' }),
      },
      { kind: 'added', transaction: plaidTransaction({ id: 't2', account: checking, amount: -500, date: '2026-11-03', name: 'STRIPE TRANSFER' }) },
      {
        kind: 'modified',
        transaction: plaidTransaction({ id: 't1', account: checking, amount: 14, date: '2026-11-02', name: 'Starbucks', merchant: 'Starbucks' }),
      },
      { kind: 'removed', transaction_id: 't2', account_id: checking },
    );
    const first = await provider.syncTransactions({ accessToken, cursor: null, count: 3 });
    expect(plaid.requests.at(-1)!.body).toEqual({ access_token: accessToken, count: 3 });
    expect(first.added.map((transaction) => [transaction.transactionId, transaction.amount, transaction.merchantName])).toEqual([
      ['t1', 12.5, 'Starbucks'],
      ['t2', -500, null],
    ]);
    expect(first.modified.map((transaction) => [transaction.transactionId, transaction.amount])).toEqual([['t1', 14]]);
    expect(first.hasMore).toBe(true);
    const second = await provider.syncTransactions({ accessToken, cursor: first.nextCursor, count: 3 });
    expect(plaid.requests.at(-1)!.body).toEqual({ access_token: accessToken, count: 3, cursor: first.nextCursor });
    expect(second.removed).toEqual([{ transactionId: 't2', accountId: checking }]);
    expect(second.hasMore).toBe(false);
    expect(second.accounts).toHaveLength(2);
  });

  it('turns Plaid error bodies into BankLinkingError, and an unreachable Plaid into BankLinkingUnavailableError', async () => {
    const { provider, accessToken, itemId } = await linkedItem();
    plaid.item(itemId).error = 'ITEM_LOGIN_REQUIRED';
    await expect(provider.syncTransactions({ accessToken, cursor: null, count: 10 })).rejects.toMatchObject({
      errorType: 'ITEM_ERROR',
      errorCode: 'ITEM_LOGIN_REQUIRED',
    });
    const wrongKeys = createPlaidBankLinking({ clientId: plaid.clientId, secret: 'nope', baseUrl: plaid.baseUrl });
    await expect(wrongKeys.getAccounts(accessToken)).rejects.toBeInstanceOf(BankLinkingError);
    const nowhere = createPlaidBankLinking({ clientId: 'x', secret: 'y', baseUrl: 'http://127.0.0.1:9' });
    await expect(nowhere.getAccounts('access-x')).rejects.toBeInstanceOf(BankLinkingUnavailableError);
  });

  it('removes an item', async () => {
    const { provider, accessToken } = await linkedItem();
    await provider.removeItem(accessToken);
    await expect(provider.getAccounts(accessToken)).rejects.toMatchObject({ errorCode: 'INVALID_ACCESS_TOKEN' });
  });

  it('verifies webhooks by Plaid’s ES256 key: exact body, fresh, known key, right algorithm', async () => {
    const provider = adapter();
    const payload = {
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      item_id: 'item_1',
      initial_update_complete: true,
      historical_update_complete: true,
      environment: 'sandbox',
    };
    const genuine = await plaid.webhook(payload);
    expect(await provider.verifyWebhook(genuine.body, genuine.verification)).toEqual({ kind: 'sync', itemId: 'item_1' });
    expect(await provider.verifyWebhook(genuine.body.replace('item_1', 'item_2'), genuine.verification)).toBeNull();
    expect(await provider.verifyWebhook(genuine.body, undefined)).toBeNull();
    expect(await provider.verifyWebhook(genuine.body, 'not.a.jwt')).toBeNull();

    const stale = await plaid.webhook(payload, { issuedAt: Math.floor(Date.now() / 1000) - 10 * 60 });
    expect(await provider.verifyWebhook(stale.body, stale.verification)).toBeNull();

    const { privateKey } = await generateKeyPair('ES256');
    const forged = await plaid.webhook(payload, { key: privateKey });
    expect(await provider.verifyWebhook(forged.body, forged.verification)).toBeNull();
    const unknownKey = await plaid.webhook(payload, { keyId: 'kid_unknown' });
    expect(await provider.verifyWebhook(unknownKey.body, unknownKey.verification)).toBeNull();

    const error = await plaid.webhook({
      webhook_type: 'ITEM',
      webhook_code: 'ERROR',
      item_id: 'item_1',
      error: { error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' },
    });
    expect(await provider.verifyWebhook(error.body, error.verification)).toEqual({ kind: 'error', itemId: 'item_1', errorCode: 'ITEM_LOGIN_REQUIRED' });
  });
});
