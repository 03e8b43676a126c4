import { createRoute, OpenAPIHono, z, type RouteConfig } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import {
  bankLinkSchema,
  bankLinksSchema,
  exchangeRequestSchema,
  linkTokenRequestSchema,
  linkTokenResponseSchema,
  sandboxInstitutionSchema,
  sandboxLinkRequestSchema,
  sandboxLinkResponseSchema,
  syncResultSchema,
} from '@domain/bank-linking';
import type { ProblemCode } from '@domain/problem';
import { BankSyncError, syncBankLink } from '../bank-linking/sync-bank-link';
import type { AppDeps, AppEnv } from '../context';
import { accountsOfLinks, findBankLink, findBankLinkByItem, listBankLinks, toBankLink, upsertLinkedAccounts } from '../db/queries/bank-links';
import { bankLinks } from '../db/schema/bank-linking';
import { logError } from '../lib/log-error';
import { ProblemError } from '../lib/problem';
import { problem, problemResponses } from '../lib/problem-responses';
import { withSession } from '../middleware/with-session';
import { BankLinkingError, type BankLinkingProvider } from '../providers/bank-linking/bank-linking-provider';
import type { SandboxBankLinking } from '../providers/bank-linking/sandbox-bank-linking';
import { notifyScopes } from '../sync/poke';
import { companyRolesOf } from '../sync/scope';
import { json } from '../lib/openapi';

const companyParams = z.strictObject({ companyId: z.uuid() });
const linkParams = z.strictObject({ companyId: z.uuid(), linkId: z.uuid() });

/** Plaid's Link and item error codes → the problem the person is shown. */
function linkProblem(error: unknown, fallback: ProblemCode): ProblemError {
  if (!(error instanceof BankLinkingError)) return new ProblemError(502, fallback);
  switch (error.errorCode) {
    case 'INVALID_CREDENTIALS':
      return new ProblemError(400, 'bank_invalid_credentials');
    case 'ITEM_LOCKED':
      return new ProblemError(400, 'bank_item_locked');
    case 'INSTITUTION_DOWN':
    case 'INSTITUTION_NOT_RESPONDING':
    case 'INSTITUTION_NOT_AVAILABLE':
      return new ProblemError(503, 'bank_institution_unavailable');
    case 'ITEM_LOGIN_REQUIRED':
      return new ProblemError(409, 'bank_login_required');
    default:
      return new ProblemError(error.status >= 500 ? 502 : 400, fallback);
  }
}

function logFailure(msg: string, error: unknown) {
  logError(msg, { ...(error instanceof BankLinkingError ? { providerCode: error.errorCode } : {}) }, error);
}

const tags = ['bank links'];

/** Routes for signed-in callers (whose company membership the handler checks): the tag and the session middleware. */
const signedInRouteOf =
  (signedIn: ReturnType<typeof withSession>) =>
  <const R extends Omit<RouteConfig, 'tags' | 'middleware'>>(route: R) =>
    createRoute({ ...route, tags, middleware: [signedIn] as const });

/**
 * Linked bank accounts of a company (owner or teammate; any other caller is answered 404):
 * Link tokens, the public-token exchange, the list, a sync into the books, unlink; the
 * provider's webhook (verified by its signature); and, with the local sandbox, its Link
 * page's institutions and sign-in.
 */
export function bankLinksRouter(deps: AppDeps, provider: BankLinkingProvider) {
  const router = new OpenAPIHono<AppEnv>();
  const signedIn = withSession(deps);
  const db = deps.database.db;
  const syncDeps = { db, provider, now: deps.now };
  const webhookUrl = `${deps.env.APP_URL}/api/v1/bank-linking/webhook`;
  // Plaid only delivers webhooks to public https addresses; the sandbox keeps any.
  const webhook = provider.name === 'sandbox' || webhookUrl.startsWith('https://') ? webhookUrl : null;

  async function assertMember(userId: string, companyId: string) {
    // A company the caller does not belong to is answered exactly like one that does not exist.
    if (!(await companyRolesOf(db, userId)).has(companyId)) throw new ProblemError(404, 'not_found');
  }

  async function linkOf(userId: string, companyId: string, linkId: string) {
    await assertMember(userId, companyId);
    const link = await findBankLink(db, linkId, companyId);
    if (!link) throw new ProblemError(404, 'not_found');
    return link;
  }

  async function linkView(linkId: string) {
    const [link] = await db.select().from(bankLinks).where(eq(bankLinks.id, linkId));
    return toBankLink(link!, await accountsOfLinks(db, [linkId]));
  }

  /** Runs the sync, answering the person's reasons as problems (busy, sign in again, provider failure). */
  async function runSync(linkId: string) {
    try {
      return await syncBankLink(syncDeps, linkId);
    } catch (error) {
      if (error instanceof BankSyncError && error.code === 'busy') throw new ProblemError(409, 'bank_sync_in_progress');
      if (error instanceof BankSyncError && error.code === 'ITEM_LOGIN_REQUIRED') throw new ProblemError(409, 'bank_login_required');
      logFailure('bank sync failed', error);
      throw new ProblemError(502, 'bank_sync_failed');
    }
  }

  const signedInRoute = signedInRouteOf(signedIn);

  router.openapi(
    signedInRoute({
      method: 'get',
      path: '/companies/{companyId}/bank-links',
      summary: 'The company’s linked banks and their accounts, with status and last sync',
      request: { params: companyParams },
      responses: { 200: { description: 'The links', content: json(bankLinksSchema) }, ...problemResponses(400, 401, 404) },
    }),
    async (c) => {
      const { companyId } = c.req.valid('param');
      await assertMember(c.var.user.id, companyId);
      return c.json({ items: await listBankLinks(db, companyId) }, 200);
    },
  );

  router.openapi(
    signedInRoute({
      method: 'post',
      path: '/companies/{companyId}/bank-links/link-token',
      summary: 'A Link token to link a bank, or (with `linkId`) to sign in again to a linked one',
      request: { params: companyParams, body: { content: json(linkTokenRequestSchema) } },
      responses: {
        200: { description: 'The token and which Link flow to run', content: json(linkTokenResponseSchema) },
        ...problemResponses(400, 401, 404),
        502: problem('`bank_link_token_failed`: the provider did not give a token'),
      },
    }),
    async (c) => {
      const { companyId } = c.req.valid('param');
      const { linkId, language } = c.req.valid('json');
      const accessToken = linkId ? (await linkOf(c.var.user.id, companyId, linkId)).accessToken : undefined;
      if (!linkId) await assertMember(c.var.user.id, companyId);
      try {
        const token = await provider.createLinkToken({ clientUserId: companyId, language: language ?? 'es', webhook, accessToken });
        return c.json({ linkToken: token.linkToken, expiration: new Date(token.expiration).toISOString(), mode: provider.name }, 200);
      } catch (error) {
        logFailure('bank link token failed', error);
        throw new ProblemError(502, 'bank_link_token_failed');
      }
    },
  );

  router.openapi(
    signedInRoute({
      method: 'post',
      path: '/companies/{companyId}/bank-links',
      summary: 'Links a bank: exchanges Link’s public token, stores the accounts and brings the first transactions',
      request: { params: companyParams, body: { content: json(exchangeRequestSchema) } },
      responses: {
        201: { description: 'The new link', content: json(bankLinkSchema) },
        ...problemResponses(400, 401, 404, 409),
        502: problem('`bank_link_failed`: the provider failed'),
      },
    }),
    async (c) => {
      const { companyId } = c.req.valid('param');
      const { publicToken, institutionName } = c.req.valid('json');
      await assertMember(c.var.user.id, companyId);
      let exchanged: { accessToken: string; itemId: string };
      let found: Awaited<ReturnType<BankLinkingProvider['getAccounts']>>;
      try {
        exchanged = await provider.exchangePublicToken(publicToken);
        found = await provider.getAccounts(exchanged.accessToken);
      } catch (error) {
        logFailure('bank link exchange failed', error);
        throw linkProblem(error, 'bank_link_failed');
      }
      if (await findBankLinkByItem(db, provider.name, exchanged.itemId)) throw new ProblemError(409, 'conflict');
      const linkId = crypto.randomUUID();
      const now = deps.now();
      await db.transaction(async (tx) => {
        await tx.insert(bankLinks).values({
          id: linkId,
          companyId,
          provider: provider.name,
          itemId: exchanged.itemId,
          accessToken: exchanged.accessToken,
          institutionId: found.item.institutionId,
          institutionName: found.item.institutionName ?? institutionName ?? null,
          createdBy: c.var.user.id,
          createdAt: now,
          updatedAt: now,
        });
        await upsertLinkedAccounts(
          tx,
          { id: linkId, companyId, institutionName: found.item.institutionName ?? institutionName ?? null },
          found.accounts.map((account) => ({
            providerAccountId: account.accountId,
            name: account.name,
            mask: account.mask,
            type: account.type,
            subtype: account.subtype,
          })),
          now,
        );
        await notifyScopes(tx, new Set([companyId]), null);
      });
      // The first pages come at once so the books fill while the person watches; a failure
      // here leaves the link in place with its status, for "sync now" or the next webhook.
      await runSync(linkId).catch((error: unknown) => {
        if (!(error instanceof ProblemError)) throw error;
      });
      return c.json(await linkView(linkId), 201);
    },
  );

  router.openapi(
    signedInRoute({
      method: 'post',
      path: '/companies/{companyId}/bank-links/{linkId}/sync',
      summary: 'Brings the link’s new, changed and removed transactions into the books (bounded: call again while `hasMore`)',
      request: { params: linkParams },
      responses: {
        200: { description: 'What was written', content: json(syncResultSchema) },
        ...problemResponses(400, 401, 404, 409),
        502: problem('`bank_sync_failed`: the provider failed'),
      },
    }),
    async (c) => {
      const { companyId, linkId } = c.req.valid('param');
      await linkOf(c.var.user.id, companyId, linkId);
      const counts = await runSync(linkId);
      return c.json({ ...counts, link: await linkView(linkId) }, 200);
    },
  );

  router.openapi(
    signedInRoute({
      method: 'delete',
      path: '/companies/{companyId}/bank-links/{linkId}',
      summary: 'Unlinks a bank: the provider forgets the item; the transactions already imported stay in the books',
      request: { params: linkParams },
      responses: { 204: { description: 'Unlinked' }, ...problemResponses(400, 401, 404), 502: problem('`bank_unlink_failed`: the provider failed') },
    }),
    async (c) => {
      const { companyId, linkId } = c.req.valid('param');
      const link = await linkOf(c.var.user.id, companyId, linkId);
      try {
        await provider.removeItem(link.accessToken);
      } catch (error) {
        // An item the provider no longer knows is already unlinked there.
        const gone = error instanceof BankLinkingError && ['ITEM_NOT_FOUND', 'INVALID_ACCESS_TOKEN'].includes(error.errorCode);
        if (!gone) {
          logFailure('bank unlink failed', error);
          throw new ProblemError(502, 'bank_unlink_failed');
        }
      }
      // The accounts stay (their link_id cleared) so their transactions keep their name on every device.
      await db.transaction(async (tx) => {
        await tx.delete(bankLinks).where(eq(bankLinks.id, link.id));
        await notifyScopes(tx, new Set([companyId]), null);
      });
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/bank-linking/webhook',
      summary: 'The provider’s webhook (Plaid-Verification signature checked): new transactions are synced, item errors recorded',
      tags,
      responses: { 200: { description: 'Received', content: json(z.object({ received: z.literal(true) })) }, ...problemResponses(401) },
    }),
    async (c) => {
      const body = await c.req.text();
      const event = await provider.verifyWebhook(body, c.req.header('plaid-verification'));
      if (!event) throw new ProblemError(401, 'unauthorized');
      const link = event.kind === 'ignored' ? undefined : await findBankLinkByItem(db, provider.name, event.itemId);
      if (link && event.kind === 'sync') {
        // Answered after a bounded sync; a busy link is being synced already, and a failure is recorded on the link.
        await syncBankLink(syncDeps, link.id).catch((error: unknown) => {
          if (!(error instanceof BankSyncError)) logFailure('bank webhook sync failed', error);
        });
      }
      if (link && event.kind === 'error') {
        await db
          .update(bankLinks)
          .set({ status: event.errorCode === 'ITEM_LOGIN_REQUIRED' ? 'login_required' : 'error', errorCode: event.errorCode, updatedAt: deps.now() })
          .where(eq(bankLinks.id, link.id));
      }
      if (link && event.kind === 'repaired')
        await db.update(bankLinks).set({ status: 'active', errorCode: null, updatedAt: deps.now() }).where(eq(bankLinks.id, link.id));
      return c.json({ received: true as const }, 200);
    },
  );

  if (provider.name === 'sandbox') mountSandboxLink(router, signedIn, provider as SandboxBankLinking);
  return router;
}

/** The local sandbox's Link page: its test institutions and the sign-in that gives a public token. */
function mountSandboxLink(router: OpenAPIHono<AppEnv>, signedIn: ReturnType<typeof withSession>, sandbox: SandboxBankLinking) {
  const signedInRoute = signedInRouteOf(signedIn);
  router.openapi(
    signedInRoute({
      method: 'get',
      path: '/bank-linking/sandbox/institutions',
      summary: 'Sandbox Link: the test banks',
      responses: { 200: { description: 'Institutions', content: json(z.object({ items: z.array(sandboxInstitutionSchema) })) }, ...problemResponses(401) },
    }),
    (c) => c.json({ items: [...sandbox.institutions()] }, 200),
  );
  router.openapi(
    createRoute({
      method: 'post',
      path: '/bank-linking/sandbox/link',
      summary: 'Sandbox Link: signs in to a test bank (user_good / pass_good) and answers a public token',
      tags,
      middleware: [signedIn] as const,
      request: { body: { content: json(sandboxLinkRequestSchema) } },
      responses: {
        200: { description: 'Linked', content: json(sandboxLinkResponseSchema) },
        400: problem('`validation`, or the bank refused the sign-in: `bank_invalid_credentials`, `bank_item_locked`'),
        ...problemResponses(401, 409),
        503: problem('`bank_institution_unavailable`'),
      },
    }),
    async (c) => {
      try {
        return c.json(await sandbox.authenticate(c.req.valid('json')), 200);
      } catch (error) {
        throw linkProblem(error, 'bank_link_failed');
      }
    },
  );
}
