import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardSetupResult, SavedCard } from '@domain/billing';
import type { Language } from '@domain/constants';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import { PaymentForm } from '@src/features/checkout/components/payment-form';
import { ThreeDSecureDialog } from '@src/features/checkout/components/three-d-secure-dialog';
import type { PaymentDetails } from '@src/features/checkout/checkout-outcomes';
import { useConfiguredStripe } from '@src/features/checkout/hooks/use-stripe';
import { newKey } from '@src/features/checkout/payment-attempt';
import { ApiError } from '@src/lib/api';
import { useErrorText } from '@src/lib/use-error-text';
import { addCard, confirmCardSetup } from '../api/billing-api';
import styles from './billing.module.css';

type Challenge = Extract<CardSetupResult, { status: 'requires_action' }>;

/** The card form of the checkout, saving instead of paying; the 3-D Secure challenge as the checkout runs it. */
export function AddCard({ language, onSaved, onCancel }: { language: Language; onSaved: (card: SavedCard) => void; onCancel: () => void }) {
  const { t } = useTranslation(['billing', 'checkout']);
  const errorText = useErrorText();
  const { stripe, ready } = useConfiguredStripe(language);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  /** One key per card as typed: saving the same card again after a lost answer is the same setup. */
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const serverErrors = error instanceof ApiError ? error.errors : {};

  const settle = async (result: CardSetupResult) => {
    if (result.status === 'succeeded') {
      onSaved(result.card);
      return;
    }
    if (result.action.provider === 'stripe' && stripe && result.action.clientSecret) {
      // Stripe's challenge runs in its own window; the server then reads the result from Stripe.
      await stripe.handleNextAction({ clientSecret: result.action.clientSecret });
      await settle(await confirmCardSetup(result.setupId));
      return;
    }
    setChallenge(result);
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const save = (details: PaymentDetails) =>
    run(async () => {
      const body = JSON.stringify(details.paymentMethod);
      if (attempt.current?.body !== body) attempt.current = { body, key: newKey() };
      await settle(await addCard({ paymentMethod: details.paymentMethod }, attempt.current.key));
    });

  const answer = (result: 'completed' | 'failed') => {
    if (!challenge) return;
    void run(async () => {
      const setupId = challenge.setupId;
      setChallenge(null);
      await settle(await confirmCardSetup(setupId, result));
    });
  };

  return (
    <section className={styles.cardForm} aria-label={t('cards.add')}>
      <p className={styles.lead}>{t('cards.addIntro')}</p>
      <PaymentForm
        language={language}
        payLabel={t('cards.save')}
        busyLabel={t('cards.saving')}
        busy={busy}
        disabled={!ready}
        serverErrors={serverErrors}
        stripe={stripe}
        onPay={save}
      >
        {error !== null && <FormAlert>{errorText(error)}</FormAlert>}
      </PaymentForm>
      <p>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('cards.cancelAdd')}
        </Button>
      </p>
      <ThreeDSecureDialog open={challenge !== null} intro={t('cards.threeDSecureIntro')} busy={busy} onAnswer={answer} onDismiss={() => setChallenge(null)} />
    </section>
  );
}
