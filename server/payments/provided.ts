import { ProblemError } from '../lib/problem';
import { IdempotencyConflictError, PaymentProviderError, UnsupportedPaymentMethodError } from '../providers/payments/payments-provider';

/** Provider failures the customer cannot fix by changing the card: 502, retried with the same key. */
export async function provided<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof IdempotencyConflictError) throw new ProblemError(422, 'idempotency_key_reused');
    if (error instanceof UnsupportedPaymentMethodError) throw new ProblemError(400, 'payment_method_unsupported');
    if (error instanceof PaymentProviderError) throw new ProblemError(502, 'payment_failed');
    throw error;
  }
}
