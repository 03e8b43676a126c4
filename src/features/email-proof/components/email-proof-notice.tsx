import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@domain/account';
import { Button } from '@src/components/button';
import { unclaimedPaidOrders, type PaidOrder } from '@src/features/checkout/paid-orders';
import { useErrorText } from '@src/lib/use-error-text';
import { resendVerification } from '../api/email-proof-api';
import styles from './email-proof-notice.module.css';

type Resend = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/**
 * The next step of a paid order that is not in the account yet, kept on the dashboard after the
 * payment popup closed (its number and where the link went), and the way to prove the
 * account's email when it is not proven: paid orders of that email then arrive by themselves.
 */
export function EmailProofNotice({ user }: { user: User }) {
  const { t } = useTranslation('dashboard');
  const errorText = useErrorText();
  const [waiting, setWaiting] = useState<PaidOrder[]>([]);
  const [resend, setResend] = useState<Resend>({ kind: 'idle' });

  useEffect(() => {
    let current = true;
    void unclaimedPaidOrders().then((orders) => current && setWaiting(orders));
    return () => {
      current = false;
    };
  }, [user.companies.length]);

  if (waiting.length === 0 && user.emailVerified) return null;

  const send = async () => {
    setResend({ kind: 'sending' });
    try {
      await resendVerification();
      setResend({ kind: 'sent' });
    } catch (error) {
      setResend({ kind: 'failed', message: errorText(error) });
    }
  };

  return (
    <section aria-labelledby="email-proof-title" className={styles.notice}>
      <h2 id="email-proof-title" className={styles.title}>
        {waiting.length > 0 ? t('emailProof.waitingTitle') : t('emailProof.verifyTitle')}
      </h2>
      {waiting.length > 0 && (
        <ul className={styles.orders}>
          {waiting.map((order) => (
            <li key={order.orderId}>{t('emailProof.waitingOrder', { number: order.orderNumber, email: order.email })}</li>
          ))}
        </ul>
      )}
      {!user.emailVerified && (
        <>
          <p>{t('emailProof.verifyText', { email: user.email })}</p>
          <div className={styles.actions}>
            <Button variant="secondary" size="small" busy={resend.kind === 'sending'} onClick={() => void send()}>
              {t('emailProof.resend')}
            </Button>
            <p role="status" className={styles.status}>
              {resend.kind === 'sent' ? t('emailProof.sent', { email: user.email }) : resend.kind === 'failed' ? resend.message : ''}
            </p>
          </div>
        </>
      )}
    </section>
  );
}
