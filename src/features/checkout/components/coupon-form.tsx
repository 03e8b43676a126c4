import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import { formatUsd, type Quote } from '@domain/plans';
import { Button } from '@src/components/button';
import fieldStyles from '@src/components/form/field.module.css';
import { ApiError } from '@src/lib/api';
import { messageKey } from '@src/lib/error-message';
import { useErrorText } from '@src/lib/use-error-text';
import { applyCoupon, removeCoupon } from '../api/checkout-api';
import styles from './checkout.module.css';

interface CouponFormProps {
  orderId: string;
  checkoutToken: string;
  couponCode: string | null;
  discount: number;
  language: Language;
  /** While a payment runs the order's total must not move. */
  disabled: boolean;
  onQuote: (quote: Quote, couponCode: string | null) => void;
  /** The order was paid, expired or is being paid elsewhere: the page reloads it. */
  onOrderChanged: () => void;
}

/** SPEC §5 checkout: a coupon is valid (the total drops) or 'Invalid coupon'. */
export function CouponForm({ orderId, checkoutToken, couponCode, discount, language, disabled, onQuote, onOrderChanged }: CouponFormProps) {
  const { t } = useTranslation(['checkout', 'validation', 'errors']);
  const errorText = useErrorText();
  const inputId = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'apply' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const fail = (failure: unknown) => {
    if (failure instanceof ApiError && ['order_paid', 'order_expired', 'payment_in_progress'].includes(failure.code)) onOrderChanged();
    if (failure instanceof ApiError && failure.errors.code?.[0]) setError(t(messageKey(failure.errors.code[0])));
    else setError(errorText(failure));
  };

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || disabled) return;
    setStatus(null);
    // The domain's checkout rules load on the first use, not with the page.
    const { applyCouponSchema } = await import('@domain/checkout');
    const parsed = applyCouponSchema.safeParse({ code });
    if (!parsed.success) {
      setError(t(messageKey(parsed.error.issues[0]?.message ?? 'validation.invalidCoupon')));
      return;
    }
    setError(null);
    setBusy('apply');
    try {
      const applied = await applyCoupon(orderId, checkoutToken, parsed.data.code);
      if (!applied.valid) {
        setError(t(`errors:${applied.code}`));
        return;
      }
      onQuote(applied.quote, applied.coupon.code);
      setCode('');
      setStatus(t('coupon.applied', { code: applied.coupon.code, amount: formatUsd(applied.quote.discount, language) }));
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (busy || disabled) return;
    setError(null);
    setStatus(null);
    setBusy('remove');
    try {
      const { quote } = await removeCoupon(orderId, checkoutToken);
      onQuote(quote, null);
      setStatus(t('coupon.removed'));
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={styles.coupon}>
      {couponCode ? (
        <div className={styles.couponApplied}>
          <p>{t('coupon.applied', { code: couponCode, amount: formatUsd(discount, language) })}</p>
          <Button variant="ghost" size="small" busy={busy === 'remove'} busyLabel={t('coupon.removing')} disabled={disabled} onClick={() => void remove()}>
            {t('coupon.remove')}
          </Button>
        </div>
      ) : (
        <form className={styles.couponForm} onSubmit={(event) => void apply(event)} noValidate>
          <div className={fieldStyles.field}>
            <label htmlFor={inputId} className={fieldStyles.label}>
              {t('coupon.label')}
            </label>
            <div className={styles.couponRow}>
              <input
                id={inputId}
                className={fieldStyles.control}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={40}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
              />
              <Button type="submit" variant="secondary" busy={busy === 'apply'} busyLabel={t('coupon.applying')} disabled={disabled}>
                {t('coupon.apply')}
              </Button>
            </div>
          </div>
        </form>
      )}
      <div aria-live="polite" className={styles.couponMessages}>
        {error && (
          <p id={`${inputId}-error`} className={fieldStyles.error}>
            {error}
          </p>
        )}
        {status && !error && <p className="visually-hidden">{status}</p>}
      </div>
    </div>
  );
}
