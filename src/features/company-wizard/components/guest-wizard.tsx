import { useMemo } from 'react';
import type { OrderFlow } from '@domain/checkout';
import { isCountryCode } from '@domain/countries';
import { guessPhoneCountry } from '@src/components/form/phone-country';
import { IndustryStep } from '../steps/industry-step';
import { BusinessStep, ResidenceStep } from '../steps/crypto-steps';
import { CompanyTypeField } from '../steps/company-type-field';
import { DocumentsStep, MigrationCompanyStep, OriginStep } from '../steps/migration-steps';
import { NamesStep } from '../steps/names-step';
import { OwnerStep } from '../steps/owner-step';
import { PartnersStep } from '../steps/partners-step';
import { PlanStep } from '../steps/plan-step';
import { ServicesStep } from '../steps/services-step';
import { StateStep } from '../steps/state-step';
import type { StepContext } from '../steps/step-context';
import type { StepId } from '../wizard-steps';
import { WizardScreen } from './wizard-screen';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

function renderStepOf(flow: OrderFlow) {
  return function renderStep(step: StepId, context: StepContext) {
    switch (step) {
      case 'owner':
        return <OwnerStep {...context} />;
      case 'names':
        return <NamesStep {...context} />;
      case 'type':
        return <CompanyTypeField {...context} />;
      case 'industry':
        return <IndustryStep {...context} />;
      case 'state':
        return <StateStep {...context} />;
      case 'services':
        return <ServicesStep {...context} />;
      case 'partners':
        return <PartnersStep {...context} />;
      case 'plan':
        return <PlanStep {...context} flow={flow} />;
      case 'migrationCompany':
        return <MigrationCompanyStep {...context} />;
      case 'origin':
        return <OriginStep {...context} />;
      case 'documents':
        return <DocumentsStep {...context} />;
      case 'business':
        return <BusinessStep {...context} />;
      case 'residence':
        return <ResidenceStep {...context} />;
    }
  };
}

/** One of the three guest-only wizards of SPEC §2, in the language of the address. */
export function GuestWizard({ flow }: { flow: OrderFlow }) {
  const language = useLanguage();
  const phoneCountry = useMemo(() => guessPhoneCountry(language, isCountryCode), [language]);
  const renderStep = useMemo(() => renderStepOf(flow), [flow]);
  return <WizardScreen flow={flow} language={language} phoneCountry={phoneCountry} renderStep={renderStep} />;
}
