import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { companies } from '../schema/companies';
import type { orders } from '../schema/orders';
import { requestDissolution, settleRenewal } from './renewals';

type OrderRow = typeof orders.$inferSelect;

/** What a paid order for an existing company carries beside its quote (stored as its `wizard`). */
export interface CompanyOrderDetails {
  owner: { firstName: string };
  companyName: string;
  /** The renewal's due date, fixed when the order was placed. */
  dueDate?: string;
}

/**
 * Applies a paid order for an existing company, in the transaction that marks it paid: its
 * renewal settles the due date it was placed for, its dissolution is requested, its services
 * join the company's. Each effect is idempotent (a due date settles once, a dissolution is
 * requested once, a service is listed once).
 */
export async function applyCompanyPayment(db: Db, order: OrderRow, now: Date): Promise<void> {
  if (!order.companyId) return;
  const details = order.wizard as unknown as CompanyOrderDetails;
  switch (order.paymentType) {
    case 'renewal':
      if (details.dueDate)
        await settleRenewal(db, { companyId: order.companyId, dueDate: details.dueDate, kind: 'paid', orderId: order.id, userId: order.userId, now });
      return;
    case 'dissolution':
      await requestDissolution(db, order.companyId, now);
      return;
    case 'additionalService':
      await db
        .update(companies)
        .set({
          services: sql`(select coalesce(jsonb_agg(distinct value), '[]'::jsonb) from jsonb_array_elements_text(${companies.services} || ${JSON.stringify(order.services)}::jsonb) as value)`,
          updatedAt: now,
        })
        .where(eq(companies.id, order.companyId));
      return;
    case 'plan':
      return;
  }
}
