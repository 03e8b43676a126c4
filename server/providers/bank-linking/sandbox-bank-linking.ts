import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { SandboxInstitution } from '@domain/bank-linking';
import type { Db } from '../../db/client';
import { bankSandboxItems } from '../../db/schema/bank-linking';
import {
  BankLinkingError,
  readWebhook,
  type BankLinkingProvider,
  type ProviderAccount,
  type ProviderTransaction,
  type TransactionsPage,
} from './bank-linking-provider';

/**
 * The local bank-linking sandbox: Plaid's sandbox, simulated on Alta's own database. Its
 * Link page (the browser's sandbox dialog, through `authenticate`) takes Plaid's test
 * credentials: `user_good` / `pass_good` links; `user_good` with `error_<CODE>` as the
 * password fails with that code (ITEM_LOCKED, INSTITUTION_DOWN, …); any other password is
 * INVALID_CREDENTIALS; `user_expiring` / `pass_good` links, then the bank asks for a new
 * sign-in after the first sync (ITEM_LOGIN_REQUIRED) until Link runs again in update mode.
 *
 * Each item has three accounts and a stream of transactions that grows: 60 over the 90 days
 * before it was linked, then one more every `arrivalMinutes`, the newest two pending (a
 * pending one is later removed and reappears posted, with a new id, as at Plaid). The stream
 * is a pure function of the item and the time, so the sync cursor only records how far it
 * was delivered. Link tokens and webhooks are signed with a key derived from SESSION_SECRET.
 */

export const sandboxInstitutions: readonly SandboxInstitution[] = [
  { id: 'ins_109508', name: 'First Platypus Bank' },
  { id: 'ins_109509', name: 'First Gingham Credit Union' },
  { id: 'ins_109511', name: 'Tartan Bank' },
  { id: 'ins_109512', name: 'Houndstooth Bank' },
];

/** Plaid sandbox error codes a password `error_<CODE>` triggers, with their error type. */
const linkErrors: Record<string, string> = {
  ITEM_LOCKED: 'ITEM_ERROR',
  INVALID_CREDENTIALS: 'ITEM_ERROR',
  INSTITUTION_DOWN: 'INSTITUTION_ERROR',
  INSTITUTION_NOT_RESPONDING: 'INSTITUTION_ERROR',
  NO_ACCOUNTS: 'ITEM_ERROR',
};

const historyCount = 60;
const historyDays = 90;
const pendingCount = 2;
const linkTokenMinutes = 4 * 60;
const publicTokenMinutes = 30;

const sandboxAccounts = [
  { name: 'Plaid Checking', mask: '0000', type: 'depository', subtype: 'checking' },
  { name: 'Plaid Saving', mask: '1111', type: 'depository', subtype: 'savings' },
  { name: 'Plaid Credit Card', mask: '3333', type: 'credit', subtype: 'credit card' },
] as const;

/** The lines of the stream: a small US company's bank and card (amount range in dollars; negative is money in, as at Plaid). */
const streamLines = [
  { name: 'STRIPE TRANSFER ST-X2K9', merchant: 'Stripe', min: -4200, max: -900, account: 0 },
  { name: 'AMAZON WEB SERVICES AWS.AMAZON.CO', merchant: 'Amazon Web Services', min: 40, max: 380, account: 2 },
  { name: 'GOOGLE *WORKSPACE', merchant: 'Google', min: 12, max: 72, account: 2 },
  { name: 'UBER 063015 SF**POOL**', merchant: 'Uber', min: 6, max: 48, account: 2 },
  { name: 'United Airlines', merchant: 'United Airlines', min: 180, max: 640, account: 2 },
  { name: 'Starbucks', merchant: 'Starbucks', min: 4, max: 19, account: 2 },
  { name: 'UPWORK ESCROW INC', merchant: 'Upwork', min: 150, max: 1200, account: 0 },
  { name: 'GUSTO PAY 123456', merchant: 'Gusto', min: 1800, max: 5200, account: 0 },
  { name: 'REGUS VIRTUAL OFFICE', merchant: 'Regus', min: 350, max: 650, account: 0 },
  { name: 'COMCAST BUSINESS', merchant: 'Comcast', min: 90, max: 160, account: 0 },
  { name: 'INTRST PYMNT', merchant: null, min: -9, max: -1, account: 1 },
  { name: 'CREDIT CARD 3333 PAYMENT *//', merchant: null, min: 400, max: 1500, account: 0 },
] as const;

/** A deterministic number in [0, 1) from a text (the stream's dice). */
function dice(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;
}

const shortHash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 24);
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const accountIdOf = (itemId: string, index: number) => `acc_${shortHash(`${itemId}|account|${index}`)}`;

interface StreamItem {
  itemId: string;
  createdAt: Date;
}

/** How many transactions of the stream exist at `at`. */
export function streamLength(item: StreamItem, at: Date, arrivalMinutes: number): number {
  const since = Math.max(0, at.getTime() - item.createdAt.getTime());
  return historyCount + Math.floor(since / (arrivalMinutes * 60_000));
}

/** The n-th transaction of an item's stream, pending or posted. */
export function streamTransaction(item: StreamItem, n: number, pending: boolean, arrivalMinutes: number): ProviderTransaction {
  // Lines take turns from an offset of the item's own, so every dozen transactions holds each of them once.
  const line = streamLines[(n + Math.floor(dice(`${item.itemId}|line`) * streamLines.length)) % streamLines.length]!;
  const dollars = line.min + dice(`${item.itemId}|amount|${n}`) * (line.max - line.min);
  const linkedAt = item.createdAt.getTime();
  const at =
    n < historyCount ? linkedAt - ((historyCount - n) * historyDays * 86_400_000) / historyCount : linkedAt + (n - historyCount + 1) * arrivalMinutes * 60_000;
  return {
    transactionId: `txn_${shortHash(`${item.itemId}|${n}|${pending ? 'pending' : 'posted'}`)}`,
    accountId: accountIdOf(item.itemId, line.account),
    amount: Math.round(dollars * 100) / 100,
    isoCurrencyCode: 'USD',
    date: dayOf(at),
    name: line.name,
    merchantName: line.merchant,
    pending,
  };
}

type Change = { kind: 'added'; transaction: ProviderTransaction } | { kind: 'removed'; transaction: ProviderTransaction };

/**
 * The changes that take a copy of the stream of length `from` (0: nothing yet) to length
 * `to`: posted transactions added, pending ones added, and pending ones removed because they
 * posted meanwhile.
 */
export function streamChanges(item: StreamItem, from: number, to: number, arrivalMinutes: number): Change[] {
  const oldPosted = Math.max(0, from - pendingCount);
  const newPosted = Math.max(0, to - pendingCount);
  const changes: Change[] = [];
  for (let n = oldPosted; n < Math.min(from, newPosted); n++) changes.push({ kind: 'removed', transaction: streamTransaction(item, n, true, arrivalMinutes) });
  for (let n = oldPosted; n < newPosted; n++) changes.push({ kind: 'added', transaction: streamTransaction(item, n, false, arrivalMinutes) });
  for (let n = Math.max(newPosted, from); n < to; n++) changes.push({ kind: 'added', transaction: streamTransaction(item, n, true, arrivalMinutes) });
  return changes;
}

/** The sandbox's cursor: how far the stream was delivered, or a pagination in progress. */
interface StreamCursor {
  from: number;
  to: number;
  offset: number;
}

const encodeCursor = (cursor: StreamCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string | null): StreamCursor {
  if (!text) return { from: 0, to: 0, offset: 0 };
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<StreamCursor>;
    if ([value.from, value.to, value.offset].every((part) => Number.isSafeInteger(part) && (part as number) >= 0) && value.from! <= value.to!)
      return value as StreamCursor;
  } catch {
    // Falls through to Plaid's answer for a cursor it did not issue.
  }
  throw new BankLinkingError('INVALID_INPUT', 'INVALID_FIELD', 400, 'cursor is not valid');
}

export interface SandboxBankLinking extends BankLinkingProvider {
  readonly name: 'sandbox';
  institutions(): readonly SandboxInstitution[];
  /** The sandbox Link page's sign-in: a public token and the accounts, or the bank's refusal (BankLinkingError). */
  authenticate(input: { linkToken: string; institutionId: string; username: string; password: string }): Promise<{
    publicToken: string;
    institution: SandboxInstitution;
    accounts: { id: string; name: string; mask: string | null }[];
  }>;
  /** What Plaid's /sandbox/item/fire_webhook sends: the body and its Plaid-Verification header. */
  fireWebhook(itemId: string, code: 'SYNC_UPDATES_AVAILABLE' | 'ERROR' | 'LOGIN_REPAIRED'): Promise<{ url: string | null; body: string; verification: string }>;
}

export interface SandboxOptions {
  db: Db;
  now: () => Date;
  /** SESSION_SECRET: the sandbox's tokens and webhooks are signed with keys derived from it. */
  secret: string;
  /** Minutes between two new transactions of a linked item's stream. */
  arrivalMinutes?: number;
}

export function createSandboxBankLinking(options: SandboxOptions): SandboxBankLinking {
  const { db, now } = options;
  const arrivalMinutes = options.arrivalMinutes ?? 15;
  const linkKey = createHmac('sha256', options.secret).update('alta bank-linking sandbox link tokens').digest();
  const webhookKey = createHmac('sha256', options.secret).update('alta bank-linking sandbox webhooks').digest();

  const sign = (payload: string) => createHmac('sha256', linkKey).update(payload).digest('base64url');

  function readLinkToken(linkToken: string): { clientUserId: string; itemId: string | null; webhook: string | null } {
    const [, body, signature] = /^link-sandbox-([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(linkToken) ?? [];
    const expected = body ? Buffer.from(sign(body)) : null;
    if (!body || !signature || !expected || expected.length !== signature.length || !timingSafeEqual(expected, Buffer.from(signature))) {
      throw new BankLinkingError('INVALID_INPUT', 'INVALID_LINK_TOKEN', 400, 'link token is not valid');
    }
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u: string; i: string | null; w: string | null; e: number };
    if (payload.e <= now().getTime()) throw new BankLinkingError('INVALID_INPUT', 'INVALID_LINK_TOKEN', 400, 'link token expired');
    return { clientUserId: payload.u, itemId: payload.i, webhook: payload.w };
  }

  async function itemOf(accessToken: string) {
    const [item] = await db
      .select()
      .from(bankSandboxItems)
      .where(and(eq(bankSandboxItems.accessTokenHash, tokenHash(accessToken)), isNull(bankSandboxItems.removedAt)));
    if (!item) throw new BankLinkingError('INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 400, 'provided access token is in an invalid format or does not exist');
    return item;
  }

  const institutionOf = (id: string) => sandboxInstitutions.find((institution) => institution.id === id);

  const accountsOf = (itemId: string): ProviderAccount[] =>
    sandboxAccounts.map((account, index) => ({
      accountId: accountIdOf(itemId, index),
      name: account.name,
      mask: account.mask,
      type: account.type,
      subtype: account.subtype,
    }));

  return {
    name: 'sandbox',

    institutions: () => sandboxInstitutions,

    async createLinkToken(input) {
      const itemId = input.accessToken ? (await itemOf(input.accessToken)).itemId : null;
      const expiration = new Date(now().getTime() + linkTokenMinutes * 60_000);
      const body = Buffer.from(JSON.stringify({ u: input.clientUserId, i: itemId, w: input.webhook, e: expiration.getTime() })).toString('base64url');
      return { linkToken: `link-sandbox-${body}.${sign(body)}`, expiration: expiration.toISOString() };
    },

    async authenticate({ linkToken, institutionId, username, password }) {
      const token = readLinkToken(linkToken);
      const institution = institutionOf(institutionId);
      if (!institution) throw new BankLinkingError('INVALID_INPUT', 'INVALID_INSTITUTION', 400, 'invalid institution_id provided');
      const forced = /^error_([A-Z_]+)$/.exec(password)?.[1];
      if (username === 'user_good' && forced && linkErrors[forced]) throw new BankLinkingError(linkErrors[forced], forced, 400, `sandbox ${forced}`);
      if (!['user_good', 'user_expiring'].includes(username) || password !== 'pass_good') {
        throw new BankLinkingError('ITEM_ERROR', 'INVALID_CREDENTIALS', 400, 'the provided credentials were not correct');
      }
      const publicToken = `public-sandbox-${randomUUID()}`;
      const publicTokenExpiresAt = new Date(now().getTime() + publicTokenMinutes * 60_000);
      let itemId = token.itemId;
      if (itemId) {
        // Update mode: the same item, signed in again.
        await db
          .update(bankSandboxItems)
          .set({ loginRequired: false, expiresLogin: false, publicTokenHash: tokenHash(publicToken), publicTokenExpiresAt })
          .where(eq(bankSandboxItems.itemId, itemId));
      } else {
        itemId = shortHash(`item|${randomUUID()}`);
        await db.insert(bankSandboxItems).values({
          itemId,
          institutionId,
          clientUserId: token.clientUserId,
          webhook: token.webhook,
          publicTokenHash: tokenHash(publicToken),
          publicTokenExpiresAt,
          expiresLogin: username === 'user_expiring',
          createdAt: now(),
        });
      }
      return { publicToken, institution, accounts: accountsOf(itemId).map((account) => ({ id: account.accountId, name: account.name, mask: account.mask })) };
    },

    async exchangePublicToken(publicToken) {
      const accessToken = `access-sandbox-${randomUUID()}`;
      // Single use: the row that still holds this unexpired public token trades it for an access token.
      const [item] = await db
        .update(bankSandboxItems)
        .set({ publicTokenHash: null, publicTokenExpiresAt: null, accessTokenHash: tokenHash(accessToken) })
        .where(
          and(
            eq(bankSandboxItems.publicTokenHash, tokenHash(publicToken)),
            gt(bankSandboxItems.publicTokenExpiresAt, now()),
            isNull(bankSandboxItems.removedAt),
          ),
        )
        .returning();
      if (!item) {
        throw new BankLinkingError('INVALID_INPUT', 'INVALID_PUBLIC_TOKEN', 400, 'provided public token is expired or invalid');
      }
      return { accessToken, itemId: item.itemId };
    },

    async getAccounts(accessToken) {
      const item = await itemOf(accessToken);
      if (item.loginRequired) throw new BankLinkingError('ITEM_ERROR', 'ITEM_LOGIN_REQUIRED', 400, 'the login details of this item have changed');
      const institution = institutionOf(item.institutionId);
      return {
        item: { itemId: item.itemId, institutionId: item.institutionId, institutionName: institution?.name ?? null },
        accounts: accountsOf(item.itemId),
      };
    },

    async syncTransactions({ accessToken, cursor, count }): Promise<TransactionsPage> {
      const item = await itemOf(accessToken);
      const position = decodeCursor(cursor);
      const firstSyncDone = position.offset === 0 && position.from === position.to && position.to > 0;
      if (item.expiresLogin && firstSyncDone && !item.loginRequired) {
        await db.update(bankSandboxItems).set({ loginRequired: true }).where(eq(bankSandboxItems.itemId, item.itemId));
        item.loginRequired = true;
      }
      if (item.loginRequired) throw new BankLinkingError('ITEM_ERROR', 'ITEM_LOGIN_REQUIRED', 400, 'the login details of this item have changed');
      // A finished cursor (offset 0 and from === to) starts a new pagination up to now.
      const paging =
        position.offset > 0 || position.from < position.to ? position : { from: position.to, to: streamLength(item, now(), arrivalMinutes), offset: 0 };
      const changes = streamChanges(item, paging.from, paging.to, arrivalMinutes);
      const page = changes.slice(paging.offset, paging.offset + Math.max(1, Math.min(count, 500)));
      const end = paging.offset + page.length;
      const hasMore = end < changes.length;
      return {
        accounts: accountsOf(item.itemId),
        added: page.filter((change) => change.kind === 'added').map((change) => change.transaction),
        modified: [],
        removed: page
          .filter((change) => change.kind === 'removed')
          .map(({ transaction }) => ({ transactionId: transaction.transactionId, accountId: transaction.accountId })),
        nextCursor: encodeCursor(hasMore ? { ...paging, offset: end } : { from: paging.to, to: paging.to, offset: 0 }),
        hasMore,
      };
    },

    async removeItem(accessToken) {
      const item = await itemOf(accessToken);
      await db.update(bankSandboxItems).set({ removedAt: now(), accessTokenHash: null }).where(eq(bankSandboxItems.itemId, item.itemId));
    },

    async fireWebhook(itemId, code) {
      const [item] = await db.select().from(bankSandboxItems).where(eq(bankSandboxItems.itemId, itemId));
      const body = JSON.stringify(
        code === 'SYNC_UPDATES_AVAILABLE'
          ? {
              webhook_type: 'TRANSACTIONS',
              webhook_code: code,
              item_id: itemId,
              initial_update_complete: true,
              historical_update_complete: true,
              environment: 'sandbox',
            }
          : code === 'ERROR'
            ? {
                webhook_type: 'ITEM',
                webhook_code: code,
                item_id: itemId,
                error: {
                  error_type: 'ITEM_ERROR',
                  error_code: 'ITEM_LOGIN_REQUIRED',
                  error_message: 'the login details of this item have changed',
                  display_message: null,
                },
                environment: 'sandbox',
              }
            : { webhook_type: 'ITEM', webhook_code: code, item_id: itemId, environment: 'sandbox' },
        null,
        2,
      );
      const verification = await new SignJWT({ request_body_sha256: createHash('sha256').update(body).digest('hex') })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(Math.floor(now().getTime() / 1000))
        .sign(webhookKey);
      return { url: item?.webhook ?? null, body, verification };
    },

    async verifyWebhook(body, verificationHeader) {
      if (!verificationHeader) return null;
      try {
        const { payload } = await jwtVerify(verificationHeader, webhookKey, { algorithms: ['HS256'], maxTokenAge: '5 min', currentDate: now() });
        const actual = createHash('sha256').update(body).digest('hex');
        if (payload.request_body_sha256 !== actual) return null;
        return readWebhook(JSON.parse(body));
      } catch {
        return null;
      }
    },
  };
}
