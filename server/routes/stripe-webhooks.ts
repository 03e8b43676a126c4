import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import Stripe from 'stripe';
import { problemSchema } from '@domain/problem';
import type { AppDeps, AppEnv } from '../context';
import { cardByProviderId, forgetCard } from '../db/queries/billing-cards';
import { findChargeByPayment, settleChargeFailed, settleChargeSucceeded } from '../db/queries/subscription-charges';
import { stripeEvents } from '../db/schema/billing';
import { ProblemError } from '../lib/problem';

/** How old a signed event may be (Stripe's own default): a captured event replayed later is refused. */
const toleranceSeconds = 300;

const webhookRoute = createRoute({
  method: 'post',
  path: '/webhooks/stripe',
  summary: 'Stripe events (`Stripe-Signature` verified with STRIPE_WEBHOOK_SECRET; each event applied once)',
  description:
    'Settles renewal charges whose outcome came later (`payment_intent.succeeded`, `payment_intent.payment_failed`) and forgets cards removed at Stripe (`payment_method.detached`). Other events are acknowledged and ignored.',
  tags: ['billing'],
  responses: {
    200: {
      description: 'Applied, already applied, or ignored',
      content: { 'application/json': { schema: z.object({ received: z.literal(true), duplicate: z.boolean() }) } },
    },
    400: { description: '`webhook_signature_invalid`', content: { 'application/problem+json': { schema: problemSchema } } },
    404: { description: 'Alta runs without Stripe', content: { 'application/problem+json': { schema: problemSchema } } },
  },
});

/** POST /webhooks/stripe: mounted always, answering 404 unless Stripe is configured. */
export function stripeWebhooksRouter(deps: AppDeps) {
  const db = deps.database.db;
  const secret = deps.env.STRIPE_WEBHOOK_SECRET;
  const stripe = deps.env.STRIPE_SECRET_KEY ? new Stripe(deps.env.STRIPE_SECRET_KEY, { telemetry: false }) : null;

  return new OpenAPIHono<AppEnv>().openapi(webhookRoute, async (c) => {
    if (!stripe || !secret) throw new ProblemError(404, 'not_found');
    // The signature covers the exact bytes Stripe sent: verify them before parsing anything.
    const rawBody = await c.req.text();
    let event: Stripe.Event;
    try {
      // `receivedAt` is in milliseconds (stripe-node divides it by 1000 itself).
      event = await stripe.webhooks.constructEventAsync(
        rawBody,
        c.req.header('stripe-signature') ?? '',
        secret,
        toleranceSeconds,
        undefined,
        deps.now().getTime(),
      );
    } catch {
      throw new ProblemError(400, 'webhook_signature_invalid');
    }
    const now = deps.now();
    const applied = await db.transaction(async (tx) => {
      const [fresh] = await tx.insert(stripeEvents).values({ id: event.id, type: event.type, receivedAt: now }).onConflictDoNothing().returning();
      if (!fresh) return false;
      switch (event.type) {
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed': {
          const intent = event.data.object;
          const charge = await findChargeByPayment(tx, intent.id);
          if (!charge) break;
          const key = { subscriptionId: charge.subscriptionId, periodStart: charge.periodStart };
          if (event.type === 'payment_intent.succeeded') {
            // An event's objects are never expanded: the card is named by its id, the one saved here.
            const method = intent.payment_method;
            const card = !method
              ? null
              : typeof method === 'string'
                ? await cardByProviderId(tx, method)
                : method.card
                  ? { brand: method.card.brand, last4: method.card.last4 }
                  : null;
            await settleChargeSucceeded(tx, key, { providerPaymentId: intent.id, card }, now);
          } else {
            const error = intent.last_payment_error;
            await settleChargeFailed(tx, key, error?.decline_code ?? error?.code ?? 'card_declined', intent.id, now);
          }
          break;
        }
        case 'payment_method.detached':
          await forgetCard(tx, event.data.object.id);
          break;
        default:
          break;
      }
      return true;
    });
    return c.json({ received: true as const, duplicate: !applied }, 200);
  });
}
