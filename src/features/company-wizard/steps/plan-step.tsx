import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { flowCompanyType, type OrderFlow } from '@domain/order-flows';
import type { Language } from '@domain/constants';
import type { BillingCycle, Plan } from '@domain/plans';
import { ButtonLink } from '@src/components/button';
import layout from '@src/components/form/form-layout.module.css';
import { OrderSummary } from '@src/features/plans/components/order-summary';
import { formatUsd } from '@src/i18n/format';
import { href, paths } from '@src/lib/paths';
import { BankingUnavailableNotice, useBankingUnavailableResidence } from '../components/banking-notice';
import { ChoiceGroup } from '../components/choice-group';
import { quoteOf } from '../order-quote';
import type { WizardValuesOf } from '../wizard-values';
import styles from '../wizard.module.css';
import { ProcessingSpeedField } from './processing-speed-field';
import { CatalogNotice } from './services-step';
import type { StepContext } from './step-context';

const usd = (cents: number, language: Language) => formatUsd(cents / 100, language);

/**
 * The plan (SPEC §1, §9): Standard, Professional or Enterprise for the kind of company,
 * monthly or annual (annual saves 15 %), the Custom "talk to us" text, and the order total
 * computed from the server's price list exactly as the server will.
 */
export function PlanStep({ flow, ...context }: StepContext & { flow: OrderFlow }) {
  const { t } = useTranslation('plans');
  const { form, language, catalog, errorOf } = context;
  const values = useWatch({ control: form.control }) as WizardValuesOf[OrderFlow];
  const noBankingIn = useBankingUnavailableResidence(context);
  if (!catalog.catalog) return <CatalogNotice catalog={catalog} />;
  const known = catalog.catalog;
  const companyType = flowCompanyType[flow];
  const billing: BillingCycle = values.plan?.billing === 'annual' ? 'annual' : 'monthly';
  const plans = known.plans.filter((plan) => plan.companyType === companyType);
  const quote = quoteOf(flow, values, known);

  return (
    <div className={layout.stack}>
      <div className={styles.billing}>
        <ChoiceGroup
          legend={t('billing.legend')}
          layout="inline"
          choices={[
            { value: 'monthly', label: t('billing.monthly') },
            { value: 'annual', label: t('billing.annual'), badge: t('billing.save', { percent: known.annualDiscountPercent }) },
          ]}
          input={form.register('plan.billing')}
          error={errorOf('plan.billing')}
        />
      </div>
      <ChoiceGroup
        legend={t('choose')}
        hint={t(companyType === 'CRYPTO_COMPANY' ? 'chooseHintCrypto' : 'chooseHint')}
        layout="plans"
        choices={plans.map((plan) => ({
          value: plan.id,
          label: t(`names.${plan.id}`),
          badge: plan.highlighted ? t('popular') : undefined,
          description: <PlanDetails plan={plan} billing={billing} flow={flow} language={language} />,
        }))}
        input={form.register('plan.plan')}
        error={errorOf('plan.plan')}
      />
      {noBankingIn && <BankingUnavailableNotice country={noBankingIn} language={language} message="plan" />}
      <div className={styles.custom}>
        <h3 className={styles.subheading}>{t('custom.title')}</h3>
        <p>{t('custom.text')}</p>
        <ButtonLink to={href(language, paths.contact)} variant="secondary" size="small">
          {t('custom.action')}
        </ButtonLink>
      </div>
      {flow === 'crossBorderCrypto' && <ProcessingSpeedField {...context} catalog={{ ...catalog, catalog: known }} companyType={companyType} />}
      {quote ? (
        <OrderSummary quote={quote} billing={billing} flow={flow} language={language} />
      ) : (
        <p className={styles.stepIntro}>{t('summary.chooseFirst')}</p>
      )}
    </div>
  );
}

function PlanDetails({ plan, billing, flow, language }: { plan: Plan; billing: BillingCycle; flow: OrderFlow; language: Language }) {
  const { t } = useTranslation('plans');
  const express = plan.features.includes('expressFormation');
  return (
    <>
      <p className={styles.price}>
        {billing === 'annual' ? t('billing.perYear', { price: usd(plan.annual, language) }) : t('billing.perMonth', { price: usd(plan.monthly, language) })}
      </p>
      {billing === 'annual' && <p>{t('billing.annualEquivalent', { price: usd(Math.round(plan.annual / 12), language) })}</p>}
      <p>{plan.setupFee > 0 ? t(flow === 'migrateCompany' ? 'setupFeeMigration' : 'setupFee', { price: usd(plan.setupFee, language) }) : t('noSetupFee')}</p>
      <ul>
        {plan.processingDays && <li>{t(express ? 'express' : 'processing', plan.processingDays)}</li>}
        {plan.cpaHoursPerMonth > 0 && <li>{t('cpaHours', { hours: plan.cpaHoursPerMonth })}</li>}
        {plan.companyType === 'CRYPTO_COMPANY' && (
          <li>
            {plan.cryptoMonthlyVolumeLimitUsd === null ? t('volumeUnlimited') : t('volume', { amount: formatUsd(plan.cryptoMonthlyVolumeLimitUsd, language) })}
          </li>
        )}
        {plan.features
          .filter((feature) => !['expressFormation', 'cpaHours', 'cryptoVolume', 'cryptoVolumeUnlimited'].includes(feature))
          .map((feature) => (
            <li key={feature}>{t(`features.${feature}`)}</li>
          ))}
      </ul>
    </>
  );
}
