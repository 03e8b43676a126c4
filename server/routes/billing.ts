import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  addCardSchema,
  cardSetupResultSchema,
  confirmCardSetupSchema,
  invoiceListSchema,
  planChangeSchema,
  prorationSchema,
  savedCardListSchema,
  subscriptionListSchema,
  subscriptionSchema,
  type CardSetupResult,
  type SavedCard,
} from '@domain/billing';
import { idempotencyKeySchema } from '@domain/checkout';
import { buildInvoicePdf } from '../billing/invoice-pdf';
import type { AppDeps, AppEnv, SessionUser } from '../context';
import {
  ensureOrderInvoices,
  ensureSubscriptions,
  findInvoiceOf,
  findSubscriptionOf,
  listInvoicesOf,
  listSubscriptionsOf,
  setCancelAtPeriodEnd,
  toSubscription,
} from '../db/queries/billing';
import {
  customerOf,
  findCardSetupOf,
  listCardsOf,
  recordCardSetup,
  removeCard,
  saveCard,
  saveCustomer,
  setDefaultCard,
  type CardRow,
} from '../db/queries/billing-cards';
import { ProblemError } from '../lib/problem';
import { problem, problemResponses } from '../lib/problem-responses';
import { withSession } from '../middleware/with-session';
import type { PaymentsProvider, SetupOutcome } from '../providers/payments/payments-provider';
import { json } from '../lib/openapi';
import { provided } from '../payments/provided';
import { toProviderMethod } from '../payments/provider-method';
import { createSubscriptionChanges } from '../payments/subscription-changes';

const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const keyHeaders = z.object({ 'idempotency-key': idempotencyKeySchema });

const toCard = (row: CardRow): SavedCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  isDefault: row.isDefault,
});

/**
 * Subscriptions, saved cards and invoices (SPEC §2, §3 Plans, §6 managed user; decision 031).
 * Everything reads the signed-in account's own rows, so an admin acting as a user ("log in as")
 * sees that user's; whatever moves money or changes billing refuses an impersonated session.
 */
export function billingRouter(deps: AppDeps, provider: PaymentsProvider) {
  const db = deps.database.db;
  const session = withSession(deps);
  const changes = createSubscriptionChanges(deps, provider);

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
    middleware: [session] as const,
    request: { params: idParams, headers: keyHeaders, body: { content: json(planChangeSchema), required: true } },
    responses: {
      200: { description: 'The subscription after the change', content: json(subscriptionSchema) },
      ...problemResponses(400, 401, 403, 404),
      402: problem(
        'Declined: `card_declined`, `insufficient_funds`, `expired_card`, `incorrect_cvc`, `incorrect_number`, `authentication_failed`, `payment_failed`, with `declineCode`',
      ),
      409: problem('`plan_unchanged`, `subscription_inactive`, `no_payment_method`, `payment_in_progress`, `conflict`'),
      422: problem('`idempotency_key_reused`'),
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
    middleware: [session] as const,
    request: { headers: keyHeaders, body: { content: json(addCardSchema), required: true } },
    responses: {
      200: { description: 'Saved, or a 3-D Secure challenge to run', content: json(cardSetupResultSchema) },
      ...problemResponses(400, 401, 403),
      402: problem(
        'Declined: `card_declined`, `insufficient_funds`, `expired_card`, `incorrect_cvc`, `incorrect_number`, `authentication_failed`, `payment_failed`, with `declineCode`',
      ),
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
    middleware: [session] as const,
    request: { params: idParams, body: { content: json(confirmCardSetupSchema), required: true } },
    responses: {
      200: { description: 'Saved, or the challenge is still pending', content: json(cardSetupResultSchema) },
      ...problemResponses(400, 401, 403, 404),
      402: problem(
        'Declined: `card_declined`, `insufficient_funds`, `expired_card`, `incorrect_cvc`, `incorrect_number`, `authentication_failed`, `payment_failed`, with `declineCode`',
      ),
    },
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
    middleware: [session] as const,
    request: { params: idParams },
    responses: { 200: { description: 'Saved cards', content: json(savedCardListSchema) }, ...problemResponses(401, 403, 404, 409) },
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
    responses: {
      200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } },
      ...problemResponses(401, 404),
    },
  });

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
    if (outcome.status === 'requires_action' && setupId)
      return { status: 'requires_action', setupId, action: { type: 'three_d_secure', provider: provider.name, clientSecret: outcome.clientSecret } };
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
      const { proration } = await changes.prorationOf(c.get('user'), c.req.valid('param').id, c.req.valid('query'));
      return c.json(proration, 200);
    })
    .openapi(changeRoute, async (c) => {
      const subscription = await changes.changePlan(c.get('user'), c.req.valid('param').id, c.req.valid('header')['idempotency-key'], c.req.valid('json'));
      return c.json(subscription, 200);
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
        provider.createSetup({
          customerId,
          paymentMethod: toProviderMethod(c.req.valid('json').paymentMethod),
          idempotencyKey: `card-setup:${user.id}:${key}`,
        }),
      );
      if (outcome.status !== 'requires_action') return c.json(await setupAnswer(user, null, outcome), 200);
      // Kept for the confirmation after the challenge: the caller names it by Alta's id, never the provider's.
      const setup = await recordCardSetup(db, {
        userId: user.id,
        idempotencyKey: key,
        provider: provider.name,
        providerSetupId: outcome.id,
        createdAt: deps.now(),
      });
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
      });
    });
}
