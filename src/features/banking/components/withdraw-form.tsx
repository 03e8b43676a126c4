import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankAccountView } from '@domain/banking';
import { feeCents, parseUsdInput, withdrawalRails, type WithdrawalRail } from '@domain/banking-terms';
import type { Withdrawal } from '@domain/banking-forms';
import { railsOfRegion, withdrawalIssues } from '@domain/banking-rules';
import { nextCutoff } from '@domain/banking-cutoff';
import type { Language } from '@domain/constants';
import { Button } from '@src/components/button';
import { FieldError } from '@src/components/form/field-error';
import { FormAlert } from '@src/components/form/form-alert';
import { TextField } from '@src/components/form/text-field';
import fieldStyles from '@src/components/form/field.module.css';
import { formatDateTime, formatUsd } from '@src/i18n/format';
import { messageKey } from '@src/lib/error-message';
import { ApiError } from '@src/lib/api';
import { useErrorText } from '@src/lib/use-error-text';
import { verifyTwoFactor, withdraw } from '../api/banking-api';
import styles from './banking.module.css';
import { useCodeError } from './two-factor-panel';

interface Props {
  companyId: string;
  language: Language;
  balanceCents: number;
  bankAccounts: BankAccountView[];
  /** The step-up is still fresh: no code needed. */
  stepUpSeconds: number;
  onDone: () => void;
}

/**
 * Withdraw (SPEC §3, §5, §9): bank (wire, same-day or next-day ACH, SEPA, SPEI) or USDT on
 * TRON; the fee shown before confirming comes from the same table the server recomputes it
 * with; the cut-off is shown in the user's own time zone; a 2FA code confirms it.
 */
export function WithdrawForm({ companyId, language, balanceCents, bankAccounts, stepUpSeconds, onDone }: Props) {
  const { t } = useTranslation('banking');
  const errorText = useErrorText();
  const codeError = useCodeError();
  const [rail, setRail] = useState<WithdrawalRail>('ach');
  const [bankAccountId, setBankAccountId] = useState('');
  const [walletAddress, setWalletAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per withdrawal the user means: kept across retries and double clicks, renewed after success.
  const idempotencyKey = useRef(crypto.randomUUID());

  const amountCents = parseUsdInput(amount);
  const fee = amountCents !== null ? feeCents(rail, amountCents) : null;
  const cutoff = nextCutoff(rail, new Date());
  const accounts = bankAccounts.filter((account) => railsOfRegion[account.region].includes(rail));
  const withdrawal: Withdrawal = {
    rail,
    amountCents: amountCents ?? 0,
    ...(rail === 'tron' ? { walletAddress } : { bankAccountId: bankAccountId || undefined }),
    ...(rail !== 'tron' ? { reference } : {}),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSent(null);
    const issues = amountCents === null ? [{ path: 'amountCents', message: 'validation.required' }] : withdrawalIssues(withdrawal);
    if (amountCents !== null && amountCents > balanceCents) issues.push({ path: 'amountCents', message: 'errors.insufficient_balance' });
    if (stepUpSeconds === 0 && !/^\d{6}$/.test(code)) issues.push({ path: 'code', message: 'banking.validation.code' });
    setErrors(Object.fromEntries(issues.map((issue) => [issue.path, t(messageKey(issue.message))])));
    if (issues.length > 0) return;
    setBusy(true);
    try {
      if (stepUpSeconds === 0) {
        try {
          await verifyTwoFactor(code);
        } catch (error) {
          setErrors({ code: codeError(error) });
          return;
        }
      }
      const transaction = await withdraw(companyId, withdrawal, idempotencyKey.current);
      idempotencyKey.current = crypto.randomUUID();
      // The provider has not answered yet (the server asks again until it does): say so, not "sent".
      setSent(t(transaction.status === 'pending' ? 'withdraw.pending' : 'withdraw.sent', { amount: formatUsd(transaction.amountCents / 100, language) }));
      setAmount('');
      setReference('');
      setCode('');
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation') {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([path, keys]) => [path, t(messageKey(keys[0]!))])));
      } else setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="withdraw-title">
      <h2 id="withdraw-title">{t('withdraw.title')}</h2>
      {sent && <FormAlert tone="success">{sent}</FormAlert>}
      {failure && <FormAlert>{failure}</FormAlert>}
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={fieldStyles.field}>
          <label htmlFor="withdraw-rail" className={fieldStyles.label}>
            {t('withdraw.method')}
          </label>
          <select id="withdraw-rail" className={fieldStyles.control} value={rail} onChange={(event) => setRail(event.target.value as WithdrawalRail)}>
            {withdrawalRails.map((option) => (
              <option key={option} value={option}>
                {t(`rails.${option}`)}
              </option>
            ))}
          </select>
        </div>
        {rail === 'tron' ? (
          <TextField
            label={t('withdraw.walletAddress')}
            value={walletAddress}
            onChange={(event) => setWalletAddress(event.target.value.trim())}
            error={errors.walletAddress}
            autoComplete="off"
          />
        ) : (
          <div className={fieldStyles.field}>
            <label htmlFor="withdraw-account" className={fieldStyles.label}>
              {t('withdraw.bankAccount')}
            </label>
            <select
              id="withdraw-account"
              className={fieldStyles.control}
              value={bankAccountId}
              onChange={(event) => setBankAccountId(event.target.value)}
              aria-invalid={errors.bankAccountId ? true : undefined}
              aria-describedby={errors.bankAccountId ? 'withdraw-account-error' : undefined}
            >
              <option value="">{accounts.length === 0 ? t('withdraw.noAccounts') : t('withdraw.chooseAccount')}</option>
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {`${account.bankName} ••${account.last4} · ${account.holderName}`}
                </option>
              ))}
            </select>
            <FieldError id="withdraw-account-error" error={errors.bankAccountId} />
          </div>
        )}
        <TextField
          label={t('withdraw.amount')}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={errors.amountCents}
          hint={t('withdraw.available', { amount: formatUsd(balanceCents / 100, language) })}
        />
        {rail !== 'tron' && (
          <TextField
            label={t(`withdraw.reference.${rail}`)}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            error={errors.reference}
          />
        )}
        {amountCents !== null && fee !== null && (
          <dl className={styles.preview} aria-label={t('withdraw.preview')}>
            <dt>{t('withdraw.fee')}</dt>
            <dd>{formatUsd(fee / 100, language)}</dd>
            <dt>{t('withdraw.received')}</dt>
            <dd>{formatUsd(Math.max(0, amountCents - fee) / 100, language)}</dd>
          </dl>
        )}
        {cutoff && <p className={styles.hint}>{t('withdraw.cutoff', { time: formatDateTime(cutoff, language) })}</p>}
        {rail === 'ach' && <p className={styles.hint}>{t('withdraw.nextDay')}</p>}
        {stepUpSeconds === 0 && (
          <TextField
            label={t('twoFactor.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            error={errors.code}
          />
        )}
        <Button type="submit" busy={busy} busyLabel={t('withdraw.sending')}>
          {t('withdraw.submit')}
        </Button>
      </form>
    </section>
  );
}
