import { useController, type ControllerRenderProps } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isCountryCode } from '@domain/countries';
import layout from '@src/components/form/form-layout.module.css';
import { PhoneField } from '@src/components/form/phone-field';
import { TextField } from '@src/components/form/text-field';
import { useHydrated } from '@src/lib/use-hydrated';
import type { StepContext } from './step-context';

/** "Your info": the person placing the order, who will own the account (SPEC §5: names, email, phone with country code). */
export function OwnerStep({ form, language, errorOf }: StepContext) {
  const { t } = useTranslation('wizard');
  const hydrated = useHydrated();
  const { register, control } = form;
  const country = useController({ control, name: 'owner.phoneCountry' });
  const phone = useController({ control, name: 'owner.phone' });
  // Each of the phone's controls, named (the page's form is read by name before the app); the field is left when its number is.
  const controlOf = ({ ref, name, value, onChange }: ControllerRenderProps) => ({
    ref,
    name,
    value: String(value ?? ''),
    onChange,
    onBlur: phone.field.onBlur,
  });
  return (
    <div className={layout.stack}>
      <div className={layout.row}>
        <TextField label={t('fields.firstName')} autoComplete="given-name" error={errorOf('owner.firstName')} {...register('owner.firstName')} />
        <TextField label={t('fields.lastName')} autoComplete="family-name" error={errorOf('owner.lastName')} {...register('owner.lastName')} />
      </div>
      <TextField label={t('fields.email')} type="email" inputMode="email" autoComplete="email" error={errorOf('owner.email')} {...register('owner.email')} />
      <PhoneField
        legend={t('fields.phoneLegend')}
        hint={t('fields.phoneHint')}
        countryLabel={t('fields.phoneCountry')}
        numberLabel={t('fields.phoneNumber')}
        country={controlOf(country.field)}
        number={controlOf(phone.field)}
        error={errorOf('owner.phone') ?? errorOf('owner.phoneCountry')}
        language={language}
        offered={isCountryCode}
        // The page's form (pre-rendered, then hydrated) lists every country from the start.
        listLater={hydrated}
      />
    </div>
  );
}
