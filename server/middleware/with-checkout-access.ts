import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv, SessionUser } from '../context';
import { checkoutTokenMatches, type OrderRow } from '../db/queries/orders';
import { withSession } from './with-session';

export const checkoutTokenHeader = 'x-checkout-token';

/**
 * Order and checkout routes serve two callers: the guest who placed the order, proving it
 * with the checkout token (header `X-Checkout-Token`), and the account that claimed it
 * (session cookie). Without a token the session is required, as on any protected route.
 */
export function withCheckoutAccess(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const session = withSession(deps);
  return async (c, next) => {
    if (c.req.header(checkoutTokenHeader)) return next();
    return session(c, next);
  };
}

/** Whether the caller may see and act on `order`; a refused caller hears 404, as if the order did not exist. */
export function mayAccessOrder(order: OrderRow, token: string | undefined, user: SessionUser | undefined): boolean {
  if (token !== undefined) return checkoutTokenMatches(order, token);
  return user !== undefined && order.userId === user.id;
}
