import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankAccountView, LiquidationAddressView } from '@domain/banking';
import { feeSchedule, liquidationNetworks } from '@domain/banking-terms';
import type { LiquidationAddressInput } from '@domain/banking-forms';
import { railsOfRegion } from '@domain/banking-rules';
import { withdrawalLimits, type Language } from '@domain/constants';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import fieldStyles from '@src/components/form/field.module.css';
import { formatDate, formatNumber, formatUsd } from '@src/i18n/format';
import { useErrorText } from '@src/lib/use-error-text';
import { createLiquidationAddress } from '../api/banking-api';
import styles from './banking.module.css';
import { QrCode } from './qr-code';
import { useStepUp } from './step-up';

interface Props {
  companyId: string;
  language: Language;
  addresses: LiquidationAddressView[];
  bankAccounts: BankAccountView[];
  stepUpSeconds: number;
  onChange(): void;
}

/**
 * Liquidation addresses (SPEC §2, §3, §9): crypto sent to one arrives as fiat in a bank
 * account. Created with a fresh step-up and an Idempotency-Key per address the user means
 * (a double click makes one); listed with date, currency, network, bank, beneficiary and
 * method; the detail shows the address as text and as a QR drawn in the browser.
 */
export function LiquidationPanel({ companyId, language, addresses, bankAccounts, stepUpSeconds, onChange }: Props) {
  const { t } = useTranslation('banking');
  const errorText = useErrorText();
  const { stepUp, codeField, resetCode } = useStepUp(stepUpSeconds);
  const [open, setOpen] = useState<string | null>(null);
  const [currency, setCurrency] = useState<'usdc' | 'usdt'>('usdc');
  const [bankAccountId, setBankAccountId] = useState('');
  const [method, setMethod] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const idempotencyKey = useRef(crypto.randomUUID());
  const account = bankAccounts.find((candidate) => candidate.id === bankAccountId);
  const methods = account ? railsOfRegion[account.region].filter((rail) => rail !== 'tron') : [];
  const fee = feeSchedule[`liquidation_${currency}`];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!account || !methods.includes(method as never)) {
      setFailure(t('liquidation.chooseAccount'));
      return;
    }
    setBusy(true);
    try {
      if (!(await stepUp())) return;
      const created = await createLiquidationAddress(
        companyId,
        { currency, bankAccountId, method: method as LiquidationAddressInput['method'] },
        idempotencyKey.current,
      );
      idempotencyKey.current = crypto.randomUUID();
      resetCode();
      setOpen(created.id);
      onChange();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="liquidation-title">
      <h2 id="liquidation-title">{t('liquidation.title')}</h2>
      <p>{t('liquidation.intro')}</p>
      <p className={styles.hint}>{t('liquidation.minimum', { amount: formatUsd(withdrawalLimits.liquidationMinimumUsd, language) })}</p>
      {addresses.length === 0 ? (
        <p>{t('liquidation.empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('liquidation.title')}>
          {addresses.map((address) => (
            <li key={address.id}>
              <button type="button" className={styles.row} aria-expanded={open === address.id} onClick={() => setOpen(open === address.id ? null : address.id)}>
                <span>{formatDate(address.date, language)}</span>
                <span>{`${address.currency.toUpperCase()} · ${t(`liquidation.networks.${address.network}`, { defaultValue: address.network })}`}</span>
                <span>{`${address.bank} · ${address.beneficiary}`}</span>
                <span>{t(`rails.${address.method}`)}</span>
              </button>
              {open === address.id && (
                <div className={styles.qrBlock}>
                  <QrCode value={address.address} label={t('liquidation.qrLabel', { currency: address.currency.toUpperCase() })} />
                  <p className={styles.address} data-testid="liquidation-address">
                    {address.address}
                  </p>
                  <p className={styles.hint}>
                    {t('liquidation.sendOnly', {
                      currency: address.currency.toUpperCase(),
                      network: t(`liquidation.networks.${address.network}`, { defaultValue: address.network }),
                    })}
                  </p>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <h3>{t('liquidation.create')}</h3>
        {failure && <FormAlert>{failure}</FormAlert>}
        <div className={fieldStyles.field}>
          <label htmlFor="liquidation-currency" className={fieldStyles.label}>
            {t('liquidation.currency')}
          </label>
          <select
            id="liquidation-currency"
            className={fieldStyles.control}
            value={currency}
            onChange={(event) => setCurrency(event.target.value as 'usdc' | 'usdt')}
          >
            {(['usdc', 'usdt'] as const).map((value) => (
              <option key={value} value={value}>
                {`${value.toUpperCase()} · ${t(`liquidation.networks.${liquidationNetworks[value]}`)}`}
              </option>
            ))}
          </select>
        </div>
        <div className={fieldStyles.field}>
          <label htmlFor="liquidation-account" className={fieldStyles.label}>
            {t('liquidation.bankAccount')}
          </label>
          <select
            id="liquidation-account"
            className={fieldStyles.control}
            value={bankAccountId}
            onChange={(event) => {
              setBankAccountId(event.target.value);
              setMethod('');
            }}
          >
            <option value="">{bankAccounts.length === 0 ? t('withdraw.noAccounts') : t('withdraw.chooseAccount')}</option>
            {bankAccounts.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>{`${candidate.bankName} ••${candidate.last4} · ${candidate.holderName}`}</option>
            ))}
          </select>
        </div>
        <div className={fieldStyles.field}>
          <label htmlFor="liquidation-method" className={fieldStyles.label}>
            {t('liquidation.method')}
          </label>
          <select
            id="liquidation-method"
            className={fieldStyles.control}
            value={method}
            disabled={!account}
            onChange={(event) => setMethod(event.target.value)}
          >
            <option value="">{t('liquidation.chooseMethod')}</option>
            {methods.map((rail) => (
              <option key={rail} value={rail}>
                {t(`rails.${rail}`)}
              </option>
            ))}
          </select>
        </div>
        <p className={styles.hint} data-testid="liquidation-fee">
          {t('liquidation.fee', {
            low: `${formatNumber(fee[0].bps / 100, language)} %`,
            middle: `${formatNumber(fee[1].bps / 100, language)} %`,
            high: `${formatNumber(fee[2].bps / 100, language)} %`,
            from: formatUsd(200_000, language),
            over: formatUsd(500_000, language),
          })}
        </p>
        {codeField}
        <div>
          <Button type="submit" busy={busy} busyLabel={t('withdraw.sending')}>
            {t('liquidation.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
