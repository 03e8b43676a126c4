import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../client';
import { billingCustomers, cardSetups, paymentCards, subscriptions } from '../schema/billing';
import { users } from '../schema/users';

/** The account's provider customers, saved cards and card set-ups (decision 031). */

export type CardRow = typeof paymentCards.$inferSelect;

/** The account's row serialises its card changes: "first card is default" and "one default" hold under concurrent requests. */
async function lockAccount(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function customerOf(db: Db, userId: string, provider: 'sandbox' | 'stripe'): Promise<string | null> {
  const [row] = await db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider)));
  return row?.customerId ?? null;
}

/** Records the account's customer; a concurrent first card keeps the one recorded first (the provider's key made them the same). */
export async function saveCustomer(db: Db, userId: string, provider: 'sandbox' | 'stripe', customerId: string, now: Date): Promise<string> {
  await db.insert(billingCustomers).values({ userId, provider, customerId, createdAt: now }).onConflictDoNothing();
  return (await customerOf(db, userId, provider))!;
}

export async function listCardsOf(db: Db, userId: string): Promise<CardRow[]> {
  return db.select().from(paymentCards).where(eq(paymentCards.userId, userId)).orderBy(desc(paymentCards.isDefault), desc(paymentCards.createdAt));
}

export async function findCardOf(db: Db, userId: string, id: string): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, id), eq(paymentCards.userId, userId)));
  return row ?? null;
}

export async function defaultCardOf(db: Db, userId: string): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.isDefault, true)));
  return row ?? null;
}

/** Saves a card set up at the provider; the account's first card becomes its default. Saving the same card twice saves it once. */
export async function saveCard(db: Db, card: Omit<typeof paymentCards.$inferInsert, 'id' | 'isDefault'>): Promise<CardRow> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, card.userId);
    const [existing] = await tx.select().from(paymentCards).where(eq(paymentCards.providerPaymentMethodId, card.providerPaymentMethodId));
    if (existing) return existing;
    const hasDefault =
      (
        await tx
          .select({ id: paymentCards.id })
          .from(paymentCards)
          .where(and(eq(paymentCards.userId, card.userId), eq(paymentCards.isDefault, true)))
      ).length > 0;
    const [row] = await tx
      .insert(paymentCards)
      .values({ ...card, isDefault: !hasDefault })
      .returning();
    return row!;
  });
}

export async function setDefaultCard(db: Db, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const card = await findCardOf(tx, userId, id);
    if (!card) return false;
    await tx
      .update(paymentCards)
      .set({ isDefault: false })
      .where(and(eq(paymentCards.userId, userId), eq(paymentCards.isDefault, true)));
    await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, id));
    return true;
  });
}

/**
 * Removes a saved card. The default goes to the newest other card; the last card cannot go while
 * a subscription still renews on it (`card_required`).
 */
export async function removeCard(db: Db, userId: string, id: string): Promise<{ result: 'removed'; card: CardRow } | { result: 'missing' | 'card_required' }> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const card = await findCardOf(tx, userId, id);
    if (!card) return { result: 'missing' as const };
    const others = await tx
      .select()
      .from(paymentCards)
      .where(and(eq(paymentCards.userId, userId), ne(paymentCards.id, id)))
      .orderBy(desc(paymentCards.createdAt));
    if (others.length === 0) {
      const [renewing] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due']), eq(subscriptions.cancelAtPeriodEnd, false)));
      if (renewing) return { result: 'card_required' as const };
    }
    await tx.delete(paymentCards).where(eq(paymentCards.id, id));
    if (card.isDefault && others[0]) await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, others[0].id));
    return { result: 'removed' as const, card };
  });
}

/** The brand and last four of a saved card, by the provider's id (a webhook names the card only by it). */
export async function cardByProviderId(db: Db, providerPaymentMethodId: string): Promise<{ brand: string; last4: string } | null> {
  const [row] = await db
    .select({ brand: paymentCards.brand, last4: paymentCards.last4 })
    .from(paymentCards)
    .where(eq(paymentCards.providerPaymentMethodId, providerPaymentMethodId));
  return row ?? null;
}

/** A card removed at the provider (Stripe's dashboard, `payment_method.detached`). */
export async function forgetCard(db: Db, providerPaymentMethodId: string): Promise<void> {
  await db.delete(paymentCards).where(eq(paymentCards.providerPaymentMethodId, providerPaymentMethodId));
}

/** The setup of one Idempotency-Key: a retry finds the first one instead of starting another. */
export async function recordCardSetup(db: Db, setup: Omit<typeof cardSetups.$inferInsert, 'id'>): Promise<typeof cardSetups.$inferSelect> {
  await db.insert(cardSetups).values(setup).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(cardSetups)
    .where(and(eq(cardSetups.userId, setup.userId), eq(cardSetups.idempotencyKey, setup.idempotencyKey)));
  return row!;
}

export async function findCardSetupOf(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(cardSetups)
    .where(and(eq(cardSetups.id, id), eq(cardSetups.userId, userId)));
  return row ?? null;
}
