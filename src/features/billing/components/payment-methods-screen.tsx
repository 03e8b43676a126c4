import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedCard } from '@domain/billing';
import { Button } from '@src/components/button';
import { ConfirmDialog } from '@src/components/dialog/confirm-dialog';
import { FormAlert } from '@src/components/form/form-alert';
import { useToast } from '@src/components/toast/toast-provider';
import { DashboardPage } from '@src/components/dashboard-page/dashboard-page';
import { useCurrentUser } from '@src/features/session/session-store';
import { usePageTitle } from '@src/lib/use-page-title';
import { useErrorText } from '@src/lib/use-error-text';
import { removeCard, setDefaultCard } from '../api/billing-api';
import { useCards } from '../hooks/billing-queries';
import { BillingList } from './billing-list';
import styles from './billing.module.css';
import { ManagedNotice } from './managed-notice';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

// The card form (its validation, zod and react-hook-form, and the provider's client) loads when the
// person asks to add a card, not with the list of saved cards (decision 077); hovering or
// focusing the button starts it early.
const loadAddCard = () => import('./add-card');
const AddCard = lazy(() => loadAddCard().then((module) => ({ default: module.AddCard })));

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
          <Suspense fallback={<p role="status">{t('cards.formLoading')}</p>}>
            <AddCard
              language={language}
              onSaved={(card) => {
                setAdding(false);
                toast.show(t('cards.added', { card: cardName(card) }), 'success');
                void cards.refetch();
              }}
              onCancel={() => setAdding(false)}
            />
          </Suspense>
        ) : (
          <p>
            <Button onClick={() => setAdding(true)} onPointerEnter={() => void loadAddCard()} onFocus={() => void loadAddCard()}>
              {t('cards.add')}
            </Button>
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
