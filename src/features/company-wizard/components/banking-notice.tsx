import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { bankingUnavailableResidence } from '@domain/company-terms';
import { countryName } from '@domain/countries';
import type { StepContext } from '../steps/step-context';
import type { PartnerValues } from '../wizard-values';
import styles from '../wizard.module.css';

/**
 * SPEC §1: the partners' residence where digital banking is unavailable (the first one), as
 * the steps after the partners read it; null when banking is open to every partner or no
 * partner is known yet (the crypto wizard asks for a residence of its own).
 */
export function useBankingUnavailableResidence({ form }: Pick<StepContext, 'form'>): string | null {
  const partners = useWatch({ control: form.control, name: 'partners' }) as PartnerValues[] | undefined;
  return partners ? bankingUnavailableResidence(partners) : null;
}

/** Says plainly, where it matters, that a company with this residence gets no banking. */
export function BankingUnavailableNotice({
  country,
  language,
  message,
}: {
  country: string;
  language: StepContext['language'];
  message: 'services' | 'plan' | 'partner';
}) {
  const { t } = useTranslation('plans');
  return (
    <p className={styles.bankingNotice} role="note">
      {t(`banking.${message}`, { country: countryName(country, language) })}
    </p>
  );
}
