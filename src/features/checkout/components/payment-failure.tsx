import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultLanguage, isLanguage } from '@domain/constants';
import fieldStyles from '@src/components/form/field.module.css';
import { formatDuration } from '@src/i18n/format';
import type { PaymentFailure as Failure } from '../checkout-outcomes';
import styles from './checkout.module.css';

/** Card answers whose message is the SPEC's sentence for that code (errors.json), with the bank's reason after it. */
const declines = new Set(['card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc', 'incorrect_number']);

/**
 * The error summary of the payment (SPEC §8): 'Card not found.', the decline and its reason,
 * the 3-D Secure error, the confirmation error, the unexpected error with its support code.
 * It is announced (`role="alert"`) and takes the focus, so a screen reader hears what failed.
 */
export function PaymentFailureSummary({ failure, action }: { failure: Failure; action?: ReactNode }) {
  const { t, i18n } = useTranslation(['checkout', 'errors']);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // After this render's effects: a 3-D Secure dialog closed by the same render hands the
    // focus back to its opener first (decision 041), then the summary takes it.
    const timer = setTimeout(() => ref.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [failure]);

  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  const code = failure.supportCode;
  const reasonKey = failure.declineCode && failure.declineCode !== failure.code ? `declineReasons.${failure.declineCode}` : null;
  const reason = reasonKey && i18n.exists(`checkout:${reasonKey}`) ? t(reasonKey) : null;

  let message: string;
  let showCode = Boolean(code);
  switch (failure.code) {
    case 'network':
      message = t('failure.network');
      break;
    case 'payment_in_progress':
      message = t('failure.inProgress');
      break;
    case 'price_mismatch':
      message = t('failure.priceChanged');
      break;
    case 'invalid_coupon':
      message = t('failure.couponUsedUp');
      break;
    case 'rate_limited':
      message = failure.retryAfter ? t('errors:rate_limited', { time: formatDuration(failure.retryAfter, language) }) : t('failure.tooManyAttempts');
      break;
    case 'authentication_failed':
      message = t('failure.threeDSecure');
      break;
    case 'confirmation':
      message = t('failure.confirmation');
      break;
    case 'validation':
      message = t('failure.fixFields');
      break;
    case 'payment_failed':
      message = code ? t('failure.unexpected', { code }) : t('failure.unexpectedNoCode');
      showCode = false;
      break;
    case 'payment_method_unsupported':
      message = code ? t('failure.methodError', { code }) : t('failure.unexpectedNoCode');
      showCode = false;
      break;
    default:
      message = declines.has(failure.code) ? t(`errors:${failure.code}`) : t([`errors:${failure.code}`, 'errors:internal']);
  }

  return (
    <div ref={ref} role="alert" tabIndex={-1} className={[fieldStyles.alert, fieldStyles.alertError, styles.failure].join(' ')}>
      <div>
        {failure.code !== 'payment_in_progress' && <p className={styles.failureTitle}>{t('failure.title')}</p>}
        <p>{message}</p>
        {reason && <p>{reason}</p>}
        {showCode && code && <p className={styles.supportCode}>{t('failure.supportCode', { code })}</p>}
        {action}
      </div>
    </div>
  );
}
