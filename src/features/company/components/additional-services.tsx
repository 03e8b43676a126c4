import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyDetail } from '@domain/company-views';
import type { Language } from '@domain/constants';
import { formatUsd } from '@domain/plan-prices';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import { usePlanCatalog } from '@src/features/plans/hooks/use-plan-catalog';
import { useErrorText } from '@src/lib/use-error-text';
import { useCompanyCheckout } from '../hooks/use-company-checkout';
import styles from './company.module.css';

/** Additional services the company has, and the others it can buy through the checkout (`paymentType` additionalService). */
export function AdditionalServices({ company, language }: { company: CompanyDetail; language: Language }) {
  const { t } = useTranslation(['company', 'plans']);
  const errorText = useErrorText();
  const { catalog } = usePlanCatalog();
  const [chosen, setChosen] = useState<string[]>([]);
  const checkout = useCompanyCheckout(company, language);
  const companyType = company.type === 'Cross Border Crypto' ? 'CRYPTO_COMPANY' : 'USA_COMPANY';
  const offered = catalog?.services.filter((service) => service.companyTypes.includes(companyType) && !company.services.includes(service.id)) ?? [];
  const total = offered.filter((service) => chosen.includes(service.id)).reduce((sum, service) => sum + service.price, 0);
  const owner = company.relation === 'owner';

  return (
    <section aria-labelledby="services-title" className={styles.section}>
      <h2 id="services-title" className={styles.sectionTitle}>
        {t('services.title')}
      </h2>
      {company.services.length > 0 ? (
        <ul className={styles.tags} aria-label={t('services.owned')}>
          {company.services.map((id) => (
            <li key={id}>{t(`plans:services.items.${id}.name`, { defaultValue: id })}</li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('services.none')}</p>
      )}
      {owner && offered.length > 0 && (
        <form
          className={styles.servicesForm}
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen.length > 0) void checkout.pay({ paymentType: 'additionalService', services: chosen, expectedAmount: total });
          }}
        >
          <fieldset className={styles.fieldset}>
            <legend>{t('services.buyLegend')}</legend>
            {offered.map((service) => (
              <label key={service.id} className={styles.check}>
                <input
                  type="checkbox"
                  checked={chosen.includes(service.id)}
                  onChange={(event) => setChosen((current) => (event.target.checked ? [...current, service.id] : current.filter((id) => id !== service.id)))}
                />
                <span>
                  {t(`plans:services.items.${service.id}.name`, { defaultValue: service.id })} · {formatUsd(service.price, language)}
                </span>
              </label>
            ))}
          </fieldset>
          {checkout.error !== null && <FormAlert>{errorText(checkout.error)}</FormAlert>}
          <Button type="submit" disabled={chosen.length === 0} busy={checkout.busy}>
            {chosen.length > 0 ? t('services.buyTotal', { total: formatUsd(total, language) }) : t('services.buy')}
          </Button>
        </form>
      )}
    </section>
  );
}
