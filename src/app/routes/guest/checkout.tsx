import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Checkout of an order: card, coupon, 3-D Secure (built with the funnel). */
export function Component() {
  return <ComingSoonScreen screen="checkout" area="public" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
