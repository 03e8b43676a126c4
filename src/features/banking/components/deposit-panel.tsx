import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankingOverview } from '@domain/banking';
import { feeSchedule, type DepositRail, type FeeRate } from '@domain/banking-terms';
import type { Language } from '@domain/constants';
import { formatNumber, formatUsd } from '@src/i18n/format';
import styles from './banking.module.css';
import { QrCode } from './qr-code';

type Profile = NonNullable<BankingOverview['profile']>;

/** A fee rate as "0.25 %". */
const percent = (bps: number, language: Language) => `${formatNumber(bps / 100, language)} %`;

/**
 * How to put money in, rail by rail (SPEC §1, §9): ACH and US wire to the USD virtual account's
 * routing and account numbers, SEPA to the EUR account's IBAN and BIC, SPEI to the MXN
 * account's CLABE (each shown once the provider opened it), and USDC or USDT to the wallet's
 * address (as text and QR). SWIFT is refused in words. Each rail shows its own fee from the
 * table the server charges by (SPEC §9: bank and USDC deposits free). No minimum.
 */
export function DepositPanel({ profile, language }: { profile: Profile; language: Language }) {
  const { t } = useTranslation('banking');
  const { usd, eur, mxn } = profile.virtualAccounts;
  const usdt = feeSchedule.deposit_usdt;
  const tiers = (rates: readonly FeeRate[]) =>
    t('deposit.crypto.usdtFee', {
      low: percent(rates[0]!.bps, language),
      middle: percent(rates[1]!.bps, language),
      high: percent(rates[2]!.bps, language),
      from: formatUsd(200_000, language),
      over: formatUsd(500_000, language),
    });
  /** The rail's deposit fee: free, or its tiers (a fixed part is not configured for deposits). */
  const feeOf = (rail: DepositRail) => {
    const rates = feeSchedule[`deposit_${rail}`];
    return rates.every((rate) => rate.bps === 0 && rate.fixedCents === 0) ? t('deposit.free') : tiers(rates);
  };
  const rail = (id: DepositRail, rows: [string, string][]) => (
    <section key={id} aria-labelledby={`deposit-${id}`}>
      <h3 id={`deposit-${id}`}>{t(`deposit.rails.${id}.title`)}</h3>
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
        <dt>{t('deposit.fee')}</dt>
        <dd data-testid={`deposit-fee-${id}`}>{feeOf(id)}</dd>
      </dl>
      <p className={styles.hint}>{t(`deposit.rails.${id}.timing`)}</p>
    </section>
  );
  return (
    <section className={styles.card} aria-labelledby="deposit-title">
      <h2 id="deposit-title">{t('deposit.title')}</h2>
      <p className={styles.hint}>{t('deposit.noMinimum')}</p>
      {usd &&
        (['ach_push', 'wire'] as const)
          .filter((id) => usd.rails.includes(id))
          .map((id) =>
            rail(id, [
              [t('account.beneficiary'), usd.beneficiaryName],
              [t('account.bank'), id === 'wire' && usd.bankAddress ? `${usd.bankName}, ${usd.bankAddress}` : usd.bankName],
              [t('account.routing'), usd.routingNumber],
              [t('account.number'), usd.accountNumber],
            ]),
          )}
      {eur &&
        rail('sepa', [
          [t('account.holder'), eur.beneficiaryName],
          [t('account.bank'), `${eur.bankName}, ${eur.bankAddress}`],
          ['IBAN', eur.iban],
          ['BIC', eur.bic],
        ])}
      {mxn &&
        rail('spei', [
          [t('account.holder'), mxn.beneficiaryName],
          [t('account.bank'), mxn.bankName],
          ['CLABE', mxn.clabe],
        ])}
      {(usd || eur || mxn) && (
        <>
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
            <dd data-testid="usdt-deposit-fee">{tiers(usdt)}</dd>
          </dl>
          <p className={styles.hint}>{t('deposit.crypto.network')}</p>
        </section>
      )}
    </section>
  );
}
