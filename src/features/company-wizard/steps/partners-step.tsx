import { useEffect } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isBankingAvailable } from '@domain/countries';
import { Button } from '@src/components/button';
import { CheckboxField } from '@src/components/form/checkbox-field';
import layout from '@src/components/form/form-layout.module.css';
import { TextField } from '@src/components/form/text-field';
import { formatNumber } from '@src/i18n/format';
import { BankingUnavailableNotice } from '../components/banking-notice';
import { CountrySelect } from '../components/country-select';
import { MaskedField } from '../components/masked-field';
import { taxIdGroups } from '../digit-mask';
import { liveOwnershipTotal } from '../wizard-steps';
import { emptyPartner, type OwnerValues, type PartnerValues } from '../wizard-values';
import styles from '../wizard.module.css';
import type { StepContext } from './step-context';

const addButtonId = 'add-partner';

/**
 * The partners (SPEC §3, §5): add and remove, names, ownership 1–100 each with a live total
 * that must reach exactly 100, director flag, address of residence and an optional SSN/ITIN
 * typed through a XXX-XX-XXXX mask.
 */
export function PartnersStep(context: StepContext) {
  const { t } = useTranslation('wizard');
  const { form, language, errorOf } = context;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'partners' });
  const partners = (useWatch({ control: form.control, name: 'partners' }) ?? []) as PartnerValues[];

  // The first visit to this step: the owner is usually the first partner.
  useEffect(() => {
    const values = form.getValues() as { owner: OwnerValues; partners: PartnerValues[] };
    const [first] = values.partners;
    if (values.partners.length !== 1 || !first || JSON.stringify(first) !== JSON.stringify(emptyPartner())) return;
    form.setValue('partners.0.firstName', values.owner.firstName, { shouldDirty: true });
    form.setValue('partners.0.lastName', values.owner.lastName, { shouldDirty: true });
    form.setValue('partners.0.ownership', '100', { shouldDirty: true });
  }, [form]);

  // The removed partner's fields are gone: keyboard focus continues on "Add partner".
  const removePartner = (index: number) => {
    remove(index);
    requestAnimationFrame(() => document.getElementById(addButtonId)?.focus());
  };

  const total = liveOwnershipTotal(partners);
  const totalState = total === 100 ? 'complete' : total > 100 ? 'over' : 'short';
  // The live total speaks for itself once it is right; the refusal stays until then.
  const totalError = total === 100 ? undefined : (errorOf('partners.root') ?? errorOf('partners'));
  const totalAdvice =
    totalState === 'complete'
      ? t('partners.totalComplete')
      : totalState === 'over'
        ? t('partners.totalOver', { over: formatNumber(total - 100, language) })
        : t('partners.totalShort', { missing: formatNumber(100 - total, language) });

  return (
    <div className={layout.stack}>
      {fields.map((field, index) => (
        <PartnerFields key={field.id} index={index} context={context} onRemove={fields.length > 1 ? () => removePartner(index) : null} />
      ))}
      <Button
        id={addButtonId}
        variant="secondary"
        className={styles.addPartner}
        onClick={() => append(emptyPartner(), { focusName: `partners.${fields.length}.firstName` })}
      >
        {t('partners.add')}
      </Button>
      <div
        className={styles.total}
        data-state={totalState}
        data-invalid={totalError ? true : undefined}
        data-missing-label={t('missing.ownershipTotal')}
        data-missing-message={totalError}
        tabIndex={-1}
        id="ownership-total"
      >
        <p className={styles.totalValue} role="status">
          {t('partners.total', { total: formatNumber(total, language) })}
        </p>
        <p>{totalError ?? totalAdvice}</p>
      </div>
    </div>
  );
}

function PartnerFields({ index, context, onRemove }: { index: number; context: StepContext; onRemove: (() => void) | null }) {
  const { t } = useTranslation('wizard');
  const { form, language, errorOf } = context;
  const name = (field: keyof PartnerValues) => `partners.${index}.${field}` as const;
  const partnerName = t('partners.partner', { number: index + 1 });
  const country = useWatch({ control: form.control, name: name('country') }) as string;
  const missing = (label: string) => `${partnerName} · ${label}`;
  const text = (field: keyof PartnerValues, labelKey: string, extra: Record<string, unknown> = {}) => {
    const label = t(labelKey);
    const error = errorOf(name(field));
    return (
      <TextField label={label} error={error} data-missing-label={missing(label)} data-missing-message={error} {...extra} {...form.register(name(field))} />
    );
  };
  return (
    <fieldset className={styles.partner}>
      <legend>{partnerName}</legend>
      <div className={layout.row}>
        {text('firstName', 'fields.firstName', { autoComplete: 'off' })}
        {text('lastName', 'fields.lastName', { autoComplete: 'off' })}
      </div>
      <div className={layout.row}>
        {text('ownership', 'partners.ownership', { inputMode: 'decimal' })}
        <div className={styles.director}>
          <CheckboxField label={t('partners.director')} {...form.register(name('isDirector'))} />
        </div>
      </div>
      {text('addressLine1', 'partners.addressLine1', { autoComplete: 'off' })}
      {text('addressLine2', 'partners.addressLine2', { autoComplete: 'off' })}
      <div className={layout.row}>
        {text('city', 'partners.city', { autoComplete: 'off' })}
        {text('stateOrProvince', 'partners.stateOrProvince', { autoComplete: 'off' })}
      </div>
      <div className={layout.row}>
        <CountrySelect
          language={language}
          label={t('partners.country')}
          placeholder={t('fields.chooseCountry')}
          error={errorOf(name('country'))}
          missingLabel={missing(t('partners.country'))}
          {...form.register(name('country'))}
        />
        {text('postalCode', 'partners.postalCode', { autoComplete: 'off' })}
      </div>
      {/* SPEC §1: said as soon as the country is chosen, where the residence is asked. */}
      {country && !isBankingAvailable(country) && <BankingUnavailableNotice country={country} language={language} message="partner" />}
      <MaskedField
        label={t('partners.taxId')}
        hint={t('partners.taxIdHint')}
        groups={taxIdGroups}
        control={form.control}
        name={name('taxId')}
        error={errorOf(name('taxId'))}
        missingLabel={missing(t('partners.taxId'))}
      />
      {onRemove && (
        <div className={styles.partnerActions}>
          <Button variant="ghost" size="small" onClick={onRemove}>
            {t('partners.remove', { number: index + 1 })}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
