import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usStates } from '@domain/countries';
import { Button } from '@src/components/button';
import layout from '@src/components/form/form-layout.module.css';
import { SelectField } from '@src/components/form/select-field';
import styles from '../wizard.module.css';
import { stateOptions } from './state-options';
import type { StepContext } from './step-context';

/** The states founders abroad choose most, each with why. */
const popularStates = ['WY', 'DE', 'FL', 'NM'] as const;

/** The state of formation: the 50 states and DC, with a short helper on the popular choices. */
export function StateStep({ form, errorOf }: StepContext) {
  const { t } = useTranslation('wizard');
  const state = useWatch({ control: form.control, name: 'company.state' }) as string;
  const choose = (code: string) => form.setValue('company.state', code, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
  return (
    <div className={layout.stack}>
      <SelectField
        label={t('fields.state')}
        placeholder={t('fields.choose')}
        options={stateOptions}
        error={errorOf('company.state')}
        {...form.register('company.state')}
      />
      <section className={layout.stack} aria-labelledby="popular-states">
        <h3 id="popular-states" className={styles.subheading}>
          {t('states.popular')}
        </h3>
        <ul className={styles.popularStates}>
          {popularStates.map((code) => (
            <li key={code} className={styles.popularState} data-chosen={state === code}>
              <h4 className={styles.popularStateName}>{usStates[code]}</h4>
              <p>{t(`states.${code}`)}</p>
              <Button variant={state === code ? 'primary' : 'secondary'} size="small" aria-pressed={state === code} onClick={() => choose(code)}>
                {t('states.choose', { state: usStates[code] })}
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
