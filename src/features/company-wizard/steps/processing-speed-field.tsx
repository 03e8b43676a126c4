import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import type { PlanCatalog, PlanCompanyType } from '@domain/plans';
import { formatUsd } from '@src/i18n/format';
import { ChoiceGroup, type Choice } from '../components/choice-group';
import { processingSpeeds } from '../wizard-values';
import type { StepContext } from './step-context';

interface ProcessingSpeedFieldProps extends StepContext {
  catalog: StepContext['catalog'] & { catalog: PlanCatalog };
  companyType: PlanCompanyType;
}

const price = (amountCents: number, language: Language) => formatUsd(amountCents / 100, language);

/** Priority (48 h) and VIP (24 h) processing are one choice, so they can never be combined. */
export function ProcessingSpeedField({ form, language, catalog, companyType, errorOf }: ProcessingSpeedFieldProps) {
  const { t } = useTranslation('plans');
  const offered = catalog.catalog.services.filter((service) => service.group === 'processingSpeed' && service.companyTypes.includes(companyType));
  const choices = processingSpeeds.flatMap((speed): Choice[] => {
    if (speed === 'none') return [{ value: speed, label: t('services.none'), description: <p>{t('services.noneHint')}</p> }];
    const service = offered.find((candidate) => candidate.id === speed);
    if (!service) return [];
    return [
      {
        value: speed,
        label: t(`services.items.${speed}.name`),
        badge: t('services.price', { price: price(service.price, language) }),
        description: <p>{t(companyType === 'CRYPTO_COMPANY' ? `services.cryptoSpeed.${speed}` : `services.items.${speed}.description`)}</p>,
      },
    ];
  });
  return (
    <ChoiceGroup
      legend={t('services.speedLegend')}
      hint={t('services.speedHint')}
      choices={choices}
      layout="list"
      input={form.register('services.speed')}
      error={errorOf('services.speed')}
    />
  );
}
