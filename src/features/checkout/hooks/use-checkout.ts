import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrderView, PayResult } from '@domain/checkout';
import type { Quote } from '@domain/plans';
import { forgetCheckoutHandoff, readCheckoutHandoff } from '@src/features/plans/checkout-handoff';
import { ApiError, NetworkError } from '@src/lib/api';
import { confirmPayment, getOrder, payOrder } from '../api/checkout-api';
import { markNewCompany } from '@src/features/order-popups/new-company-flag';
import { finalCodes, ownerContact, type CheckoutPhase, type PaymentDetails, type PaymentFailure } from '../checkout-outcomes';
import { paidOrder, rememberPaidOrder } from '../paid-orders';
import { attemptKey, endAttempt } from '../payment-attempt';

/**
 * The checkout of one order (SPEC §2 checkout/{id}, §4, §8; docs/decisions/006): loads the
 * order with this browser's checkout token, pays with one Idempotency-Key per attempt, runs
 * the 3-D Secure challenge, and ends in one of the outcomes the page shows.
 */

export interface CheckoutOptions {
  /** Stripe's `handleNextAction` for a Stripe challenge (the page loads Stripe.js only when configured). */
  handleStripeAction?: (clientSecret: string) => Promise<void>;
}

const inProgressPollMs = 2000;
const reopenAfterPolls = 3;
/** Offline, the watch gives up after a minute and a half; the customer can press Pay again. */
const inProgressPollLimit = 45;

export function useCheckout(orderId: string, options: CheckoutOptions = {}) {
  const [handoff] = useState(() => readCheckoutHandoff(orderId));
  const [token] = useState(() => handoff?.checkoutToken ?? paidOrder(orderId)?.checkoutToken ?? null);
  const [order, setOrder] = useState<OrderView | null>(null);
  const [phase, setPhase] = useState<CheckoutPhase>(() => (token ? { kind: 'loading' } : { kind: 'unavailable', reason: 'noToken' }));
  const [busy, setBusy] = useState<'paying' | 'confirming' | 'waiting' | null>(null);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  /** Guards against a second pay while one is running (a double click lands before React re-renders the button). */
  const running = useRef(false);
  const mounted = useRef(true);
  const stripeAction = useRef(options.handleStripeAction);
  stripeAction.current = options.handleStripeAction;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const expire = useCallback(() => {
    // The wizard keeps its draft; without the hand-off it places a new order when the customer comes back.
    forgetCheckoutHandoff(orderId);
    setPhase({ kind: 'expired' });
  }, [orderId]);

  const succeed = useCallback(
    (result: Extract<PayResult, { status: 'succeeded' }>, view: OrderView | null) => {
      const remembered = paidOrder(orderId);
      const email = view?.email ?? handoff?.email ?? remembered?.email ?? '';
      if (result.companyId) {
        // Paid signed in: the company is already the account's; the dashboard announces it.
        markNewCompany(result.companyId);
      } else {
        const owner = ownerContact(handoff);
        rememberPaidOrder({
          orderId,
          checkoutToken: token!,
          orderNumber: result.orderNumber,
          email,
          firstName: owner.firstName ?? remembered?.firstName ?? null,
          lastName: owner.lastName ?? remembered?.lastName ?? null,
          phone: owner.phone ?? remembered?.phone ?? null,
          phoneCountry: owner.phoneCountry ?? remembered?.phoneCountry ?? null,
          userExists: result.userExists,
          paidAt: remembered?.paidAt ?? new Date().toISOString(),
        });
      }
      // Paid: the wizard must not offer this order again; the token now lives with the paid order.
      forgetCheckoutHandoff(orderId);
      setPhase({
        kind: 'succeeded',
        orderNumber: result.orderNumber,
        email,
        userExists: result.userExists,
        companyId: result.companyId,
        bankingUnavailableIn: view?.bankingUnavailableIn ?? null,
      });
    },
    [handoff, orderId, token],
  );

  /** Shows the state the server has for the order (after a reload, another tab, or a payment in progress). */
  const adopt = useCallback(
    (view: OrderView) => {
      setOrder(view);
      if (view.status === 'expired') return expire();
      if (view.status === 'paid') {
        const remembered = paidOrder(orderId);
        if (!remembered && token && !view.claimed) {
          rememberPaidOrder({
            orderId,
            checkoutToken: token,
            orderNumber: view.orderNumber,
            email: view.email,
            ...ownerContact(handoff),
            userExists: view.userExists,
            paidAt: view.paidAt ?? new Date().toISOString(),
          });
        }
        forgetCheckoutHandoff(orderId);
        return setPhase({
          kind: 'paid',
          orderNumber: view.orderNumber,
          email: view.email,
          // The server's answer is the newer one: the account may have been made since the payment.
          userExists: view.userExists ?? remembered?.userExists ?? null,
          companyId: view.companyId,
          bankingUnavailableIn: view.bankingUnavailableIn,
        });
      }
      if (view.pendingPayment) return setPhase({ kind: 'challenge', ...view.pendingPayment });
      setPhase({ kind: 'open' });
    },
    [expire, handoff, orderId, token],
  );

  const load = useCallback(async () => {
    if (!token) return;
    try {
      adopt(await getOrder(orderId, token));
      // Reached again after being offline: the connection message no longer applies.
      setFailure((current) => (current?.code === 'network' ? null : current));
    } catch (error) {
      const remembered = paidOrder(orderId);
      if (remembered) {
        // Offline, or the order is gone from the server's answer: this browser still knows it paid.
        setPhase({
          kind: 'paid',
          orderNumber: remembered.orderNumber,
          email: remembered.email,
          userExists: remembered.userExists,
          companyId: null,
          bankingUnavailableIn: null,
        });
        return;
      }
      const reason = error instanceof ApiError && (error.status === 404 || error.status === 401) ? 'notFound' : 'network';
      setPhase((current) => (current.kind === 'loading' ? { kind: 'unavailable', reason } : current));
      if (reason === 'network') setFailure({ code: 'network' });
    }
  }, [adopt, orderId, token]);

  useEffect(() => {
    void load();
  }, [load]);

  /**
   * Another tab (or a request of this one that outlived its answer) is paying: watch the order
   * until that attempt ends. The order view tells paid, expired and a waiting challenge apart;
   * a payment still being processed looks like a payable order, so the form reopens after a few
   * looks, and paying again then simply answers "in progress" once more.
   */
  const waitForOtherAttempt = useCallback(async () => {
    setBusy('waiting');
    try {
      for (let round = 1; round <= inProgressPollLimit && mounted.current; round++) {
        await new Promise((resolve) => setTimeout(resolve, inProgressPollMs));
        const view = await getOrder(orderId, token!).catch(() => null);
        if (view && (view.status !== 'pending' || view.pendingPayment || round >= reopenAfterPolls)) {
          setFailure(null);
          return adopt(view);
        }
      }
    } finally {
      if (mounted.current) setBusy(null);
    }
  }, [adopt, orderId, token]);

  const onFailure = useCallback(
    async (error: unknown, step: 'pay' | 'confirm') => {
      if (!(error instanceof ApiError)) {
        // Offline or no answer: the attempt may or may not have reached the bank; retrying reuses its key.
        setFailure({ code: error instanceof NetworkError ? 'network' : step === 'confirm' ? 'confirmation' : 'payment_failed' });
        return;
      }
      if (step === 'pay' && finalCodes.has(error.code)) endAttempt(orderId);
      switch (error.code) {
        case 'order_expired':
          return expire();
        case 'order_paid':
        case 'price_mismatch':
        case 'invalid_coupon':
          // The order changed under this page (paid in another tab, coupon used up): show what the server has now.
          if (error.code !== 'order_paid') setFailure({ code: error.code });
          return load();
        case 'payment_in_progress':
          setFailure({ code: 'payment_in_progress' });
          return waitForOtherAttempt();
        case 'validation':
          setFieldErrors(error.errors);
          return;
        case 'not_found':
          if (step === 'pay') return setPhase({ kind: 'unavailable', reason: 'notFound' });
          break;
        default:
          break;
      }
      if (step === 'confirm' && error.code === 'payment_failed' && error.status === 409) {
        // The challenge was replaced or cancelled: a new attempt is needed.
        setFailure({ code: 'confirmation' });
        return load();
      }
      if (step === 'confirm' && error.status >= 500) {
        // The server could not settle the challenge's outcome: SPEC §8's payment confirmation error, with the code support can trace.
        setFailure({ code: 'confirmation', ...error.details });
        return;
      }
      setFailure({ code: error.code, ...error.details, retryAfter: error.retryAfter });
    },
    [expire, load, orderId, waitForOtherAttempt],
  );

  const settle = useCallback(
    async (result: PayResult) => {
      if (result.status === 'succeeded') return succeed(result, order);
      setPhase({ kind: 'challenge', paymentId: result.paymentId, action: result.action });
    },
    [order, succeed],
  );

  const confirm = useCallback(
    async (paymentId: string, challengeResult?: 'completed' | 'failed') => {
      setBusy('confirming');
      setFailure(null);
      try {
        const result = await confirmPayment(orderId, token!, { paymentId, ...(challengeResult ? { challengeResult } : {}) });
        if (result.status === 'requires_action') {
          // Stripe's window was closed without an answer: the challenge is still open, as a failure to authenticate.
          setPhase({ kind: 'open' });
          setFailure({ code: 'authentication_failed' });
          return;
        }
        await settle(result);
      } catch (error) {
        if (error instanceof ApiError) setPhase({ kind: 'open' });
        await onFailure(error, 'confirm');
      } finally {
        if (mounted.current) setBusy(null);
      }
    },
    [onFailure, orderId, settle, token],
  );

  /** The customer answered the sandbox challenge ("Complete" / "Fail authentication"). */
  const answerChallenge = useCallback(
    (answer: 'completed' | 'failed') => {
      if (phase.kind !== 'challenge' || running.current) return;
      running.current = true;
      void confirm(phase.paymentId, answer).finally(() => {
        running.current = false;
      });
    },
    [confirm, phase],
  );

  /** Asks the server again for a challenge's outcome (after a confirmation that did not get through). */
  const retryConfirm = useCallback(() => {
    if (phase.kind !== 'challenge' || running.current) return;
    running.current = true;
    void confirm(phase.paymentId).finally(() => {
      running.current = false;
    });
  }, [confirm, phase]);

  /** The challenge closed without an answer: back to the form; the next Pay replaces it (the server cancels it first). */
  const dismissChallenge = useCallback(() => {
    if (running.current) return;
    setPhase({ kind: 'open' });
    setFailure({ code: 'authentication_failed' });
  }, []);

  // A Stripe challenge runs in Stripe's own modal, then the server reads its outcome.
  useEffect(() => {
    if (phase.kind !== 'challenge' || phase.action.provider !== 'stripe' || running.current) return;
    const handle = stripeAction.current;
    const secret = phase.action.clientSecret;
    if (!handle || !secret) return;
    running.current = true;
    setBusy('confirming');
    void handle(secret)
      .catch(() => undefined)
      .then(() => confirm(phase.paymentId))
      .finally(() => {
        running.current = false;
      });
  }, [confirm, phase, options.handleStripeAction]);

  const pay = useCallback(
    async (details: PaymentDetails) => {
      if (running.current || !order || !token || phase.kind !== 'open') return;
      running.current = true;
      setBusy('paying');
      setFailure(null);
      setFieldErrors({});
      const body = { amount: order.quote.total, country: details.country, paymentMethod: details.paymentMethod };
      try {
        let result: PayResult;
        try {
          result = await payOrder(orderId, token, attemptKey(orderId), body);
        } catch (error) {
          // This tab's stored key belonged to an attempt with other card details (a reload mid-payment): a new attempt.
          if (!(error instanceof ApiError && error.code === 'idempotency_key_reused')) throw error;
          endAttempt(orderId);
          result = await payOrder(orderId, token, attemptKey(orderId), body);
        }
        endAttempt(orderId);
        await settle(result);
      } catch (error) {
        await onFailure(error, 'pay');
      } finally {
        running.current = false;
        if (mounted.current) setBusy((current) => (current === 'paying' ? null : current));
      }
    },
    [onFailure, order, orderId, phase.kind, settle, token],
  );

  /** A coupon was applied or removed: the order's total changed on the server. */
  const updateQuote = useCallback((quote: Quote, couponCode: string | null) => {
    setOrder((current) => (current ? { ...current, quote, couponCode } : current));
    setFailure((current) => (current?.code === 'invalid_coupon' || current?.code === 'price_mismatch' ? null : current));
  }, []);

  return {
    orderId,
    token,
    handoff,
    order,
    phase,
    busy,
    failure,
    fieldErrors,
    pay,
    answerChallenge,
    dismissChallenge,
    retryConfirm,
    updateQuote,
    expire,
    reload: load,
  };
}
