import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Subscription } from '@domain/billing';
import { type Language } from '@domain/constants';
import { Button, ButtonLink } from '@src/components/button';
import { ConfirmDialog } from '@src/components/dialog/confirm-dialog';
import { FormAlert } from '@src/components/form/form-alert';
import { useToast } from '@src/components/toast/toast-provider';
import { DashboardPage } from '@src/components/dashboard-page/dashboard-page';
import { useCurrentUser } from '@src/features/session/session-store';
import { formatDate, formatUsd } from '@src/i18n/format';
import { href, paths } from '@src/lib/paths';
import { usePageTitle } from '@src/lib/use-page-title';
import { useErrorText } from '@src/lib/use-error-text';
import { setCancellation } from '../api/billing-api';
import { useSubscriptions } from '../hooks/billing-queries';
import { BillingList } from './billing-list';
import styles from './billing.module.css';
import { ManagedNotice } from './managed-notice';
import { PlanChangeDialog } from './plan-change-dialog';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

/**
 * Subscriptions (SPEC §2): each owned company's plan, billing, current period, next charge and
 * status; change plan or billing (proration from the server), cancel at period end and undo.
 * An admin acting as the user sees the same, read-only (SPEC §6 managed user).
 */
export function SubscriptionsScreen() {
  const { t } = useTranslation('billing');
  const language = useLanguage();
  usePageTitle(t('subscriptions.title'));
  const user = useCurrentUser();
  const managed = Boolean(user?.impersonatedBy);
  const subscriptions = useSubscriptions();
  const reload = () => void subscriptions.refetch();
  const [changing, setChanging] = useState<Subscription | null>(null);
  const [cancelling, setCancelling] = useState<Subscription | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const toast = useToast();
  const errorText = useErrorText();

  const applyCancellation = async (subscription: Subscription, cancel: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const updated = await setCancellation(subscription.id, cancel);
      toast.show(
        cancel ? t('subscriptions.canceled', { date: formatDate(updated.currentPeriodEnd, language, 'long') }) : t('subscriptions.resumed'),
        'success',
      );
      reload();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
      setCancelling(null);
    }
  };

  return (
    <DashboardPage title={t('subscriptions.title')} lead={t('subscriptions.lead')}>
      {managed && user && <ManagedNotice user={user} />}
      {error !== null && <FormAlert>{errorText(error)}</FormAlert>}
      <BillingList query={subscriptions} loading={t('subscriptions.loading')} empty={t('subscriptions.empty')}>
        {(items) => (
          <ul className={styles.list}>
            {items.map((subscription) => (
              <SubscriptionItem
                key={subscription.id}
                subscription={subscription}
                language={language}
                readOnly={managed}
                busy={busy}
                onChange={() => setChanging(subscription)}
                onCancel={() => setCancelling(subscription)}
                onResume={() => void applyCancellation(subscription, false)}
              />
            ))}
          </ul>
        )}
      </BillingList>
      {!managed && (
        <p>
          <ButtonLink to={href(language, paths.paymentMethod)} variant="secondary">
            {t('subscriptions.manageCards')}
          </ButtonLink>
        </p>
      )}
      {changing && (
        <PlanChangeDialog
          subscription={changing}
          language={language}
          onClose={() => setChanging(null)}
          onChanged={(updated) => {
            setChanging(null);
            toast.show(
              t('change.done', { company: updated.companyName, plan: t(`plans.${updated.plan}`), billing: t(`billingCycles.${updated.billing}`) }),
              'success',
            );
            reload();
          }}
        />
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={t('subscriptions.cancelTitle', { company: cancelling?.companyName ?? '' })}
        description={cancelling ? t('subscriptions.cancelText', { date: formatDate(cancelling.currentPeriodEnd, language, 'long') }) : undefined}
        confirmLabel={t('subscriptions.cancelConfirm')}
        cancelLabel={t('subscriptions.cancelKeep')}
        tone="danger"
        busy={busy}
        onConfirm={() => cancelling && void applyCancellation(cancelling, true)}
        onCancel={() => setCancelling(null)}
      />
    </DashboardPage>
  );
}

function SubscriptionItem({
  subscription,
  language,
  readOnly,
  busy,
  onChange,
  onCancel,
  onResume,
}: {
  subscription: Subscription;
  language: Language;
  readOnly: boolean;
  busy: boolean;
  onChange: () => void;
  onCancel: () => void;
  onResume: () => void;
}) {
  const { t } = useTranslation('billing');
  const titleId = `subscription-${subscription.id}`;
  const end = formatDate(subscription.currentPeriodEnd, language, 'long');
  const status =
    subscription.status === 'active' && subscription.cancelAtPeriodEnd ? t('statuses.canceling', { date: end }) : t(`statuses.${subscription.status}`);
  return (
    <li className={styles.item} aria-labelledby={titleId}>
      <div className={styles.itemHeader}>
        <h2 id={titleId} className={styles.itemTitle}>
          {subscription.companyName}
        </h2>
        <span className={[styles.badge, subscription.status === 'active' && !subscription.cancelAtPeriodEnd ? '' : styles.badgeWarning].join(' ')}>
          {status}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('subscriptions.plan')}</dt>
          <dd>{t(`plans.${subscription.plan}`)}</dd>
        </div>
        <div>
          <dt>{t('subscriptions.billing')}</dt>
          <dd>
            {t(`perPeriod.${subscription.billing}`, {
              amount: formatUsd(subscription.price / 100, language),
              cycle: t(`billingCycles.${subscription.billing}`),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('subscriptions.period')}</dt>
          <dd>{t('subscriptions.periodValue', { start: formatDate(subscription.currentPeriodStart, language, 'long'), end })}</dd>
        </div>
        <div>
          <dt>{t('subscriptions.nextCharge')}</dt>
          <dd>
            {subscription.nextCharge
              ? t('subscriptions.nextChargeValue', {
                  amount: formatUsd(subscription.nextCharge.amount / 100, language),
                  date: formatDate(subscription.nextCharge.at, language, 'long'),
                })
              : t('subscriptions.noNextCharge')}
          </dd>
        </div>
        {subscription.credit > 0 && (
          <div>
            <dt>{t('subscriptions.credit')}</dt>
            <dd>{formatUsd(subscription.credit / 100, language)}</dd>
          </div>
        )}
      </dl>
      {subscription.status === 'past_due' && <p className={styles.notice}>{t('subscriptions.pastDue')}</p>}
      {!readOnly && subscription.status === 'active' && (
        <div className={styles.actions}>
          <Button onClick={onChange} disabled={busy} aria-describedby={titleId}>
            {t('subscriptions.changePlan')}
          </Button>
          {subscription.cancelAtPeriodEnd ? (
            <Button variant="secondary" onClick={onResume} busy={busy} aria-describedby={titleId}>
              {t('subscriptions.resume')}
            </Button>
          ) : (
            <Button variant="ghost" onClick={onCancel} disabled={busy} aria-describedby={titleId}>
              {t('subscriptions.cancel')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
