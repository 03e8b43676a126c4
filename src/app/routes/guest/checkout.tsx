import { useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { RouteError } from '@src/components/route-error/route-error';
import { CheckoutScreen } from '@src/features/checkout/components/checkout-screen';

/** Checkout of an order: summary, coupon, card, 3-D Secure, and what comes after paying. */
export function Component() {
  const { lang, id = '' } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
  // A new order id is a new checkout: no state carries over from the previous one.
  return <CheckoutScreen key={id} orderId={id} language={language} />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
