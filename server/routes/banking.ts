import type { Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  bankAccountSchema,
  bankAccountViewSchema,
  bankingOverviewSchema,
  liquidationAddressSchema,
  liquidationAddressViewSchema,
  liquidationNetworks,
  railsOfRegion,
  twoFactorCodeSchema,
  walletTransactionSchema,
  withdrawalRequestSchema,
  type BankingOverview,
  type LiquidationAddressView,
} from '@domain/banking';
import { idempotencyKeySchema } from '@domain/checkout';
import { kybSubmissionSchema } from '@domain/kyb';
import { kybOf, submitKyb } from '../banking/kyb';
import { bankingAccessOf, mayGenerateQr, requireBankingAccess, requireMoneyMovement, sanctionedResidence } from '../banking/access';
import { activeBankAccount, applyBankingEvent, balancesOf, listTransactions, toBankAccountView, withdraw } from '../banking/money';
import { mailHeldPayment } from '../banking/held-payment-mail';
import { confirmReset, createSecret, startReset, twoFactorPolicy, verifyCode } from '../banking/two-factor';
import { sendMailInBackground } from '../auth/mails';
import type { AppDeps, AppEnv, SessionUser } from '../context';
import { findUserById } from '../db/queries/users';
import { bankAccounts, bankingProfiles, liquidationAddresses } from '../db/schema/banking';
import { users } from '../db/schema/users';
import { ProblemError } from '../lib/problem';
import { answerRefusals, refusalResponse } from '../lib/refusals';
import { logError } from '../lib/log-error';
import { withSession } from '../middleware/with-session';
import { BankingProviderError, depositCurrencies, type BankingProvider, type VirtualAccounts } from '../providers/banking/banking-provider';
import type { SandboxBanking } from '../providers/banking/sandbox-banking';
import { renderMail } from '../providers/mail/render-mail';
import { refundHit, takeHit, type RateRule } from '../db/queries/rate-limits';
import { rateLimited, withRateLimit } from '../middleware/with-rate-limit';
import { clientIp } from '../auth/client-ip';
import { json } from '../lib/openapi';
import { problem } from '../lib/problem-responses';

const companyParams = z.object({ companyId: z.uuid({ error: 'validation.invalid' }) });
const codeBody = z.object({ code: twoFactorCodeSchema }).strict();
const companyBody = z.object({ companyId: z.uuid({ error: 'validation.invalid' }) }).strict();
/** Where each rail pays in, as the screen shows it: the provider's ids stay on the server. */
function depositInstructionsOf(accounts: VirtualAccounts | null): NonNullable<BankingOverview['profile']>['virtualAccounts'] {
  const { usd, eur, mxn } = accounts ?? {};
  const common = (account: { bankName: string; bankAddress: string; beneficiaryName: string }) => ({
    bankName: account.bankName,
    bankAddress: account.bankAddress,
    beneficiaryName: account.beneficiaryName,
  });
  return {
    usd: usd ? { ...common(usd), accountNumber: usd.accountNumber, routingNumber: usd.routingNumber, rails: usd.rails } : null,
    eur: eur ? { ...common(eur), iban: eur.iban, bic: eur.bic } : null,
    mxn: mxn ? { ...common(mxn), clabe: mxn.clabe } : null,
  };
}
const idempotencyHeaders = z.object({ 'idempotency-key': idempotencyKeySchema });

/** What a person typing codes meets in normal use: answered as refusals, not errors (decision 021). */
const verifyRefusals = ['two_factor_invalid_code', 'two_factor_locked', 'rate_limited'] as const;
const resetRefusals = ['two_factor_reset_cooldown'] as const;
const resetConfirmRefusals = ['two_factor_no_reset_code', 'two_factor_invalid_reset_code', 'rate_limited'] as const;

const callerOf = (c: Context) => (c.var as { user?: SessionUser }).user?.id;

/** Per-IP guesses of 2FA codes across accounts: the per-user lockout stops one account, this stops spraying many. */
export const twoFactorIpRule: RateRule = { max: 30, windowMs: 15 * 60_000, baseLockMs: 15 * 60_000, maxLockMs: 24 * 60 * 60_000 };

/**
 * Banking and crypto (docs/decisions/027-banking-and-crypto.md): two-factor access, KYC,
 * the account and wallet, withdrawals, bank accounts, liquidation addresses, and the
 * provider's webhooks. Every company route checks the caller against the company in the
 * query (404 otherwise) and two-factor access; money moves only inside a fresh step-up and
 * never in an impersonated session.
 */
export function bankingRouter(deps: AppDeps, provider: BankingProvider | SandboxBanking) {
  const db = deps.database.db;
  const session = withSession(deps);
  const router = new OpenAPIHono<AppEnv>();
  const protect = { security: [{ cookieAuth: [] }], middleware: session, tags: ['banking'] };
  /** Routes that move money or change the user's own two-factor: as unsafe methods, the API-wide `refuseUnsafeWhileImpersonating` keeps them from an admin's "log in as user" session. */
  const customerOnly = { ...protect, middleware: [session] };

  async function overviewOf(user: AppEnv['Variables']['user'], companyId: string): Promise<BankingOverview> {
    const now = deps.now();
    const access = await bankingAccessOf(db, user, companyId, now);
    const canSetUp = await mayGenerateQr(db, access.company);
    const base: BankingOverview = {
      twoFactor: { enabled: access.enabled, canSetUp, access: access.access, stepUpSeconds: access.stepUpSeconds },
      relation: access.company.relation,
      impersonated: user.impersonatorId !== null,
      bankingUnavailable: sanctionedResidence(access.company),
      kybKind: access.company.company.type === 'Cross Border Crypto' ? 'crypto' : 'business',
      kyb: null,
      profile: null,
      balances: null,
      bankAccounts: null,
      liquidationAddresses: null,
    };
    // Without two-factor access in this session, nothing about the money is shown.
    if (!access.access) return base;
    let [profile] = await db.select().from(bankingProfiles).where(eq(bankingProfiles.companyId, companyId));
    if (profile && profile.status === 'approved' && depositCurrencies.some((currency) => !profile!.virtualAccount?.[currency])) profile = await provision(profile);
    const accounts = await db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.companyId, companyId), isNull(bankAccounts.deletedAt)))
      .orderBy(desc(bankAccounts.createdAt));
    const addresses = await db.select().from(liquidationAddresses).where(eq(liquidationAddresses.companyId, companyId)).orderBy(desc(liquidationAddresses.createdAt));
    const byId = new Map(accounts.map((account) => [account.id, account]));
    return {
      ...base,
      kyb: await kybOf(db, companyId),
      profile: profile
        ? {
            status: profile.status,
            kycUrl: profile.kycUrl,
            virtualAccounts: depositInstructionsOf(profile.virtualAccount),
            walletAddress: profile.walletAddress,
          }
        : null,
      balances: await balancesOf(db, companyId),
      bankAccounts: accounts.map(toBankAccountView),
      liquidationAddresses: addresses.map(
        (row): LiquidationAddressView => ({
          id: row.id,
          date: row.createdAt.toISOString(),
          currency: row.currency,
          network: row.chain,
          bank: byId.get(row.bankAccountId)?.bankName ?? '',
          beneficiary: byId.get(row.bankAccountId)?.holderName ?? '',
          method: row.rail,
          address: row.address,
        }),
      ),
    };
  }

  /**
   * Once KYC is approved: the wallet and a virtual account per currency (USD, EUR, MXN), each
   * made with a key tied to the company so a retry makes no second. An account the provider
   * refuses (Bridge opens EUR and MXN only with the customer's SEPA or SPEI endorsement) is
   * asked for again on the next visit; the others are kept meanwhile.
   */
  async function provision(profile: typeof bankingProfiles.$inferSelect) {
    try {
      const wallet = profile.walletId
        ? { id: profile.walletId, address: profile.walletAddress ?? '' }
        : await provider.createWallet(profile.customerId, { idempotencyKey: `wallet-${profile.companyId}`, chain: 'solana' });
      const accounts: VirtualAccounts = { ...profile.virtualAccount };
      for (const currency of depositCurrencies) {
        if (accounts[currency]) continue;
        try {
          // The USD key is the one Alta used before EUR and MXN existed: the same account comes back.
          const idempotencyKey = currency === 'usd' ? `virtual-account-${profile.companyId}` : `virtual-account-${currency}-${profile.companyId}`;
          const account = await provider.createVirtualAccount(profile.customerId, { idempotencyKey, walletId: wallet.id, currency });
          if (account.currency === currency) Object.assign(accounts, { [currency]: account });
        } catch (error) {
          logError('virtual account failed', { currency }, error);
        }
      }
      const [updated] = await db
        .update(bankingProfiles)
        .set({ walletId: wallet.id, walletAddress: wallet.address, virtualAccount: accounts, updatedAt: deps.now() })
        .where(eq(bankingProfiles.companyId, profile.companyId))
        .returning();
      return updated ?? profile;
    } catch (error) {
      // The screen still opens; the next visit tries again.
      logError('banking provisioning failed', {}, error);
      return profile;
    }
  }

  /** The company's customer at the provider and its hosted verification link (once: the key is the company's). */
  async function startVerification(userId: string, access: Awaited<ReturnType<typeof requireBankingAccess>>) {
    const companyId = access.company.company.id;
    if (sanctionedResidence(access.company)) throw new ProblemError(403, 'banking_unavailable_country', { _: ['validation.bankingUnavailableCountry'] });
    const [existing] = await db.select().from(bankingProfiles).where(eq(bankingProfiles.companyId, companyId));
    if (existing) return;
    const [me] = await db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId));
    try {
      const link = await provider.createKycLink({
        idempotencyKey: `kyc-${companyId}`,
        fullName: access.company.company.nameOption1,
        email: me!.email,
        type: 'business',
        redirectUri: `${deps.env.APP_URL}/${me!.language}/banking-crypto`,
      });
      await db
        .insert(bankingProfiles)
        .values({ companyId, provider: provider.name, customerId: link.customerId, kycLinkId: link.id, kycUrl: link.url, status: link.status, createdAt: deps.now(), updatedAt: deps.now() })
        .onConflictDoNothing();
    } catch (error) {
      if (error instanceof BankingProviderError && /email/i.test(`${error.providerCode ?? ''} ${error.message}`) && error.status === 400) {
        throw new ProblemError(409, 'kyc_email_in_use');
      }
      logError('kyc link failed', {}, error);
      throw new ProblemError(502, 'kyc_failed');
    }
  }

  const overviewRoute = createRoute({
    ...protect,
    method: 'get',
    path: '/banking/companies/{companyId}',
    summary: 'The bank-account screen of a company: two-factor state, then (with access) verification, account, balances, bank accounts, liquidation addresses',
    request: { params: companyParams },
    responses: { 200: { description: 'Overview', content: json(bankingOverviewSchema) }, 401: problem('`unauthorized`'), 404: problem('`not_found`') },
  });

  const setupRoute = createRoute({
    ...customerOnly,
    method: 'post',
    path: '/banking/two-factor/setup',
    summary: 'Generate the two-factor QR (otpauth URI) for the caller',
    request: { body: { content: json(companyBody), required: true } },
    responses: {
      201: { description: 'The otpauth:// URI to show as a QR code', content: json(z.object({ otpauthUri: z.string() })) },
      403: problem('`two_factor_owner_only`, `impersonation_forbidden`'),
      404: problem('`not_found`'),
      409: problem('`two_factor_already_enabled`'),
    },
  });

  const verifyRoute = createRoute({
    ...protect,
    method: 'post',
    path: '/banking/two-factor/verify',
    summary: 'Check a 6-digit code: confirms the setup and opens banking (and a short step-up) for this session',
    // A mistyped code is a user's expected outcome (decision 021): refused with 200.
    middleware: [answerRefusals(...verifyRefusals), session] as const,
    request: { body: { content: json(codeBody), required: true } },
    responses: {
      204: { description: 'Valid' },
      200: refusalResponse(verifyRefusals),
    },
  });

  const resetRoute = createRoute({
    ...protect,
    method: 'post',
    path: '/banking/two-factor/reset',
    middleware: [answerRefusals(...resetRefusals), session] as const,
    summary: 'Mail a reset code to the owner of the company',
    request: { body: { content: json(companyBody), required: true } },
    responses: { 202: { description: 'Mailed' }, 200: refusalResponse(resetRefusals), 404: problem('`not_found`, `two_factor_required`') },
  });

  const resetConfirmRoute = createRoute({
    ...protect,
    method: 'post',
    path: '/banking/two-factor/reset/confirm',
    middleware: [answerRefusals(...resetConfirmRefusals), session, withRateLimit(deps, 'twoFactorResetConfirm', callerOf)] as const,
    summary: 'Remove the caller’s two-factor secret with the mailed code (then set up a new QR)',
    request: { body: { content: json(codeBody), required: true } },
    responses: { 204: { description: 'Reset' }, 200: refusalResponse(resetConfirmRefusals) },
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
    responses: { 200: { description: 'Transactions', content: json(z.object({ items: z.array(walletTransactionSchema) })) }, 403: problem('`two_factor_required`') },
  });

  const withdrawRoute = createRoute({
    ...customerOnly,
    method: 'post',
    path: '/banking/companies/{companyId}/withdrawals',
    summary: 'Withdraw (bank or USDT). Needs a fresh step-up and an Idempotency-Key: a retry with the same key sends nothing more',
    request: { params: companyParams, headers: idempotencyHeaders, body: { content: json(withdrawalRequestSchema), required: true } },
    responses: {
      201: { description: 'Sent, or `pending` while the provider has not answered (the resolver asks again; the balance stays taken)', content: json(walletTransactionSchema) },
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
    responses: { 200: { description: 'Applied or already applied', content: json(z.object({ received: z.literal(true), duplicate: z.boolean() })) }, 400: problem('`webhook_signature_invalid`') },
  });

  const routes = router
    .openapi(overviewRoute, async (c) => c.json(await overviewOf(c.var.user, c.req.valid('param').companyId), 200))
    .openapi(setupRoute, async (c) => {
      const user = c.var.user;
      const access = await bankingAccessOf(db, user, c.req.valid('json').companyId, deps.now());
      if (!(await mayGenerateQr(db, access.company))) throw new ProblemError(403, 'two_factor_owner_only');
      const otpauthUri = await createSecret(db, deps.env.SESSION_SECRET, user.id, user.email, deps.now());
      return c.json({ otpauthUri }, 201);
    })
    .openapi(verifyRoute, async (c) => {
      const user = c.var.user;
      // Code guesses from one address across accounts (`twoFactorIpRule`): counted before the
      // comparison, so guesses sent side by side meet the limit, and taken back unless wrong.
      const ipHit = await takeHit(db, `2fa:ip:${clientIp(c, deps.env) ?? 'unknown'}`, twoFactorIpRule, deps.now());
      if ('lockedUntil' in ipHit) throw rateLimited(ipHit.lockedUntil, deps.now());
      try {
        await verifyCode(db, deps.env.SESSION_SECRET, { userId: user.id, familyId: user.familyId, code: c.req.valid('json').code, now: deps.now() });
      } catch (error) {
        if (!(error instanceof ProblemError && error.code === 'two_factor_invalid_code')) await refundHit(db, ipHit.taken);
        throw error;
      }
      await refundHit(db, ipHit.taken);
      return c.body(null, 204);
    })
    .openapi(resetRoute, async (c) => {
      const user = c.var.user;
      const access = await bankingAccessOf(db, user, c.req.valid('json').companyId, deps.now());
      const code = await startReset(db, deps.env.SESSION_SECRET, { userId: user.id, companyId: access.company.company.id, now: deps.now() });
      // SPEC §4: the reset code goes to the owner (who is the caller when the caller owns the company).
      const owner = await findUserById(db, access.company.company.ownerId);
      if (owner) {
        sendMailInBackground(
          deps,
          'twoFactorReset',
          renderMail('twoFactorReset', {
            to: owner.email,
            language: owner.language,
            appUrl: deps.env.APP_URL,
            values: { firstName: owner.firstName, code, minutes: twoFactorPolicy.resetCodeTtlMs / 60_000, requester: user.email, company: access.company.company.nameOption1 },
          }),
        );
      }
      return c.body(null, 202);
    })
    .openapi(resetConfirmRoute, async (c) => {
      try {
        await confirmReset(db, deps.env.SESSION_SECRET, c.var.user.id, c.req.valid('json').code, deps.now());
      } catch (error) {
        // A code refused, or none left to try: either way a guess spent.
        if (error instanceof ProblemError) await c.var.rateLimit.failed();
        throw error;
      }
      await c.var.rateLimit.succeeded();
      return c.body(null, 204);
    })
    .openapi(enableRoute, async (c) => {
      const { companyId } = c.req.valid('param');
      const access = await requireBankingAccess(db, c.var.user, companyId, deps.now());
      if (sanctionedResidence(access.company)) throw new ProblemError(403, 'banking_unavailable_country', { _: ['validation.bankingUnavailableCountry'] });
      // The verification link follows the company's KYB, never stands in for it.
      if (!(await kybOf(db, companyId))) throw new ProblemError(409, 'kyb_required');
      await startVerification(c.var.user.id, access);
      return c.json(await overviewOf(c.var.user, companyId), 201);
    })
    .openapi(kybRoute, async (c) => {
      const { companyId } = c.req.valid('param');
      const access = await requireBankingAccess(db, c.var.user, companyId, deps.now());
      if (sanctionedResidence(access.company)) throw new ProblemError(403, 'banking_unavailable_country', { _: ['validation.bankingUnavailableCountry'] });
      await submitKyb(db, { userId: c.var.user.id, company: access.company, submission: c.req.valid('json'), now: deps.now() });
      // The KYB is kept even if the provider fails now: "Start verification" tries the link again.
      await startVerification(c.var.user.id, access);
      return c.json(await overviewOf(c.var.user, companyId), 201);
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
      const [profile] = await db.select().from(bankingProfiles).where(eq(bankingProfiles.companyId, companyId));
      if (!profile || profile.status !== 'approved') throw new ProblemError(409, 'banking_not_approved');
      const input = c.req.valid('json');
      const ownerName = input.ownerType === 'person' ? `${input.firstName} ${input.lastName}` : input.businessName!;
      try {
        const external = await provider.createExternalAccount(profile.customerId, {
          idempotencyKey: randomUUID(),
          region: input.region,
          ownerType: input.ownerType,
          bankName: input.bankName,
          ownerName,
          firstName: input.firstName,
          lastName: input.lastName,
          businessName: input.businessName,
          accountNumber: input.accountNumber?.replace(/\s/g, ''),
          routingNumber: input.routingNumber,
          bic: input.bic,
          clabe: input.clabe,
          address: { street: input.street, city: input.city, state: input.state, postalCode: input.postalCode, country: input.country },
        });
        const [row] = await db
          .insert(bankAccounts)
          .values({
            companyId,
            providerAccountId: external.id,
            region: input.region,
            ownerType: input.ownerType,
            bankName: input.bankName,
            holderName: ownerName,
            last4: external.last4,
            routingNumber: input.routingNumber ?? null,
            bic: input.bic ?? null,
            createdAt: deps.now(),
          })
          .returning();
        return c.json(toBankAccountView(row!), 201);
      } catch (error) {
        if (error instanceof ProblemError) throw error;
        logError('bank account failed', {}, error);
        throw new ProblemError(502, 'bank_account_failed');
      }
    })
    .openapi(deleteAccountRoute, async (c) => {
      const { companyId, bankAccountId } = c.req.valid('param');
      await requireMoneyMovement(db, c.var.user, companyId, deps.now());
      const account = await activeBankAccount(db, companyId, bankAccountId);
      if (!account) throw new ProblemError(404, 'not_found');
      const [profile] = await db.select().from(bankingProfiles).where(eq(bankingProfiles.companyId, companyId));
      try {
        await provider.deleteExternalAccount(profile!.customerId, account.providerAccountId);
      } catch (error) {
        logError('bank account delete failed', {}, error);
        throw new ProblemError(502, 'bank_account_delete_failed');
      }
      await db.update(bankAccounts).set({ deletedAt: deps.now() }).where(eq(bankAccounts.id, account.id));
      return c.body(null, 204);
    })
    .openapi(liquidationRoute, async (c) => {
      const { companyId } = c.req.valid('param');
      await requireMoneyMovement(db, c.var.user, companyId, deps.now());
      const input = c.req.valid('json');
      const [profile] = await db.select().from(bankingProfiles).where(eq(bankingProfiles.companyId, companyId));
      if (!profile || profile.status !== 'approved') throw new ProblemError(409, 'banking_not_approved');
      const account = await activeBankAccount(db, companyId, input.bankAccountId);
      if (!account) throw new ProblemError(400, 'validation', { bankAccountId: ['validation.required'] });
      if (!railsOfRegion[account.region].includes(input.method)) throw new ProblemError(400, 'validation', { method: ['validation.invalid'] });
      const network = liquidationNetworks[input.currency];
      try {
        const created = await provider.createLiquidationAddress(profile.customerId, {
          // Scoped by company: the provider's keys are one namespace for all of Alta, and a client's key is its own.
          idempotencyKey: `liquidation-${companyId}-${c.req.valid('header')['idempotency-key']}`,
          chain: network,
          currency: input.currency,
          externalAccountId: account.providerAccountId,
          rail: input.method,
          destinationCurrency: account.region === 'EU' ? 'eur' : account.region === 'MX' ? 'mxn' : 'usd',
        });
        // The same Idempotency-Key brings back the same provider address (a double click, a
        // retry): one row for it, however many requests carried the key, even side by side.
        const row = await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(4207013, hashtext(${created.id}))`);
          const [existing] = await tx.select().from(liquidationAddresses).where(and(eq(liquidationAddresses.companyId, companyId), eq(liquidationAddresses.providerId, created.id)));
          if (existing) return existing;
          const [inserted] = await tx
            .insert(liquidationAddresses)
            .values({ companyId, providerId: created.id, currency: input.currency, chain: network, bankAccountId: account.id, rail: input.method, address: created.address, createdAt: deps.now() })
            .returning();
          return inserted;
        });
        return c.json(
          { id: row!.id, date: row!.createdAt.toISOString(), currency: row!.currency, network, bank: account.bankName, beneficiary: account.holderName, method: input.method, address: row!.address },
          201,
        );
      } catch (error) {
        logError('liquidation address failed', {}, error);
        throw new ProblemError(502, 'liquidation_failed');
      }
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
