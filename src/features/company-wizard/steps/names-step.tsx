import { useTranslation } from 'react-i18next';
import layout from '@src/components/form/form-layout.module.css';
import { TextField } from '@src/components/form/text-field';
import type { StepContext } from './step-context';

/** Two name options of at least 2 characters, different from each other (the state may refuse the first). */
export function NamesStep({ form, errorOf }: StepContext) {
  const { t } = useTranslation('wizard');
  return (
    <div className={layout.stack}>
      <TextField
        label={t('fields.nameOption1')}
        hint={t('fields.namesHint')}
        autoComplete="organization"
        error={errorOf('company.nameOption1')}
        {...form.register('company.nameOption1')}
      />
      <TextField label={t('fields.nameOption2')} autoComplete="off" error={errorOf('company.nameOption2')} {...form.register('company.nameOption2')} />
    </div>
  );
}
