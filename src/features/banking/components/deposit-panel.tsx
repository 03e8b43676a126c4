import { useTranslation } from 'react-i18next';
import { feeSchedule, type BankingOverview } from '@domain/banking';
import type { Language } from '@domain/constants';
import { formatNumber, formatUsd } from '@src/i18n/format';
import styles from './banking.module.css';
import { QrCode } from './qr-code';

type Profile = NonNullable<BankingOverview['profile']>;

/** A fee rate as "0.25%", or "free" when a rail charges nothing (SPEC §9: bank and USDC deposits). */
const percent = (bps: number, language: Language) => `${formatNumber(bps / 100, language)} %`;

/**
 * How to put money in, rail by rail (SPEC §1, §9): ACH and US wire to the virtual account's
 * routing and account numbers, SEPA to its IBAN where the provider offers one (never SWIFT),
 * and USDC or USDT to the wallet's address (as text and QR). Bank and USDC deposits are free;
 * the USDT fee is shown by tier from the same table the server uses. No minimum.
 */
export function DepositPanel({ profile, language }: { profile: Profile; language: Language }) {
  const { t } = useTranslation('banking');
  const account = profile.virtualAccount;
  const usdt = feeSchedule.deposit_usdt;
  return (
    <section className={styles.card} aria-labelledby="deposit-title">
      <h2 id="deposit-title">{t('deposit.title')}</h2>
      <p className={styles.hint}>{t('deposit.noMinimum')}</p>
      {account && (
        <>
          {(['ach_push', 'wire'] as const)
            .filter((rail) => account.rails.includes(rail))
            .map((rail) => (
              <section key={rail} aria-labelledby={`deposit-${rail}`}>
                <h3 id={`deposit-${rail}`}>{t(`deposit.rails.${rail}.title`)}</h3>
                <dl className={styles.details}>
                  <dt>{t('account.beneficiary')}</dt>
                  <dd>{account.beneficiaryName}</dd>
                  <dt>{t('account.bank')}</dt>
                  <dd>{rail === 'wire' && account.bankAddress ? `${account.bankName}, ${account.bankAddress}` : account.bankName}</dd>
                  <dt>{t('account.routing')}</dt>
                  <dd>{account.routingNumber}</dd>
                  <dt>{t('account.number')}</dt>
                  <dd>{account.accountNumber}</dd>
                  <dt>{t('deposit.fee')}</dt>
                  <dd>{t('deposit.free')}</dd>
                </dl>
                <p className={styles.hint}>{t(`deposit.rails.${rail}.timing`)}</p>
              </section>
            ))}
          {account.iban && (
            <section aria-labelledby="deposit-sepa">
              <h3 id="deposit-sepa">{t('deposit.rails.sepa.title')}</h3>
              <dl className={styles.details}>
                <dt>{t('account.beneficiary')}</dt>
                <dd>{account.beneficiaryName}</dd>
                <dt>IBAN</dt>
                <dd>{account.iban}</dd>
                {account.bic && (
                  <>
                    <dt>BIC</dt>
                    <dd>{account.bic}</dd>
                  </>
                )}
                <dt>{t('deposit.fee')}</dt>
                <dd>{t('deposit.free')}</dd>
              </dl>
              <p className={styles.hint}>{t('deposit.rails.sepa.timing')}</p>
            </section>
          )}
          <p className={styles.hint}>{t('deposit.noSwift')}</p>
          <p className={styles.hint}>{t('account.allowed')}</p>
        </>
      )}
      {profile.walletAddress && (
        <section aria-labelledby="deposit-crypto">
          <h3 id="deposit-crypto">{t('deposit.crypto.title')}</h3>
          <div className={styles.qrBlock}>
            <QrCode value={profile.walletAddress} label={t('deposit.crypto.qrLabel')} />
            <p className={styles.address}>{profile.walletAddress}</p>
          </div>
          <dl className={styles.details}>
            <dt>USDC</dt>
            <dd>{t('deposit.free')}</dd>
            <dt>USDT</dt>
            <dd data-testid="usdt-deposit-fee">
              {t('deposit.crypto.usdtFee', {
                low: percent(usdt[0].bps, language),
                middle: percent(usdt[1].bps, language),
                high: percent(usdt[2].bps, language),
                from: formatUsd(200_000, language),
                over: formatUsd(500_000, language),
              })}
            </dd>
          </dl>
          <p className={styles.hint}>{t('deposit.crypto.network')}</p>
        </section>
      )}
    </section>
  );
}
