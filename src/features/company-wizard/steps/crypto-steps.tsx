import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countryName, isBankingAvailable, isCountryCode } from '@domain/countries';
import { ButtonLink } from '@src/components/button';
import layout from '@src/components/form/form-layout.module.css';
import { TextField } from '@src/components/form/text-field';
import { href, paths } from '@src/lib/paths';
import { CountrySelect } from '../components/country-select';
import styles from '../wizard.module.css';
import type { StepContext } from './step-context';

/** The business that will hold the account (the basic crypto KYB): legal name and registration country. */
export function BusinessStep({ form, language, errorOf }: StepContext) {
  const { t } = useTranslation('wizard');
  return (
    <div className={layout.stack}>
      <TextField label={t('fields.legalName')} autoComplete="organization" error={errorOf('business.legalName')} {...form.register('business.legalName')} />
      <CountrySelect
        language={language}
        label={t('fields.registrationCountry')}
        placeholder={t('fields.chooseCountry')}
        error={errorOf('business.registrationCountry')}
        {...form.register('business.registrationCountry')}
      />
    </div>
  );
}

/**
 * The applicant's country of residence. SPEC §1: residents of the listed countries cannot
 * open digital banking — said plainly as soon as such a country is chosen, and the step
 * refuses to continue (the server refuses the order too).
 */
export function ResidenceStep({ form, language, errorOf }: StepContext) {
  const { t } = useTranslation('wizard');
  const country = useWatch({ control: form.control, name: 'residenceCountry' }) as string;
  const refused = isCountryCode(country) && !isBankingAvailable(country);
  const name = refused ? countryName(country, language) : '';
  return (
    <div className={layout.stack}>
      <CountrySelect
        language={language}
        label={t('fields.residenceCountry')}
        placeholder={t('fields.chooseCountry')}
        error={errorOf('residenceCountry')}
        {...form.register('residenceCountry', {
          // Validate on change, not only on blur: the refusal must show the moment the country is picked.
          onChange: () => void form.trigger('residenceCountry'),
        })}
      />
      {refused && (
        <section className={styles.refusal} role="alert" aria-labelledby="banking-unavailable">
          <h3 id="banking-unavailable">{t('residence.unavailableTitle', { country: name })}</h3>
          <p>{t('residence.unavailable', { country: name })}</p>
          <ButtonLink to={href(language, paths.createCompany)} variant="secondary" size="small">
            {t('residence.createCompany')}
          </ButtonLink>
        </section>
      )}
    </div>
  );
}
