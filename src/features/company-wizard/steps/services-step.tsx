import { useTranslation } from 'react-i18next';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import layout from '@src/components/form/form-layout.module.css';
import { isBankingService } from '@domain/plan-prices';
import { formatUsd } from '@src/i18n/format';
import fieldStyles from '@src/components/form/field.module.css';
import { BankingUnavailableNotice, useBankingUnavailableResidence } from '../components/banking-notice';
import styles from '../wizard.module.css';
import { ProcessingSpeedField } from './processing-speed-field';
import type { StepContext } from './step-context';

/** A notice when the price list is not known yet (first visit offline), with a way to ask again. */
export function CatalogNotice({ catalog }: Pick<StepContext, 'catalog'>) {
  const { t } = useTranslation('plans');
  if (catalog.loading) return <p role="status">{t('common:loading')}</p>;
  return (
    <FormAlert>
      <p>{t('summary.unavailable')}</p>
      <Button variant="secondary" size="small" onClick={() => void catalog.refresh()}>
        {t('summary.retry')}
      </Button>
    </FormAlert>
  );
}

/**
 * Additional services of a US company: one processing speed, then any of the others, with
 * their prices. Banking add-ons are not offered to a company with a partner living where
 * digital banking is unavailable (SPEC §1), and the step says why.
 */
export function ServicesStep(context: StepContext) {
  const { t } = useTranslation('plans');
  const { form, language, catalog } = context;
  const noBankingIn = useBankingUnavailableResidence(context);
  if (!catalog.catalog) return <CatalogNotice catalog={catalog} />;
  const known = { ...catalog, catalog: catalog.catalog };
  const usaServices = catalog.catalog.services.filter((service) => service.group === null && service.companyTypes.includes('USA_COMPANY'));
  const extras = noBankingIn ? usaServices.filter((service) => !isBankingService(service.id)) : usaServices;
  return (
    <div className={layout.stack}>
      <ProcessingSpeedField {...context} catalog={known} companyType="USA_COMPANY" />
      <fieldset className={styles.choiceGroup} aria-describedby="extras-hint">
        <legend className={styles.legend}>{t('services.extrasLegend')}</legend>
        <p id="extras-hint" className={fieldStyles.hint}>
          {t('services.extrasHint')}
        </p>
        <div className={styles['choices-list']}>
          {extras.map((service) => (
            <div key={service.id} className={styles.choice}>
              <input
                id={`service-${service.id}`}
                type="checkbox"
                value={service.id}
                className={styles.choiceInput}
                aria-describedby={`service-${service.id}-price service-${service.id}-description`}
                {...form.register('services.extras')}
              />
              <label htmlFor={`service-${service.id}`} className={styles.choiceLabel}>
                {t(`services.items.${service.id}.name`)}
              </label>
              <span id={`service-${service.id}-price`} className={styles.badge}>
                {t(service.recurrence === 'year' ? 'services.pricePerYear' : 'services.price', { price: formatUsd(service.price / 100, language) })}
              </span>
              <p id={`service-${service.id}-description`} className={styles.choiceDescription}>
                {t(`services.items.${service.id}.description`)}
              </p>
            </div>
          ))}
        </div>
        {noBankingIn && extras.length < usaServices.length && <BankingUnavailableNotice country={noBankingIn} language={language} message="services" />}
      </fieldset>
    </div>
  );
}
