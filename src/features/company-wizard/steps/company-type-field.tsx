import { useTranslation } from 'react-i18next';
import { formationTypes } from '@domain/company-terms';
import { ChoiceGroup } from '../components/choice-group';
import type { StepContext } from './step-context';

/** LLC or C-Corp, each with a short comparison of what it means for the owners. */
export function CompanyTypeField({ form, errorOf, showLegend = false }: StepContext & { showLegend?: boolean }) {
  const { t } = useTranslation('wizard');
  const choices = formationTypes.map((type) => ({
    value: type,
    label: type,
    description: (
      <>
        <p>{t(`types.${type}.summary`)}</p>
        <ul>
          {(t(`types.${type}.points`, { returnObjects: true }) as string[]).map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </>
    ),
  }));
  return (
    <ChoiceGroup legend={t('types.legend')} showLegend={showLegend} choices={choices} input={form.register('company.type')} error={errorOf('company.type')} />
  );
}
