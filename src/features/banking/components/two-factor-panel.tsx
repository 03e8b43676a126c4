import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankingOverview } from '@domain/banking';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import { TextField } from '@src/components/form/text-field';
import { ApiError } from '@src/lib/api';
import { useErrorText } from '@src/lib/use-error-text';
import { confirmTwoFactorReset, requestTwoFactorReset, setUpTwoFactor, verifyTwoFactor } from '../api/banking-api';
import styles from './banking.module.css';
import { QrCode } from './qr-code';

/** The 6-digit field with SPEC §8's answer: attempts remaining, or the lockout's wait. */
export function useCodeError() {
  const { t } = useTranslation('errors');
  const errorText = useErrorText();
  return (error: unknown) =>
    error instanceof ApiError && error.code === 'two_factor_invalid_code'
      ? t('two_factor_invalid_code', { count: error.details.attemptsRemaining ?? 0 })
      : errorText(error);
}

interface Props {
  companyId: string;
  overview: BankingOverview;
  onVerified: () => void;
}

/**
 * Two-factor access (SPEC §2, §4): the owner (or a teammate once the owner has it) generates
 * a QR, scans it and enters a code; later visits only ask for a code. A lost device is reset
 * with a code mailed to the owner.
 */
export function TwoFactorPanel({ companyId, overview, onVerified }: Props) {
  const { t } = useTranslation('banking');
  const errorText = useErrorText();
  const codeError = useCodeError();
  const [uri, setUri] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [resetCode, setResetCode] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const { enabled, canSetUp } = overview.twoFactor;

  const run = async (task: () => Promise<void>, onError = errorText) => {
    setBusy(true);
    setFailure(null);
    try {
      await task();
    } catch (error) {
      setFailure(onError(error));
    } finally {
      setBusy(false);
    }
  };

  const generate = () => run(async () => setUri((await setUpTwoFactor(companyId)).otpauthUri));

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) return setFailure(t('banking:validation.code'));
    void run(async () => {
      await verifyTwoFactor(code);
      setCode('');
      onVerified();
    }, codeError);
  };

  const askReset = () =>
    run(async () => {
      await requestTwoFactorReset(companyId);
      setResetting(true);
      setNotice(t('twoFactor.resetSent'));
    });

  const submitReset = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await confirmTwoFactorReset(resetCode);
      setResetting(false);
      setResetCode('');
      setNotice(t('twoFactor.resetDone'));
      onVerified();
    });
  };

  const secret = uri ? new URL(uri).searchParams.get('secret') : null;

  return (
    <section className={styles.card} aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">{t('twoFactor.title')}</h2>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {failure && <FormAlert>{failure}</FormAlert>}
      {!enabled && !uri && (
        <>
          <p>{t('twoFactor.intro')}</p>
          {canSetUp ? (
            <Button onClick={() => void generate()} busy={busy}>
              {t('twoFactor.generate')}
            </Button>
          ) : (
            <FormAlert>{t('twoFactor.ownerFirst')}</FormAlert>
          )}
        </>
      )}
      {uri && secret && (
        <div className={styles.qrBlock}>
          <p>{t('twoFactor.scan')}</p>
          <QrCode value={uri} label={t('twoFactor.qrLabel')} />
          <p className={styles.secret}>
            {t('twoFactor.manualKey')} <code>{secret}</code>
          </p>
        </div>
      )}
      {(enabled || uri) && !resetting && (
        <form className={styles.inline} onSubmit={submitCode} noValidate>
          <TextField
            label={t('twoFactor.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
          <Button type="submit" busy={busy}>
            {t('twoFactor.verify')}
          </Button>
        </form>
      )}
      {enabled && !resetting && (
        <Button variant="ghost" size="small" onClick={() => void askReset()} disabled={busy}>
          {t('twoFactor.lostDevice')}
        </Button>
      )}
      {resetting && (
        <form className={styles.inline} onSubmit={submitReset} noValidate>
          <TextField
            label={t('twoFactor.resetCode')}
            inputMode="numeric"
            maxLength={6}
            value={resetCode}
            onChange={(event) => setResetCode(event.target.value.replace(/\D/g, ''))}
          />
          <Button type="submit" busy={busy}>
            {t('twoFactor.confirmReset')}
          </Button>
        </form>
      )}
    </section>
  );
}
