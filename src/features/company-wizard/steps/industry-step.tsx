import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { industries } from '@domain/company-terms';
import layout from '@src/components/form/form-layout.module.css';
import { TextField } from '@src/components/form/text-field';
import { SelectField } from '@src/components/form/select-field';
import type { StepContext } from './step-context';

/** The industry from the list, or the customer's own words with 'other'. */
export function IndustryStep({ form, errorOf }: StepContext) {
  const { t } = useTranslation('wizard');
  const industry = useWatch({ control: form.control, name: 'company.industry' }) as string;
  const options = industries.map((value) => ({ value, label: t(`industries.${value}`) }));
  return (
    <div className={layout.stack}>
      <SelectField
        label={t('fields.industry')}
        placeholder={t('fields.choose')}
        options={options}
        error={errorOf('company.industry')}
        {...form.register('company.industry')}
      />
      {industry === 'other' && (
        <TextField label={t('fields.industryOther')} error={errorOf('company.industryOther')} {...form.register('company.industryOther')} />
      )}
    </div>
  );
}
