import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardSetupResult, SavedCard } from '@domain/billing';
import { type Language } from '@domain/constants';
import { Button } from '@src/components/button';
import { ConfirmDialog } from '@src/components/dialog/confirm-dialog';
import { FormAlert } from '@src/components/form/form-alert';
import { useToast } from '@src/components/toast/toast-provider';
import { DashboardPage } from '@src/components/dashboard-page/dashboard-page';
import { PaymentForm } from '@src/features/checkout/components/payment-form';
import { ThreeDSecureDialog } from '@src/features/checkout/components/three-d-secure-dialog';
import type { PaymentDetails } from '@src/features/checkout/checkout-outcomes';
import { useConfiguredStripe } from '@src/features/checkout/hooks/use-stripe';
import { newKey } from '@src/features/checkout/payment-attempt';
import { useCurrentUser } from '@src/features/session/session-store';
import { ApiError } from '@src/lib/api';
import { usePageTitle } from '@src/lib/use-page-title';
import { useErrorText } from '@src/lib/use-error-text';
import { addCard, confirmCardSetup, removeCard, setDefaultCard } from '../api/billing-api';
import { useCards } from '../hooks/billing-queries';
import { BillingList } from './billing-list';
import styles from './billing.module.css';
import { ManagedNotice } from './managed-notice';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

type Challenge = Extract<CardSetupResult, { status: 'requires_action' }>;

/**
 * Payment methods (SPEC §2 payment-method, §3 "card last four digits and expiry"): saved cards,
 * the default one subscriptions are charged to, and a new card saved through the provider's
 * setup flow (a SetupIntent; 3-D Secure when the bank asks). Read-only for an admin acting as
 * the user (SPEC §6).
 */
export function PaymentMethodsScreen() {
  const { t } = useTranslation(['billing', 'checkout']);
  const language = useLanguage();
  usePageTitle(t('cards.title'));
  const user = useCurrentUser();
  const managed = Boolean(user?.impersonatedBy);
  const { query: cards, show } = useCards();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const toast = useToast();
  const errorText = useErrorText();
  const brandName = (brand: string) => t(`checkout:brands.${brand}`, { defaultValue: brand.toUpperCase() });
  const cardName = (card: SavedCard) => t('cards.card', { brand: brandName(card.brand), last4: card.last4 });

  const act = async (run: () => Promise<SavedCard[]>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      show(await run());
      toast.show(done, 'success');
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <DashboardPage title={t('cards.title')} lead={t('cards.lead')}>
      {managed && user && <ManagedNotice user={user} />}
      {error !== null && <FormAlert>{errorText(error)}</FormAlert>}
      <BillingList query={cards} loading={t('cards.loading')} empty={t('cards.empty')}>
        {(items) => (
          <ul className={styles.list} aria-label={t('cards.listLabel')}>
            {items.map((card) => (
              <li key={card.id} className={styles.item}>
                <div className={styles.itemHeader}>
                  <h2 className={styles.itemTitle}>{cardName(card)}</h2>
                  {card.isDefault && <span className={styles.badge}>{t('cards.default')}</span>}
                </div>
                <p>{t('cards.expires', { month: String(card.expMonth).padStart(2, '0'), year: card.expYear })}</p>
                {!managed && (
                  <div className={styles.actions}>
                    {!card.isDefault && (
                      <Button
                        variant="secondary"
                        onClick={() => void act(() => setDefaultCard(card.id), t('cards.defaultSet'))}
                        disabled={busy}
                        aria-label={t('cards.makeDefaultLabel', { card: cardName(card) })}
                      >
                        {t('cards.makeDefault')}
                      </Button>
                    )}
                    <Button variant="ghost" onClick={() => setRemoving(card)} disabled={busy} aria-label={t('cards.removeLabel', { card: cardName(card) })}>
                      {t('cards.remove')}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </BillingList>
      {!managed &&
        (adding ? (
          <AddCard
            language={language}
            onSaved={(card) => {
              setAdding(false);
              toast.show(t('cards.added', { card: cardName(card) }), 'success');
              void cards.refetch();
            }}
            onCancel={() => setAdding(false)}
          />
        ) : (
          <p>
            <Button onClick={() => setAdding(true)}>{t('cards.add')}</Button>
          </p>
        ))}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t('cards.removeTitle', { card: cardName(removing) }) : ''}
        description={t('cards.removeText')}
        confirmLabel={t('cards.removeConfirm')}
        cancelLabel={t('cards.removeCancel')}
        tone="danger"
        busy={busy}
        onConfirm={() => removing && void act(() => removeCard(removing.id), t('cards.removed'))}
        onCancel={() => setRemoving(null)}
      />
    </DashboardPage>
  );
}

/** The card form of the checkout, saving instead of paying; the 3-D Secure challenge as the checkout runs it. */
function AddCard({ language, onSaved, onCancel }: { language: Language; onSaved: (card: SavedCard) => void; onCancel: () => void }) {
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
