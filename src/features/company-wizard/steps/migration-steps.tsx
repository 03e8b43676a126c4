import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { migrationDocumentKinds } from '@domain/company-terms';
import layout from '@src/components/form/form-layout.module.css';
import { TextField } from '@src/components/form/text-field';
import fieldStyles from '@src/components/form/field.module.css';
import { ChoiceGroup } from '../components/choice-group';
import { CountrySelect } from '../components/country-select';
import { MaskedField } from '../components/masked-field';
import { SelectField } from '@src/components/form/select-field';
import { einGroups } from '../digit-mask';
import { originKinds } from '../wizard-values';
import styles from '../wizard.module.css';
import { stateOptions } from './state-options';
import { CompanyTypeField } from './company-type-field';
import type { StepContext } from './step-context';

/** The existing company: its current name, type and, if known, when it was formed (its first tax year). */
export function MigrationCompanyStep(context: StepContext) {
  const { t } = useTranslation('wizard');
  const { form, errorOf } = context;
  return (
    <div className={layout.stack}>
      <TextField
        label={t('fields.existingCompanyName')}
        autoComplete="organization"
        error={errorOf('company.existingCompanyName')}
        {...form.register('company.existingCompanyName')}
      />
      <CompanyTypeField {...context} showLegend />
      <TextField
        label={t('fields.formationDate')}
        hint={t('fields.formationDateHint')}
        type="date"
        error={errorOf('company.formationDate')}
        {...form.register('company.formationDate')}
      />
    </div>
  );
}

/** Where the company exists today: a US state, or a country for a foreign company (never the US itself). */
export function OriginStep({ form, language, errorOf }: StepContext) {
  const { t } = useTranslation('wizard');
  const kind = useWatch({ control: form.control, name: 'company.originKind' }) as string;
  return (
    <div className={layout.stack}>
      <ChoiceGroup
        legend={t('origin.legend')}
        layout="inline"
        choices={originKinds.map((value) => ({ value, label: t(`origin.${value}`) }))}
        input={form.register('company.originKind')}
        error={errorOf('company.originKind')}
      />
      {kind === 'us' && (
        <SelectField
          label={t('origin.state')}
          placeholder={t('fields.choose')}
          options={stateOptions}
          error={errorOf('company.originState')}
          {...form.register('company.originState')}
        />
      )}
      {kind === 'abroad' && (
        <CountrySelect
          language={language}
          exclude={['US']}
          label={t('origin.country')}
          placeholder={t('fields.chooseCountry')}
          error={errorOf('company.originCountry')}
          {...form.register('company.originCountry')}
        />
      )}
    </div>
  );
}

/** The EIN if the company has one, and a checklist of the documents it already has. */
export function DocumentsStep({ form, errorOf }: StepContext) {
  const { t } = useTranslation('wizard');
  return (
    <div className={layout.stack}>
      <MaskedField
        label={t('documents.ein')}
        hint={t('documents.einHint')}
        groups={einGroups}
        control={form.control}
        name="company.ein"
        error={errorOf('company.ein')}
      />
      <fieldset className={styles.choiceGroup} aria-describedby="documents-hint">
        <legend className={styles.legend}>{t('documents.legend')}</legend>
        <p id="documents-hint" className={fieldStyles.hint}>
          {t('documents.hint')}
        </p>
        <div className={styles['choices-list']}>
          {migrationDocumentKinds.map((kind) => (
            <div key={kind} className={styles.choice}>
              <input id={`document-${kind}`} type="checkbox" value={kind} className={styles.choiceInput} {...form.register('company.documents')} />
              <label htmlFor={`document-${kind}`} className={styles.choiceLabel}>
                {t(`documents.kinds.${kind}`)}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
