import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { bankingProfiles, sandboxBridgeObjects, walletBalances, walletTransactions } from '../db/schema/banking';
import { resolvePendingWithdrawals } from '../jobs/withdrawal-resolver';
import { BankingProviderError, type BankingProvider } from '../providers/banking/banking-provider';
import { createSandboxBanking, type SandboxBanking } from '../providers/banking/sandbox-banking';
import { insertTestCompany } from '../sync/test-fixtures';
import { createUser } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';
import { applyBankingEvent } from './deposits';
import { withdrawalRetryMs, withdraw } from './withdrawals';
import { secondInstanceDatabase } from '../test/instances';

/** A $100 USDT withdrawal (fee $1.30), the SPEC's smallest. */
const withdrawal = { rail: 'tron' as const, walletAddress: 'T'.repeat(34), amountCents: 10_000 };

/** An approved company with $1,000 on its balance, its profile at the sandbox's customer. */
async function fundedCompany(t: TestApp) {
  const user = await createUser(t, { email: `${randomUUID()}@example.com` });
  const companyId = await insertTestCompany(t.database.db, user.id);
  await t.database.db.insert(bankingProfiles).values({
    companyId,
    provider: 'sandbox',
    customerId: `cust_sbx_${companyId}`,
    kycLinkId: `kyc_${companyId}`,
    kycUrl: 'http://localhost',
    status: 'approved',
    walletId: `wallet_${companyId}`,
  });
  await t.database.db.insert(walletBalances).values({ companyId, currency: 'usd', availableCents: 100_000 });
  return { companyId, userId: user.id };
}

const balanceOf = async (t: TestApp, companyId: string) =>
  (await t.database.db.select().from(walletBalances).where(eq(walletBalances.companyId, companyId)))[0]!.availableCents;
const rowOf = async (t: TestApp, id: string) => (await t.database.db.select().from(walletTransactions).where(eq(walletTransactions.id, id)))[0]!;
const transfersFor = async (db: Database['db'], transactionId: string) =>
  db
    .select()
    .from(sandboxBridgeObjects)
    .where(and(eq(sandboxBridgeObjects.kind, 'transfer'), eq(sandboxBridgeObjects.idempotencyKey, `withdrawal-${transactionId}`)));

/** The sandbox, except that the transfer is made and then `after` happens instead of the answer. */
const losingAnswers = (sandbox: SandboxBanking, after: () => Error): BankingProvider => ({
  ...sandbox,
  async createTransfer(input) {
    await sandbox.createTransfer(input);
    throw after();
  },
});

describe('withdrawals whose provider answer is lost', () => {
  let t: TestApp;
  let sandbox: SandboxBanking;
  beforeAll(async () => {
    t = await createTestApp();
    sandbox = createSandboxBanking({ db: t.database.db, now: () => t.clock.now, appUrl: t.env.APP_URL });
  });
  afterAll(() => t.close());

  const deliver = async (event: { rawBody: string; signature: string }) =>
    applyBankingEvent(t.database.db, (await sandbox.verifyWebhook(event.rawBody, event.signature, t.clock.now))!, t.clock.now);

  it.each([
    ['times out', () => new BankingProviderError('Bridge unreachable: The operation was aborted due to timeout')],
    ['answers 503', () => new BankingProviderError('Bridge answered 503', 503)],
    ['answers a body that is not JSON', () => new BankingProviderError('Bridge answered 200 with a body that is not JSON', 200, null, false)],
  ])('keeps a withdrawal pending when the provider makes the transfer and then %s, and the resolver finds that transfer by its key', async (_, lost) => {
    const { companyId, userId } = await fundedCompany(t);
    const { transaction } = await withdraw(t.database.db, losingAnswers(sandbox, lost), {
      companyId,
      userId,
      idempotencyKey: randomUUID(),
      withdrawal,
      now: t.clock.now,
    });
    // Not refunded: the transfer exists at the provider.
    expect(transaction.status).toBe('pending');
    expect(await balanceOf(t, companyId)).toBe(90_000);

    t.clock.advance(withdrawalRetryMs);
    expect(await resolvePendingWithdrawals({ db: t.database.db, provider: sandbox, now: () => t.clock.now })).toMatchObject({ sent: 1 });
    const [transfer] = await transfersFor(t.database.db, transaction.id);
    expect(await transfersFor(t.database.db, transaction.id)).toHaveLength(1);
    expect(await rowOf(t, transaction.id)).toMatchObject({ status: 'payment_submitted', providerTransferId: transfer!.id, resolveAfter: null });
    expect(await balanceOf(t, companyId)).toBe(90_000);

    // The provider's later word is applied to it: a returned transfer gives the money back, once.
    const returned = await sandbox.advanceTransfer(transfer!.id, 'returned');
    await deliver(returned);
    await deliver(returned);
    expect(await rowOf(t, transaction.id)).toMatchObject({ status: 'returned' });
    expect(await balanceOf(t, companyId)).toBe(100_000);
  });

  it('refunds a withdrawal the provider refused, once', async () => {
    const { companyId, userId } = await fundedCompany(t);
    const refusing: BankingProvider = {
      ...sandbox,
      createTransfer: async () => Promise.reject(new BankingProviderError('Insufficient wallet balance', 400, 'invalid_parameters')),
    };
    const key = randomUUID();
    await expect(withdraw(t.database.db, refusing, { companyId, userId, idempotencyKey: key, withdrawal, now: t.clock.now })).rejects.toMatchObject({
      code: 'withdrawal_failed',
    });
    const [row] = await t.database.db.select().from(walletTransactions).where(eq(walletTransactions.idempotencyKey, key));
    expect(row).toMatchObject({ status: 'error', resolveAfter: null });
    expect(await balanceOf(t, companyId)).toBe(100_000);
  });

  it('applies the transfer webhook that arrives before the create call answers', async () => {
    const { companyId, userId } = await fundedCompany(t);
    const early: BankingProvider = {
      ...sandbox,
      async createTransfer(input) {
        const transfer = await sandbox.createTransfer(input);
        // The rail processed it and Bridge said so before its answer to the create call reached Alta.
        await deliver(await sandbox.advanceTransfer(transfer.id));
        return transfer;
      },
    };
    const { transaction } = await withdraw(t.database.db, early, { companyId, userId, idempotencyKey: randomUUID(), withdrawal, now: t.clock.now });
    const [transfer] = await transfersFor(t.database.db, transaction.id);
    // The webhook's later state stands; the create's older answer does not take it back.
    expect(transaction).toMatchObject({ status: 'payment_processed' });
    expect(await rowOf(t, transaction.id)).toMatchObject({ status: 'payment_processed', providerTransferId: transfer!.id });
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the withdrawal resolver on two instances sharing one PostgreSQL', () => {
  let t: TestApp;
  let second: Database;
  beforeAll(async () => {
    t = await createTestApp();
    second = await secondInstanceDatabase(t, url!);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('asks the provider once per pending withdrawal when both run at the same time', async () => {
    const sandbox = createSandboxBanking({ db: t.database.db, now: () => t.clock.now, appUrl: t.env.APP_URL });
    const lost = losingAnswers(sandbox, () => new BankingProviderError('Bridge unreachable'));
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const { companyId, userId } = await fundedCompany(t);
      ids.push((await withdraw(t.database.db, lost, { companyId, userId, idempotencyKey: randomUUID(), withdrawal, now: t.clock.now })).transaction.id);
    }
    t.clock.advance(withdrawalRetryMs);
    const asked: string[] = [];
    const counting = (db: Database['db']): BankingProvider => {
      const own = createSandboxBanking({ db, now: () => t.clock.now, appUrl: t.env.APP_URL });
      return { ...own, createTransfer: async (input) => (asked.push(input.idempotencyKey), own.createTransfer(input)) };
    };
    const runs = await Promise.all([
      resolvePendingWithdrawals({ db: t.database.db, provider: counting(t.database.db), now: () => t.clock.now }),
      resolvePendingWithdrawals({ db: second.db, provider: counting(second.db), now: () => t.clock.now }),
    ]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(6);
    expect(asked.sort()).toEqual(ids.map((id) => `withdrawal-${id}`).sort());
    for (const id of ids) expect((await rowOf(t, id)).status).toBe('payment_submitted');
  });
});
