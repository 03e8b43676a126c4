import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import { personToPersonLimitCents } from '@domain/incoming-payments';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import { formatDate, formatUsd } from '@src/i18n/format';
import { fetchHeldDeposits, staffActions } from '../api/admin-api';
import { useStaffAction } from '../hooks/use-staff-action';
import styles from './admin.module.css';

/**
 * A company's incoming payments held for review (SPEC §1): who sent what, why the rule holds it,
 * and release (into the balance) or return (to the sender). Each decision is audit-logged by
 * the server; what the provider itself reviews is listed without buttons, since the provider
 * decides it.
 */
export function HeldDeposits({ companyId, language, onChanged }: { companyId: string; language: Language; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const query = useQuery({ queryKey: ['admin', 'held-deposits', companyId], queryFn: ({ signal }) => fetchHeldDeposits(companyId, signal) });
  const held = query.data ?? null;
  const failed = query.isError;
  const { busy, act } = useStaffAction(() => {
    void query.refetch();
    onChanged();
  });

  return (
    <section className={styles.section} aria-labelledby={`${id}-held`}>
      <h2 id={`${id}-held`} className={styles.sectionTitle}>
        {t('deposits.title')}
      </h2>
      {failed && <FormAlert>{t('deposits.fetchError')}</FormAlert>}
      {held && held.length === 0 && <p>{t('deposits.none')}</p>}
      {held && held.length > 0 && (
        <ul className={styles.list}>
          {held.map((row) => {
            const payment = t('deposits.payment', {
              amount: formatUsd(row.amountCents / 100, language),
              sender: row.senderName ?? row.counterparty,
              date: formatDate(row.date, language),
            });
            return (
              <li key={row.id}>
                <p>
                  {payment} · {t(`deposits.reasons.${row.holdReason ?? 'provider_review'}`, { limit: formatUsd(personToPersonLimitCents / 100, language) })}
                </p>
                {row.holdReason !== 'provider_review' && (
                  <div className={styles.toolbar}>
                    <Button
                      size="small"
                      busy={busy === `release-${row.id}`}
                      aria-label={t('deposits.releaseNamed', { payment })}
                      onClick={() => void act(`release-${row.id}`, () => staffActions.releaseDeposit(companyId, row.id), t('deposits.released', { payment }))}
                    >
                      {t('deposits.release')}
                    </Button>
                    <Button
                      size="small"
                      variant="secondary"
                      busy={busy === `return-${row.id}`}
                      aria-label={t('deposits.returnNamed', { payment })}
                      onClick={() => void act(`return-${row.id}`, () => staffActions.returnDeposit(companyId, row.id), t('deposits.returned', { payment }))}
                    >
                      {t('deposits.return')}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
