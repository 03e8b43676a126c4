import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { OrderFlow } from '@domain/checkout';
import type { Language } from '@domain/constants';
import { formatUsd } from '@domain/plans';
import { Button, ButtonLink } from '@src/components/button';
import eyebrow from '@src/components/eyebrow.module.css';
import { OrderExpiredPopup } from '@src/features/order-popups/order-expired-popup';
import { NoBankingNote, PaymentSuccessPopup, usePaidNextStepText } from '@src/features/order-popups/payment-success-popup';
import { href, paths } from '@src/lib/paths';
import { usePageTitle } from '@src/lib/use-page-title';
import { useCheckout } from '../hooks/use-checkout';
import { useConfiguredStripe } from '../hooks/use-stripe';
import type { PaidOrderState } from '../paid-orders';
import styles from './checkout.module.css';
import { CouponForm } from './coupon-form';
import { OrderSummary } from './order-summary';
import { PaymentFailureSummary } from './payment-failure';
import { PaymentForm } from './payment-form';
import { ThreeDSecureDialog } from './three-d-secure-dialog';

/** Where "start again" leads: the wizard the order came from, which resumes its saved draft. */
const wizardOf: Record<OrderFlow, string> = {
  createCompany: paths.createCompany,
  migrateCompany: paths.migrateCompany,
  crossBorderCrypto: paths.createCrossBorderCrypto,
};

/**
 * The checkout page (SPEC §2 checkout/{id}): the order summary, the coupon, the card form,
 * the 3-D Secure challenge, and the outcome: the payment-success popup over the paid page that
 * keeps the order number and the next step, leading to that step when it closes (log in,
 * create the account, or the dashboard when the payer was signed in), an order already paid,
 * or an expired order to start again.
 */
export function CheckoutScreen({ orderId, language }: { orderId: string; language: Language }) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  usePageTitle(t('title'));
  const { stripe, ready: cardReady, status: stripeStatus } = useConfiguredStripe(language);
  const handleStripeAction = useCallback(
    async (clientSecret: string) => {
      if (stripe) await stripe.handleNextAction({ clientSecret });
    },
    [stripe],
  );
  const checkout = useCheckout(orderId, { handleStripeAction: stripe ? handleStripeAction : undefined });
  const { order, phase, busy, failure, handoff } = checkout;
  const [expiredPopup, setExpiredPopup] = useState(true);
  const nextStepText = usePaidNextStepText();

  const goToAccount = useCallback(
    (userExists: boolean) => {
      const state: PaidOrderState = { paidOrderId: orderId };
      void navigate(href(language, userExists ? paths.login : paths.register), { state });
    },
    [language, navigate, orderId],
  );

  const flow = order?.flow ?? handoff?.flow ?? 'createCompany';
  const startAgain = href(language, wizardOf[flow]);
  // Until the server answers, the wizard's hand-off gives the order number and total for a first paint.
  const orderNumber = order?.orderNumber ?? handoff?.orderNumber ?? null;
  const totalCents = order?.quote.total ?? handoff?.quote.total ?? null;

  if (phase.kind === 'unavailable') {
    return (
      <div className={styles.page}>
        <section className={styles.panel} aria-labelledby="checkout-title">
          <h1 id="checkout-title" className={styles.title}>
            {t('unavailable.title')}
          </h1>
          <p>{t(`unavailable.${phase.reason}`)}</p>
          <div className={styles.actions}>
            {phase.reason === 'network' && <Button onClick={() => void checkout.reload()}>{t('unavailable.retry')}</Button>}
            <ButtonLink to={href(language, paths.startNow)} variant={phase.reason === 'network' ? 'secondary' : 'primary'}>
              {t('unavailable.startNow')}
            </ButtonLink>
          </div>
        </section>
      </div>
    );
  }

  if (phase.kind === 'expired') {
    return (
      <div className={styles.page}>
        <section className={styles.panel} aria-labelledby="checkout-title">
          <h1 id="checkout-title" className={styles.title}>
            {t('expired.title')}
          </h1>
          <p>{t('expired.text')}</p>
          <div className={styles.actions}>
            <ButtonLink to={startAgain}>{t('expired.action')}</ButtonLink>
          </div>
        </section>
        <OrderExpiredPopup open={expiredPopup} onClose={() => setExpiredPopup(false)} />
      </div>
    );
  }

  if (phase.kind === 'paid' || phase.kind === 'succeeded') {
    // Under the popup (which then leads to the next step), and on any later visit: the order number and the next step.
    return (
      <div className={styles.page}>
        <section className={styles.panel} aria-labelledby="checkout-title">
          <h1 id="checkout-title" className={styles.title}>
            {phase.kind === 'succeeded' ? t('success.title') : t('paid.title')}
          </h1>
          <p>{t('success.order', { number: phase.orderNumber })}</p>
          <p>{nextStepText(phase)}</p>
          <NoBankingNote country={phase.bankingUnavailableIn} />
          <div className={styles.actions}>
            {phase.companyId ? (
              <ButtonLink to={href(language, paths.dashboard)}>{t('paid.dashboard')}</ButtonLink>
            ) : (
              <>
                <Button variant={phase.userExists === false ? 'secondary' : 'primary'} onClick={() => goToAccount(true)}>
                  {t('paid.login')}
                </Button>
                <Button variant={phase.userExists === false ? 'primary' : 'secondary'} onClick={() => goToAccount(false)}>
                  {t('paid.register')}
                </Button>
              </>
            )}
          </div>
        </section>
        {phase.kind === 'succeeded' && (
          <PaymentSuccessPopup
            open
            step={phase}
            onClose={() => (phase.companyId ? void navigate(href(language, paths.dashboard)) : goToAccount(phase.userExists === true))}
          />
        )}
      </div>
    );
  }

  const total = totalCents === null ? '' : formatUsd(totalCents, language);
  const open = phase.kind === 'open';
  const challenge = phase.kind === 'challenge' ? phase : null;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={eyebrow.eyebrow}>{t('eyebrow')}</p>
        <h1 className={styles.title}>{t('title')}</h1>
        {orderNumber && <p className={styles.lead}>{t('orderNumber', { number: orderNumber })}</p>}
      </header>

      <div className={styles.layout}>
        <div className={styles.summaryColumn}>
          {order ? (
            <OrderSummary order={order} language={language}>
              {checkout.token && (
                <CouponForm
                  orderId={orderId}
                  checkoutToken={checkout.token}
                  couponCode={order.couponCode}
                  discount={order.quote.discount}
                  language={language}
                  disabled={!open || busy !== null}
                  onQuote={checkout.updateQuote}
                  onOrderChanged={() => void checkout.reload()}
                />
              )}
            </OrderSummary>
          ) : (
            <p className={styles.loading} role="status">
              {t('loading')}
            </p>
          )}
        </div>

        <div className={styles.formColumn}>
          {stripeStatus === 'failed' ? (
            <p className={styles.panel} role="alert">
              {t('card.stripeUnavailable')}
            </p>
          ) : cardReady ? (
            <PaymentForm
              language={language}
              payLabel={t('pay', { amount: total })}
              busyLabel={busy === 'waiting' ? t('waiting') : busy === 'confirming' ? t('confirming') : t('paying')}
              busy={busy !== null}
              disabled={!open || !order}
              serverErrors={checkout.fieldErrors}
              stripe={stripe}
              onPay={checkout.pay}
            >
              {failure && !challenge && (
                <PaymentFailureSummary
                  failure={failure}
                  action={
                    failure.code === 'rate_limited' && !failure.retryAfter ? (
                      <ButtonLink to={startAgain} variant="secondary" size="small">
                        {t('failure.startAgain')}
                      </ButtonLink>
                    ) : undefined
                  }
                />
              )}
            </PaymentForm>
          ) : (
            <p className={styles.loading} role="status">
              {t('card.loadingStripe')}
            </p>
          )}
          {challenge?.action.provider === 'stripe' && (
            <div className={styles.panel} role="status">
              <p>{t('threeDSecure.stripeWaiting')}</p>
              {busy === null && (
                <Button variant="secondary" onClick={checkout.retryConfirm}>
                  {t('threeDSecure.stripeRetry')}
                </Button>
              )}
            </div>
          )}
        </div>
      </div>

      <ThreeDSecureDialog
        open={challenge?.action.provider === 'sandbox'}
        intro={t('threeDSecure.intro', { amount: total })}
        busy={busy === 'confirming'}
        onAnswer={checkout.answerChallenge}
        onDismiss={checkout.dismissChallenge}
        error={challenge && failure ? <PaymentFailureSummary failure={failure} /> : undefined}
      />
    </div>
  );
}
