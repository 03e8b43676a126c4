import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { bankAccountViewSchema, bankingOverviewSchema, liquidationAddressViewSchema, walletTransactionSchema } from '@domain/banking';
import { bankAccountSchema, liquidationAddressSchema, withdrawalRequestSchema } from '@domain/banking-forms';
import { idempotencyKeySchema } from '@domain/checkout';
import { kybSubmissionSchema } from '@domain/kyb-record';
import { createBankingAccounts } from '../banking/accounts';
import { kybOf, submitKyb } from '../banking/kyb';
import { requireBankingAccess, requireMoneyMovement, sanctionedResidence } from '../banking/access';
import { applyBankingEvent } from '../banking/deposits';
import { listTransactions } from '../banking/money';
import { mailHeldPayment } from '../banking/held-payment-mail';
import { withdraw } from '../banking/withdrawals';
import type { AppDeps, AppEnv } from '../context';
import { ProblemError } from '../lib/problem';
import { withSession } from '../middleware/with-session';
import type { BankingProvider } from '../providers/banking/banking-provider';
import type { SandboxBanking } from '../providers/banking/sandbox-banking';
import { json } from '../lib/openapi';
import { problem } from '../lib/problem-responses';

const companyParams = z.object({ companyId: z.uuid({ error: 'validation.invalid' }) });
const idempotencyHeaders = z.object({ 'idempotency-key': idempotencyKeySchema });

/**
 * Banking and crypto (docs/decisions/027-banking-and-crypto.md): KYC, the account and
 * wallet, withdrawals, bank accounts, liquidation addresses, and the provider's webhooks
 * (two-factor access has its own router, banking-two-factor.ts). Every company route checks the caller against the company in the
 * query (404 otherwise) and two-factor access; money moves only inside a fresh step-up and
 * never in an impersonated session.
 */
export function bankingRouter(deps: AppDeps, provider: BankingProvider | SandboxBanking) {
  const db = deps.database.db;
  const session = withSession(deps);
  const router = new OpenAPIHono<AppEnv>();
  const accounts = createBankingAccounts(deps, provider);
  const protect = { security: [{ cookieAuth: [] }], middleware: session, tags: ['banking'] };
  /** Routes that move money: as unsafe methods, the API-wide `refuseUnsafeWhileImpersonating` keeps them from an admin's "log in as user" session. */
  const customerOnly = { ...protect, middleware: [session] };

  const overviewRoute = createRoute({
    ...protect,
    method: 'get',
    path: '/banking/companies/{companyId}',
    summary: 'The bank-account screen of a company: two-factor state, then (with access) verification, account, balances, bank accounts, liquidation addresses',
    request: { params: companyParams },
    responses: { 200: { description: 'Overview', content: json(bankingOverviewSchema) }, 401: problem('`unauthorized`'), 404: problem('`not_found`') },
  });

  const enableRoute = createRoute({
    ...protect,
    method: 'post',
    path: '/banking/companies/{companyId}/verification',
    summary: 'Start the company’s verification (hosted KYC/KYB link); refused for residents of SPEC §1 countries',
    request: { params: companyParams },
    responses: {
      201: { description: 'Overview with the verification link', content: json(bankingOverviewSchema) },
      403: problem('`banking_unavailable_country`, `two_factor_required`'),
      409: problem('`kyb_required`, `kyc_email_in_use`'),
    },
  });

  const kybRoute = createRoute({
    ...customerOnly,
    method: 'post',
    path: '/banking/companies/{companyId}/kyb',
    summary: 'Submit the company’s KYB (or basic crypto KYB): validated again, stored once, its draft frozen; then the verification link',
    request: { params: companyParams, body: { content: json(kybSubmissionSchema), required: true } },
    responses: {
      201: { description: 'Overview with the submitted KYB and the verification link', content: json(bankingOverviewSchema) },
      400: problem('`validation` (per field, under `form.`)'),
      403: problem('`banking_unavailable_country`, `two_factor_required`, `impersonation_forbidden`'),
      409: problem('`kyb_submitted`, `kyb_kind_mismatch`, `kyc_email_in_use`'),
    },
  });

  const transactionsRoute = createRoute({
    ...protect,
    method: 'get',
    path: '/banking/companies/{companyId}/transactions',
    summary: 'Wallet transactions, newest first',
    request: { params: companyParams },
    responses: {
      200: { description: 'Transactions', content: json(z.object({ items: z.array(walletTransactionSchema) })) },
      403: problem('`two_factor_required`'),
    },
  });

  const withdrawRoute = createRoute({
    ...customerOnly,
    method: 'post',
    path: '/banking/companies/{companyId}/withdrawals',
    summary: 'Withdraw (bank or USDT). Needs a fresh step-up and an Idempotency-Key: a retry with the same key sends nothing more',
    request: { params: companyParams, headers: idempotencyHeaders, body: { content: json(withdrawalRequestSchema), required: true } },
    responses: {
      201: {
        description: 'Sent, or `pending` while the provider has not answered (the resolver asks again; the balance stays taken)',
        content: json(walletTransactionSchema),
      },
      200: { description: 'The first answer for this key', content: json(walletTransactionSchema) },
      400: problem('`validation`'),
      403: problem('`two_factor_step_up_required`, `impersonation_forbidden`'),
      409: problem('`insufficient_balance`, `banking_not_approved`'),
      422: problem('`idempotency_key_reused`, `withdrawal_failed` (the provider refused it; the amount is back on the balance)'),
    },
  });

  const addAccountRoute = createRoute({
    ...customerOnly,
    method: 'post',
    path: '/banking/companies/{companyId}/bank-accounts',
    summary: 'Add a bank account to withdraw to (fresh step-up)',
    request: { params: companyParams, body: { content: json(bankAccountSchema), required: true } },
    responses: { 201: { description: 'Added', content: json(bankAccountViewSchema) }, 400: problem('`validation`'), 502: problem('`bank_account_failed`') },
  });

  const deleteAccountRoute = createRoute({
    ...customerOnly,
    method: 'delete',
    path: '/banking/companies/{companyId}/bank-accounts/{bankAccountId}',
    summary: 'Delete a bank account (fresh step-up)',
    request: { params: companyParams.extend({ bankAccountId: z.uuid({ error: 'validation.invalid' }) }) },
    responses: { 204: { description: 'Deleted' }, 404: problem('`not_found`'), 502: problem('`bank_account_delete_failed`') },
  });

  const liquidationRoute = createRoute({
    ...customerOnly,
    method: 'post',
    path: '/banking/companies/{companyId}/liquidation-addresses',
    summary: 'Create a liquidation address (crypto in, fiat out to a bank account; fresh step-up)',
    request: { params: companyParams, headers: idempotencyHeaders, body: { content: json(liquidationAddressSchema), required: true } },
    responses: { 201: { description: 'Created', content: json(liquidationAddressViewSchema) }, 502: problem('`liquidation_failed`') },
  });

  const webhookRoute = createRoute({
    method: 'post',
    path: '/banking/webhooks',
    summary: 'Provider events (Bridge format, `X-Webhook-Signature` verified; each event applied once)',
    tags: ['banking'],
    responses: {
      200: { description: 'Applied or already applied', content: json(z.object({ received: z.literal(true), duplicate: z.boolean() })) },
      400: problem('`webhook_signature_invalid`'),
    },
  });

  const routes = router
    .openapi(overviewRoute, async (c) => c.json(await accounts.overviewOf(c.var.user, c.req.valid('param').companyId), 200))
    .openapi(enableRoute, async (c) => {
      const { companyId } = c.req.valid('param');
      const access = await requireBankingAccess(db, c.var.user, companyId, deps.now());
      if (sanctionedResidence(access.company)) throw new ProblemError(403, 'banking_unavailable_country', { _: ['validation.bankingUnavailableCountry'] });
      // The verification link follows the company's KYB, never stands in for it.
      if (!(await kybOf(db, companyId))) throw new ProblemError(409, 'kyb_required');
      await accounts.startVerification(c.var.user.id, access);
      return c.json(await accounts.overviewOf(c.var.user, companyId), 201);
    })
    .openapi(kybRoute, async (c) => {
      const { companyId } = c.req.valid('param');
      const access = await requireBankingAccess(db, c.var.user, companyId, deps.now());
      if (sanctionedResidence(access.company)) throw new ProblemError(403, 'banking_unavailable_country', { _: ['validation.bankingUnavailableCountry'] });
      await submitKyb(db, { userId: c.var.user.id, company: access.company, submission: c.req.valid('json'), now: deps.now() });
      // The KYB is kept even if the provider fails now: "Start verification" tries the link again.
      await accounts.startVerification(c.var.user.id, access);
      return c.json(await accounts.overviewOf(c.var.user, companyId), 201);
    })
    .openapi(transactionsRoute, async (c) => {
      const { companyId } = c.req.valid('param');
      await requireBankingAccess(db, c.var.user, companyId, deps.now());
      return c.json({ items: await listTransactions(db, companyId) }, 200);
    })
    .openapi(withdrawRoute, async (c) => {
      const { companyId } = c.req.valid('param');
      await requireMoneyMovement(db, c.var.user, companyId, deps.now());
      const result = await withdraw(db, provider, {
        companyId,
        userId: c.var.user.id,
        idempotencyKey: c.req.valid('header')['idempotency-key'],
        withdrawal: c.req.valid('json'),
        now: deps.now(),
      });
      return c.json(result.transaction, result.replayed ? 200 : 201);
    })
    .openapi(addAccountRoute, async (c) => {
      const { companyId } = c.req.valid('param');
      await requireMoneyMovement(db, c.var.user, companyId, deps.now());
      return c.json(await accounts.addBankAccount(companyId, c.req.valid('json')), 201);
    })
    .openapi(deleteAccountRoute, async (c) => {
      const { companyId, bankAccountId } = c.req.valid('param');
      await requireMoneyMovement(db, c.var.user, companyId, deps.now());
      await accounts.deleteBankAccount(companyId, bankAccountId);
      return c.body(null, 204);
    })
    .openapi(liquidationRoute, async (c) => {
      const { companyId } = c.req.valid('param');
      await requireMoneyMovement(db, c.var.user, companyId, deps.now());
      return c.json(await accounts.createLiquidationAddress(companyId, c.req.valid('json'), c.req.valid('header')['idempotency-key']), 201);
    })
    .openapi(webhookRoute, async (c) => {
      // The raw body as sent: the signature covers its exact bytes.
      const rawBody = await c.req.text();
      const event = await provider.verifyWebhook(rawBody, c.req.header('x-webhook-signature'), deps.now());
      if (!event) throw new ProblemError(400, 'webhook_signature_invalid');
      let held: string | null = null;
      const applied = await applyBankingEvent(db, event, deps.now(), (id) => (held = id));
      if (held) await mailHeldPayment(deps, held);
      return c.json({ received: true as const, duplicate: !applied }, 200);
    });
  return routes;
}
