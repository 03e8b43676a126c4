import { useTranslation } from 'react-i18next';
import type { WalletTransaction } from '@domain/banking';
import type { Language } from '@domain/constants';
import { personToPersonLimitCents } from '@domain/incoming-payments';
import { formatDate, formatUsd } from '@src/i18n/format';
import styles from './banking.module.css';

/**
 * Incoming payments held for review (SPEC §1): for each, why it is held and what the owner can
 * do, in their language. A held payment is not in the balance until staff release it; if they
 * return it, it goes back to the sender.
 */
export function HeldPayments({ transactions, language }: { transactions: WalletTransaction[]; language: Language }) {
  const { t } = useTranslation('banking');
  const held = transactions.filter((row) => row.direction === 'incoming' && row.holdReason);
  if (held.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="held-title">
      <h2 id="held-title">{t('held.title')}</h2>
      <ul className={styles.heldList}>
        {held.map((row) => (
          <li key={row.id}>
            <p>
              <strong>
                {t('held.payment', {
                  amount: formatUsd(row.amountCents / 100, language),
                  sender: row.senderName ?? row.counterparty,
                  date: formatDate(row.date, language),
                })}
              </strong>
            </p>
            <p>{t(`held.why.${row.holdReason}`, { limit: formatUsd(personToPersonLimitCents / 100, language) })}</p>
            <p>{t(`held.todo.${row.holdReason}`)}</p>
          </li>
        ))}
      </ul>
      <p className={styles.hint}>{t('held.balance')}</p>
    </section>
  );
}
