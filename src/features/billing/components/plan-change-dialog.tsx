import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanChange, Subscription } from '@domain/billing';
import type { Language } from '@domain/constants';
import { billingCycles, planIds } from '@domain/plans';
import { Button } from '@src/components/button';
import dialogStyles from '@src/components/dialog/dialog.module.css';
import { useModalDialog } from '@src/components/dialog/use-modal-dialog';
import { FormAlert } from '@src/components/form/form-alert';
import { newKey } from '@src/features/checkout/payment-attempt';
import { formatDate, formatUsd } from '@src/i18n/format';
import { useErrorText } from '@src/lib/use-error-text';
import { changePlan, getProration } from '../api/billing-api';
import styles from './billing.module.css';

/**
 * Change a subscription's plan or billing: the choice, then the server's proration (unused time,
 * the new plan, what is charged now or kept as credit), then one confirmation. A retried
 * confirmation of the same choice carries the same Idempotency-Key, so it charges once.
 */
export function PlanChangeDialog({
  subscription,
  language,
  onClose,
  onChanged,
}: {
  subscription: Subscription;
  language: Language;
  onClose: () => void;
  onChanged: (updated: Subscription) => void;
}) {
  const { t } = useTranslation('billing');
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const { ref, dialogProps } = useModalDialog(true, () => {
    if (!busy) onClose();
  });
  const titleId = useId();
  const [choice, setChosen] = useState<PlanChange>({ plan: subscription.plan, billing: subscription.billing });
  const [failure, setFailure] = useState<unknown>(null);
  const attempt = useRef<{ choice: string; key: string } | null>(null);
  const unchanged = choice.plan === subscription.plan && choice.billing === subscription.billing;
  const money = (cents: number) => formatUsd(cents / 100, language);
  // What the choice would charge now, computed by the server for each choice.
  const quote = useQuery({
    queryKey: ['billing', 'proration', subscription.id, choice],
    queryFn: ({ signal }) => getProration(subscription.id, choice, signal),
    enabled: !unchanged,
    gcTime: 0,
  });
  const proration = unchanged ? null : (quote.data ?? null);
  const error = failure ?? (unchanged ? null : quote.error);
  const setChoice = (next: PlanChange) => {
    setFailure(null);
    setChosen(next);
  };

  const confirm = async () => {
    const chosen = JSON.stringify(choice);
    if (attempt.current?.choice !== chosen) attempt.current = { choice: chosen, key: newKey() };
    setBusy(true);
    setFailure(null);
    try {
      onChanged(await changePlan(subscription.id, choice, attempt.current.key));
    } catch (caught) {
      setFailure(caught);
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className={dialogStyles.dialog} aria-labelledby={titleId} {...dialogProps}>
      <h2 id={titleId} className={dialogStyles.title}>
        {t('change.title', { company: subscription.companyName })}
      </h2>
      <fieldset className={styles.choices}>
        <legend>{t('change.plan')}</legend>
        {planIds.map((plan) => (
          <label key={plan} className={styles.choice}>
            <input type="radio" name="plan" value={plan} checked={choice.plan === plan} onChange={() => setChoice({ ...choice, plan })} disabled={busy} />
            {t(`plans.${plan}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.choices}>
        <legend>{t('change.billing')}</legend>
        {billingCycles.map((billing) => (
          <label key={billing} className={styles.choice}>
            <input
              type="radio"
              name="billing"
              value={billing}
              checked={choice.billing === billing}
              onChange={() => setChoice({ ...choice, billing })}
              disabled={busy}
            />
            {billing === 'annual' ? t('change.annual') : t(`billingCycles.${billing}`)}
          </label>
        ))}
      </fieldset>
      <div aria-live="polite">
        {unchanged && <p>{t('change.same')}</p>}
        {!unchanged && !proration && error === null && <p role="status">{t('change.loading')}</p>}
        {proration && (
          <dl className={styles.summary} aria-label={t('change.summary')}>
            <div>
              <dt>{t('change.newCharge', { plan: t(`plans.${proration.plan}`), billing: t(`billingCycles.${proration.billing}`) })}</dt>
              <dd>{money(proration.newCharge)}</dd>
            </div>
            <div>
              <dt>{t('change.unused')}</dt>
              <dd>{money(-proration.unusedCredit)}</dd>
            </div>
            {proration.creditAfter > 0 && (
              <div>
                <dt>{t('change.creditAfter')}</dt>
                <dd>{money(proration.creditAfter)}</dd>
              </div>
            )}
            <div className={styles.due}>
              <dt>{t('change.due')}</dt>
              <dd>{money(proration.amountDue)}</dd>
            </div>
          </dl>
        )}
        {proration && (
          <p className={styles.lead}>
            {t('change.period', { start: formatDate(proration.periodStart, language, 'long'), end: formatDate(proration.periodEnd, language, 'long') })}
          </p>
        )}
      </div>
      {error !== null && <FormAlert>{errorText(error)}</FormAlert>}
      <div className={dialogStyles.actions}>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {t('change.close')}
        </Button>
        <Button onClick={() => void confirm()} busy={busy} busyLabel={t('change.busy')} disabled={!proration}>
          {t('change.confirm')}
        </Button>
      </div>
    </dialog>
  );
}
