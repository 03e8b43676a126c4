import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  addCardSchema,
  cardSetupResultSchema,
  confirmCardSetupSchema,
  invoiceListSchema,
  planChangeSchema,
  prorate,
  prorationSchema,
  savedCardListSchema,
  subscriptionListSchema,
  subscriptionSchema,
  type CardSetupResult,
  type Proration,
  type SavedCard,
} from '@domain/billing';
import { idempotencyKeySchema, paymentDeclineCodes } from '@domain/checkout';
import type { ProblemCode } from '@domain/problem';
import { buildInvoicePdf } from '../billing/invoice-pdf';
import type { AppDeps, AppEnv, SessionUser } from '../context';
import {
  addCredit,
  applyPlanChange,
  claimSubscriptionChange,
  customerOf,
  defaultCardOf,
  ensureOrderInvoices,
  ensureSubscriptions,
  findCardSetupOf,
  findInvoiceOf,
  findSubscriptionChange,
  findSubscriptionOf,
  insertInvoice,
  listCardsOf,
  listInvoicesOf,
  listSubscriptionsOf,
  planPrice,
  recordCardSetup,
  releaseSubscriptionChange,
  removeCard,
  saveCard,
  saveCustomer,
  setCancelAtPeriodEnd,
  setDefaultCard,
  settleSubscriptionChange,
  toSubscription,
  type CardRow,
  type SubscriptionChangeRow,
} from '../db/queries/billing';
import { ProblemError } from '../lib/problem';
import { problem, problemResponses } from '../lib/problem-responses';
import { answerOrRefusal, answerRefusals } from '../lib/refusals';
import { withSession } from '../middleware/with-session';
import { IdempotencyConflictError, PaymentProviderError, UnsupportedPaymentMethodError, type PaymentsProvider, type SetupOutcome } from '../providers/payments/payments-provider';
import { json } from '../lib/openapi';
import { toProviderMethod } from '../payments/provider-method';

const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const keyHeaders = z.object({ 'idempotency-key': idempotencyKeySchema });

/** The card's "no" (declines, a failed challenge) and the expected refusals of a change. */
const changeRefusals = [...paymentDeclineCodes, 'payment_failed', 'payment_in_progress', 'no_payment_method', 'plan_unchanged', 'subscription_inactive'] as const satisfies readonly ProblemCode[];
const cardRefusals = [...paymentDeclineCodes, 'payment_failed'] as const satisfies readonly ProblemCode[];
const removeRefusals = ['card_required'] as const satisfies readonly ProblemCode[];

/** A plan change's claim older than this belongs to a dead instance: Stripe’s client gives up within about 90 s (30 s, two retries). */
const staleChangeClaimMs = 2 * 60_000;

/** Rolls back a change whose claim another holder settled first. */
class SettledElsewhere extends Error {}

const toCard = (row: CardRow): SavedCard => ({ id: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear, isDefault: row.isDefault });

/** Provider failures the customer cannot fix by changing the card: 502, retried with the same key. */
async function provided<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof IdempotencyConflictError) throw new ProblemError(422, 'idempotency_key_reused');
    if (error instanceof UnsupportedPaymentMethodError) throw new ProblemError(400, 'payment_method_unsupported');
    if (error instanceof PaymentProviderError) throw new ProblemError(502, 'payment_failed');
    throw error;
  }
}

/**
 * Subscriptions, saved cards and invoices (SPEC §2, §3 Plans, §6 managed user; decision 031).
 * Everything reads the signed-in account's own rows, so an admin acting as a user ("log in as")
 * sees that user's; whatever moves money or changes billing refuses an impersonated session.
 */
export function billingRouter(deps: AppDeps, provider: PaymentsProvider) {
  const db = deps.database.db;
  const session = withSession(deps);

  const listRoute = createRoute({
    method: 'get',
    path: '/subscriptions',
    summary: 'The caller’s subscriptions: each owned company’s plan, billing, period, next charge and status',
    tags: ['billing'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    responses: { 200: { description: 'Subscriptions', content: json(subscriptionListSchema) }, ...problemResponses(401) },
  });

  const prorationRoute = createRoute({
    method: 'get',
    path: '/subscriptions/{id}/proration',
    summary: 'What changing the plan or billing would charge now (computed on the server)',
    tags: ['billing'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    request: { params: idParams, query: planChangeSchema },
    responses: { 200: { description: 'The proration', content: json(prorationSchema) }, ...problemResponses(400, 401, 404) },
  });

  const changeRoute = createRoute({
    method: 'post',
    path: '/subscriptions/{id}/change',
    summary: 'Change plan or billing, charging the proration to the default card, exactly once per Idempotency-Key',
    tags: ['billing'],
    security: [{ cookieAuth: [] }],
    middleware: [answerRefusals(...changeRefusals), session] as const,
    request: { params: idParams, headers: keyHeaders, body: { content: json(planChangeSchema), required: true } },
    responses: {
      200: answerOrRefusal('The subscription after the change', subscriptionSchema, changeRefusals),
      ...problemResponses(400, 401, 403, 404, 409),
      502: problem('The payment provider failed; retry with the same key'),
    },
  });

  const cancelRoute = (action: 'cancel' | 'resume') =>
    createRoute({
      method: 'post',
      path: `/subscriptions/{id}/${action}`,
      summary: action === 'cancel' ? 'Cancel at the end of the current period (nothing is charged after it)' : 'Undo a cancellation at period end',
      tags: ['billing'],
      security: [{ cookieAuth: [] }],
      middleware: [session] as const,
      request: { params: idParams },
      responses: { 200: { description: 'The subscription', content: json(subscriptionSchema) }, ...problemResponses(401, 403, 404) },
    });

  const cardsRoute = createRoute({
    method: 'get',
    path: '/payment-methods',
    summary: 'The caller’s saved cards (brand, last four, expiry), the default first',
    tags: ['billing'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    responses: { 200: { description: 'Saved cards', content: json(savedCardListSchema) }, ...problemResponses(401) },
  });

  const addCardRoute = createRoute({
    method: 'post',
    path: '/payment-methods',
    summary: 'Save a card through the provider’s SetupIntent (3-D Secure when the bank asks), once per Idempotency-Key',
    tags: ['billing'],
    security: [{ cookieAuth: [] }],
    middleware: [answerRefusals(...cardRefusals), session] as const,
    request: { headers: keyHeaders, body: { content: json(addCardSchema), required: true } },
    responses: {
      200: answerOrRefusal('Saved, or a 3-D Secure challenge to run', cardSetupResultSchema, cardRefusals),
      ...problemResponses(400, 401, 403),
      422: problem('`idempotency_key_reused`'),
      502: problem('The payment provider failed; retry with the same key'),
    },
  });

  const confirmCardRoute = createRoute({
    method: 'post',
    path: '/payment-methods/setups/{id}/confirm',
    summary: 'Finish saving a card after its 3-D Secure challenge',
    tags: ['billing'],
    security: [{ cookieAuth: [] }],
    middleware: [answerRefusals(...cardRefusals), session] as const,
    request: { params: idParams, body: { content: json(confirmCardSetupSchema), required: true } },
    responses: { 200: answerOrRefusal('Saved, or the challenge is still pending', cardSetupResultSchema, cardRefusals), ...problemResponses(400, 401, 403, 404) },
  });

  const defaultCardRoute = createRoute({
    method: 'post',
    path: '/payment-methods/{id}/default',
    summary: 'Make a saved card the default (the one subscriptions are charged to)',
    tags: ['billing'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    request: { params: idParams },
    responses: { 200: { description: 'Saved cards', content: json(savedCardListSchema) }, ...problemResponses(401, 403, 404) },
  });

  const removeCardRoute = createRoute({
    method: 'delete',
    path: '/payment-methods/{id}',
    summary: 'Remove a saved card; the last one cannot go while a subscription renews on it (`card_required`)',
    tags: ['billing'],
    security: [{ cookieAuth: [] }],
    middleware: [answerRefusals(...removeRefusals), session] as const,
    request: { params: idParams },
    responses: { 200: answerOrRefusal('Saved cards', savedCardListSchema, removeRefusals), ...problemResponses(401, 403, 404) },
  });

  const invoicesRoute = createRoute({
    method: 'get',
    path: '/invoices',
    summary: 'The caller’s invoices (paid orders, renewals, plan changes), newest first',
    tags: ['billing'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    responses: { 200: { description: 'Invoices', content: json(invoiceListSchema) }, ...problemResponses(401) },
  });

  const invoicePdfRoute = createRoute({
    method: 'get',
    path: '/invoices/{id}/pdf',
    summary: 'An invoice as PDF, in the account’s language',
    tags: ['billing'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    request: { params: idParams },
    responses: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } }, ...problemResponses(401, 404) },
  });

  /** The proration of `change` on the caller's subscription `id`, with the rows it was computed from. */
  async function prorationOf(user: SessionUser, id: string, change: { plan: Proration['plan']; billing: Proration['billing'] }) {
    const found = await findSubscriptionOf(db, user.id, id);
    if (!found) throw new ProblemError(404, 'not_found');
    const { subscription, companyType } = found;
    const price = planPrice(companyType, change.plan, change.billing);
    const computed = prorate({
      oldPrice: planPrice(companyType, subscription.plan, subscription.billing),
      newPrice: price,
      oldBilling: subscription.billing,
      newBilling: change.billing,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      credit: subscription.credit,
      now: deps.now(),
    });
    const proration: Proration = {
      ...change,
      price,
      unusedCredit: computed.unusedCredit,
      newCharge: computed.newCharge,
      amountDue: computed.amountDue,
      creditAfter: computed.creditAfter,
      periodStart: computed.periodStart.toISOString(),
      periodEnd: computed.periodEnd.toISOString(),
    };
    return { found, proration, periodStart: computed.periodStart, periodEnd: computed.periodEnd };
  }

  /** The account's provider customer, created at its first card (the key makes a retried creation the same customer). */
  async function customerFor(user: SessionUser): Promise<string> {
    const known = await customerOf(db, user.id, provider.name);
    if (known) return known;
    const customerId = await provided(() => provider.createCustomer({ email: user.email, userId: user.id, idempotencyKey: `customer:${user.id}` }));
    return saveCustomer(db, user.id, provider.name, customerId, deps.now());
  }

  /** A setup's outcome as the answer: a saved card, a challenge to run, or the decline as a problem (a refusal). */
  async function setupAnswer(user: SessionUser, setupId: string | null, outcome: SetupOutcome): Promise<CardSetupResult> {
    if (outcome.status === 'succeeded') {
      const card = await saveCard(db, {
        userId: user.id,
        provider: provider.name,
        providerPaymentMethodId: outcome.card.id,
        brand: outcome.card.brand,
        last4: outcome.card.last4,
        expMonth: outcome.card.expMonth,
        expYear: outcome.card.expYear,
        createdAt: deps.now(),
      });
      return { status: 'succeeded', card: toCard(card) };
    }
    if (outcome.status === 'requires_action' && setupId) return { status: 'requires_action', setupId, action: { type: 'three_d_secure', provider: provider.name, clientSecret: outcome.clientSecret } };
    if (outcome.status === 'failed') throw new ProblemError(402, outcome.code);
    throw new ProblemError(402, 'payment_failed');
  }

  const router = new OpenAPIHono<AppEnv>();
  return router
    .openapi(listRoute, async (c) => {
      const user = c.get('user');
      await ensureSubscriptions(db, deps.now(), user.id);
      return c.json({ subscriptions: await listSubscriptionsOf(db, user.id) }, 200);
    })
    .openapi(prorationRoute, async (c) => {
      const { proration } = await prorationOf(c.get('user'), c.req.valid('param').id, c.req.valid('query'));
      return c.json(proration, 200);
    })
    .openapi(changeRoute, async (c) => {
      const user = c.get('user');
      const { id } = c.req.valid('param');
      const key = c.req.valid('header')['idempotency-key'];
      const change = c.req.valid('json');
      const { found, proration, periodStart, periodEnd } = await prorationOf(user, id, change);
      const { subscription } = found;
      const answer = async () => {
        const current = (await findSubscriptionOf(db, user.id, id))!;
        return c.json(toSubscription(current.subscription, { name: current.companyName, type: current.companyType }), 200);
      };
      const requestHash = `${change.plan}:${change.billing}`;
      /** What an earlier request with this key left: its answer, or null when this request may go on. */
      const earlier = (row: SubscriptionChangeRow | null) => {
        if (!row) return null;
        if (row.requestHash !== requestHash) throw new ProblemError(422, 'idempotency_key_reused');
        // A retry of a change that went through answers the subscription as it is now.
        if (row.status === 'applied') return answer();
        // Its money became credit (another change won): the customer prices the change again, under a new key.
        if (row.status === 'credited') throw new ProblemError(409, 'conflict');
        return null;
      };
      const before = earlier(await findSubscriptionChange(db, id, key));
      if (before) return before;
      if (subscription.status !== 'active') throw new ProblemError(409, 'subscription_inactive');
      if (subscription.plan === change.plan && subscription.billing === change.billing) throw new ProblemError(409, 'plan_unchanged');
      // The key is claimed before any money moves: of concurrent requests with it, one charges.
      const claim = await claimSubscriptionChange(db, { subscriptionId: id, idempotencyKey: key, requestHash }, deps.now(), new Date(deps.now().getTime() - staleChangeClaimMs));
      if (!claim) {
        const after = earlier(await findSubscriptionChange(db, id, key));
        if (after) return after;
        throw new ProblemError(409, 'payment_in_progress');
      }
      let card: CardRow | null = null;
      let paymentId: string | null = null;
      try {
        if (proration.amountDue > 0) {
          card = await defaultCardOf(db, user.id);
          const customerId = card ? await customerOf(db, user.id, card.provider) : null;
          if (!card || !customerId || card.provider !== provider.name) throw new ProblemError(409, 'no_payment_method');
          const saved = card;
          // A payment still processing when the key was last tried is asked about, not made again.
          const outcome = await provided(() =>
            claim.providerPaymentId
              ? provider.retrieve(claim.providerPaymentId)
              : provider.createPayment({
                  amount: proration.amountDue,
                  currency: 'usd',
                  // Scoped by subscription: a retry repeats this charge, another subscription's same key is another.
                  idempotencyKey: `subscription-change:${id}:${key}`,
                  paymentMethod: { type: 'saved', customerId, paymentMethodId: saved.providerPaymentMethodId },
                  description: `Alta plan change — ${found.companyName}`,
                  metadata: { altaSubscriptionId: id, plan: change.plan, billing: change.billing, version: subscription.updatedAt.toISOString() },
                }),
          );
          if (outcome.status === 'processing') {
            // Not a failure: the money may still be taken. The next retry with the key asks the provider where it stands.
            await releaseSubscriptionChange(db, claim, outcome.id);
            throw new ProblemError(409, 'payment_in_progress');
          }
          if (outcome.status === 'failed') throw new ProblemError(402, outcome.code);
          // A saved card charged off-session cannot run a challenge now: the customer adds a card that does not need one.
          if (outcome.status === 'requires_action') throw new ProblemError(402, 'authentication_failed');
          if (outcome.status !== 'succeeded') throw new ProblemError(402, 'payment_failed');
          paymentId = outcome.id;
        }
      } catch (error) {
        // No money taken (a refusal, or an answer lost on the way that a retry with the same provider key finds): the key is free again.
        await releaseSubscriptionChange(db, claim, claim.providerPaymentId);
        throw error;
      }
      const now = deps.now();
      const applied = await db.transaction(async (tx) => {
        const row = await applyPlanChange(
          tx,
          { id, version: subscription.updatedAt, plan: change.plan, billing: change.billing, periodStart, periodEnd, credit: proration.creditAfter },
          now,
        );
        if (!row && !paymentId) {
          // Lost the race with nothing charged: the key is free for the customer's retry, priced again.
          await releaseSubscriptionChange(tx, claim, null);
          return false;
        }
        // The claim settles once: the charge goes on this change's invoice, or (a change won the race after pricing) becomes credit.
        if (!(await settleSubscriptionChange(tx, claim, row ? 'applied' : 'credited', paymentId))) {
          // A taken-over claim settled first with the same charge: this request's work is undone.
          throw new SettledElsewhere();
        }
        if (!row) await addCredit(tx, id, proration.amountDue, now);
        else if (paymentId) {
          await insertInvoice(tx, {
            sourceKey: `change:${id}:${key}`,
            userId: user.id,
            companyId: subscription.companyId,
            lines: [
              { kind: 'proration', id: change.plan, amount: proration.newCharge },
              { kind: 'credit', id: 'balance', amount: proration.amountDue - proration.newCharge },
            ],
            total: proration.amountDue,
            cardBrand: card?.brand ?? null,
            cardLast4: card?.last4 ?? null,
            periodStart,
            periodEnd,
            issuedAt: now,
          });
        }
        return row !== null;
      }).catch(async (error: unknown) => {
        if (!(error instanceof SettledElsewhere)) throw error;
        const settled = earlier(await findSubscriptionChange(db, id, key));
        if (settled) return settled;
        throw new ProblemError(409, 'payment_in_progress');
      });
      if (typeof applied !== 'boolean') return applied;
      // Another change won the race after this one was priced: the money taken is credit, the customer tries again.
      if (!applied) throw new ProblemError(409, 'conflict');
      return answer();
    })
    .openapi(cancelRoute('cancel'), async (c) => {
      const row = await setCancelAtPeriodEnd(db, c.get('user').id, c.req.valid('param').id, true, deps.now());
      if (!row) throw new ProblemError(404, 'not_found');
      const found = (await findSubscriptionOf(db, c.get('user').id, row.id))!;
      return c.json(toSubscription(found.subscription, { name: found.companyName, type: found.companyType }), 200);
    })
    .openapi(cancelRoute('resume'), async (c) => {
      const row = await setCancelAtPeriodEnd(db, c.get('user').id, c.req.valid('param').id, false, deps.now());
      if (!row) throw new ProblemError(404, 'not_found');
      const found = (await findSubscriptionOf(db, c.get('user').id, row.id))!;
      return c.json(toSubscription(found.subscription, { name: found.companyName, type: found.companyType }), 200);
    })
    .openapi(cardsRoute, async (c) => c.json({ cards: (await listCardsOf(db, c.get('user').id)).map(toCard) }, 200))
    .openapi(addCardRoute, async (c) => {
      const user = c.get('user');
      const key = c.req.valid('header')['idempotency-key'];
      const customerId = await customerFor(user);
      const outcome = await provided(() =>
        provider.createSetup({ customerId, paymentMethod: toProviderMethod(c.req.valid('json').paymentMethod), idempotencyKey: `card-setup:${user.id}:${key}` }),
      );
      if (outcome.status !== 'requires_action') return c.json(await setupAnswer(user, null, outcome), 200);
      // Kept for the confirmation after the challenge: the caller names it by Alta's id, never the provider's.
      const setup = await recordCardSetup(db, { userId: user.id, idempotencyKey: key, provider: provider.name, providerSetupId: outcome.id, createdAt: deps.now() });
      return c.json(await setupAnswer(user, setup.id, outcome), 200);
    })
    .openapi(confirmCardRoute, async (c) => {
      const user = c.get('user');
      const setup = await findCardSetupOf(db, user.id, c.req.valid('param').id);
      if (!setup || setup.provider !== provider.name) throw new ProblemError(404, 'not_found');
      const outcome = await provided(() => provider.confirmSetup({ id: setup.providerSetupId, ...c.req.valid('json') }));
      return c.json(await setupAnswer(user, setup.id, outcome), 200);
    })
    .openapi(defaultCardRoute, async (c) => {
      const user = c.get('user');
      if (!(await setDefaultCard(db, user.id, c.req.valid('param').id))) throw new ProblemError(404, 'not_found');
      return c.json({ cards: (await listCardsOf(db, user.id)).map(toCard) }, 200);
    })
    .openapi(removeCardRoute, async (c) => {
      const user = c.get('user');
      const { id } = c.req.valid('param');
      const removed = await removeCard(db, user.id, id);
      if (removed.result === 'missing') throw new ProblemError(404, 'not_found');
      if (removed.result !== 'removed') throw new ProblemError(409, 'card_required');
      // Detached after the row is gone: a card Alta no longer lists is never charged again, even if detaching fails.
      if (removed.card.provider === provider.name) await provided(() => provider.detachPaymentMethod(removed.card.providerPaymentMethodId));
      return c.json({ cards: (await listCardsOf(db, user.id)).map(toCard) }, 200);
    })
    .openapi(invoicesRoute, async (c) => {
      const user = c.get('user');
      await ensureOrderInvoices(db, user.id);
      const rows = await listInvoicesOf(db, user.id);
      return c.json(
        {
          invoices: rows.map(({ invoice, companyName }) => ({
            id: invoice.id,
            number: invoice.number,
            issuedAt: invoice.issuedAt.toISOString(),
            companyName,
            lines: invoice.lines,
            total: invoice.total,
            card: invoice.cardBrand && invoice.cardLast4 ? { brand: invoice.cardBrand, last4: invoice.cardLast4 } : null,
            periodStart: invoice.periodStart?.toISOString() ?? null,
            periodEnd: invoice.periodEnd?.toISOString() ?? null,
          })),
        },
        200,
      );
    })
    .openapi(invoicePdfRoute, async (c) => {
      const found = await findInvoiceOf(db, c.get('user').id, c.req.valid('param').id);
      if (!found) throw new ProblemError(404, 'not_found');
      const { invoice, user } = found;
      const pdf = await buildInvoicePdf({
        number: invoice.number,
        issuedAt: invoice.issuedAt,
        language: user.language,
        customer: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email },
        companyName: found.companyName,
        lines: invoice.lines,
        total: invoice.total,
        card: invoice.cardBrand && invoice.cardLast4 ? { brand: invoice.cardBrand, last4: invoice.cardLast4 } : null,
        period: invoice.periodStart && invoice.periodEnd ? { start: invoice.periodStart, end: invoice.periodEnd } : null,
      });
      return new Response(Buffer.from(pdf), {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${invoice.number}.pdf"`,
          'Cache-Control': 'private, no-store',
        },
      }) as never;
    });
}

