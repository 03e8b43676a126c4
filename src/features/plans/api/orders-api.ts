import type { z } from 'zod';
import type { createOrderSchema, OrderCreated } from '@domain/checkout';
import { api } from '@src/lib/api';

/**
 * POST /api/v1/orders: places the wizard's order (no session: the visitor is a guest). Its
 * answer holds the checkout token, shown only this once. Not retried automatically: a
 * retry after a lost answer would place a second order; the visitor decides.
 */
export const createOrder = (body: z.input<typeof createOrderSchema>) =>
  api.post<OrderCreated>('orders', { json: body, context: { public: true }, expected: ['price_mismatch', 'rate_limited'] });
