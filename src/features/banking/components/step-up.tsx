import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@src/components/form/text-field';
import { verifyTwoFactor } from '../api/banking-api';
import { useCodeError } from './two-factor-panel';

/**
 * The fresh two-factor step-up that changing where money goes needs (bank accounts,
 * liquidation addresses): while the last code is fresh nothing is asked; otherwise the
 * 6-digit field is shown and `stepUp()` checks it before the change is sent.
 */
export function useStepUp(stepUpSeconds: number) {
  const { t } = useTranslation('banking');
  const codeError = useCodeError();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  async function stepUp(): Promise<boolean> {
    if (stepUpSeconds > 0) return true;
    if (!/^\d{6}$/.test(code)) {
      setError(t('banking:validation.code'));
      return false;
    }
    try {
      await verifyTwoFactor(code);
      setError(undefined);
      return true;
    } catch (caught) {
      setError(codeError(caught));
      return false;
    }
  }

  const codeField = stepUpSeconds === 0 && (
    <TextField
      label={t('twoFactor.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={code}
      onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
      error={error}
    />
  );

  return { stepUp, codeField, resetCode: () => setCode('') };
}
