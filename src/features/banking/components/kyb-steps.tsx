import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  kybCompanyDocuments,
  kybDocumentTypes,
  kybEntityTypes,
  kybOptionalDocuments,
  kybOwnerRoles,
  kybProofOfAddressTypes,
  kybSourcesOfFunds,
  kybTransactionLimits,
} from '@domain/kyb-terms';
import { activityCodes } from '@domain/naics';
import { Button } from '@src/components/button';
import { CheckboxField } from '@src/components/form/checkbox-field';
import { FormAlert } from '@src/components/form/form-alert';
import fieldStyles from '@src/components/form/field.module.css';
import layout from '@src/components/form/form-layout.module.css';
import { TextField } from '@src/components/form/text-field';
import { CountrySelect } from '@src/features/company-wizard/components/country-select';
import { einGroups, formatDigits } from '@src/features/company-wizard/digit-mask';
import { formatUsd } from '@src/i18n/format';
import { href, paths } from '@src/lib/paths';
import styles from './banking.module.css';
import { Address, Choice, Country, FileField, Text, type StepProps, type Values } from './kyb-fields';

/** The KYB form's steps, over the wizard's react-hook-form values (kyb-wizard.tsx holds the form, the draft and the sending). */

export function CompanyStep(props: StepProps) {
  const { t } = useTranslation('kyb');
  const { values, change, error, language } = props;
  const countries = Array.isArray(values.operatingCountries) ? (values.operatingCountries as string[]) : [];
  const description = typeof values.description === 'string' ? values.description : '';
  return (
    <>
      <div className={layout.row}>
        <Text {...props} path="legalName" label={t('fields.legalName')} />
        <Text {...props} path="dba" label={t('fields.dba')} />
      </div>
      <div className={layout.row}>
        <Text {...props} path="incorporationDate" label={t('fields.incorporationDate')} type="date" />
        <Choice
          {...props}
          path="entityType"
          label={t('fields.entityType')}
          options={kybEntityTypes.map((value) => ({ value, label: t(`entityTypes.${value}`) }))}
        />
      </div>
      <div className={layout.row}>
        <Text {...props} path="phone" label={t('fields.phone')} type="tel" placeholder="+14155550100" />
        <Text {...props} path="website" label={t('fields.website')} type="url" placeholder="https://" />
      </div>
      <div className={layout.row}>
        <TextField
          label={t('fields.ein')}
          inputMode="numeric"
          placeholder="12-3456789"
          value={typeof values.ein === 'string' ? values.ein : ''}
          onChange={(event) => change('ein', formatDigits(event.target.value, einGroups))}
          error={error('ein')}
        />
        <Choice
          {...props}
          path="naicsCode"
          label={t('fields.naicsCode')}
          options={activityCodes.map((code) => ({ value: code.code, label: `${code.code} · ${code.title[language]}` }))}
        />
      </div>
      <CountrySelect
        language={language}
        label={t('fields.operatingCountries')}
        hint={t('fields.operatingCountriesHint')}
        placeholder={t('choose')}
        multiple
        size={6}
        value={countries}
        onChange={(event) => change('operatingCountries', [...event.target.selectedOptions].map((option) => option.value).filter(Boolean))}
        error={error('operatingCountries')}
      />
      <Choice
        {...props}
        path="sourceOfFunds"
        label={t('fields.sourceOfFunds')}
        options={kybSourcesOfFunds.map((value) => ({ value, label: t(`sourcesOfFunds.${value}`) }))}
      />
      <div className={fieldStyles.field}>
        <label htmlFor="kyb-description" className={fieldStyles.label}>
          {t('fields.description')}
        </label>
        <textarea
          id="kyb-description"
          className={fieldStyles.control}
          rows={4}
          maxLength={500}
          value={description}
          aria-invalid={error('description') ? true : undefined}
          aria-describedby={error('description') ? 'kyb-description-error kyb-description-hint' : 'kyb-description-hint'}
          onChange={(event) => change('description', event.target.value)}
        />
        <p id="kyb-description-hint" className={fieldStyles.hint}>
          {t('fields.descriptionHint', { count: description.length })}
        </p>
        {error('description') && (
          <p id="kyb-description-error" className={fieldStyles.error}>
            {error('description')}
          </p>
        )}
      </div>
      <fieldset className={styles.fieldset}>
        <legend>{t('fields.physicalAddress')}</legend>
        <Address {...props} prefix="physicalAddress" />
        <CheckboxField
          label={t('fields.sameAsMailing')}
          checked={values.sameAsMailing !== false}
          onChange={(event) => change('sameAsMailing', event.target.checked)}
        />
      </fieldset>
      {values.sameAsMailing === false && (
        <fieldset className={styles.fieldset}>
          <legend>{t('fields.mailingAddress')}</legend>
          <Address {...props} prefix="mailingAddress" />
        </fieldset>
      )}
    </>
  );
}

export function OwnersStep(props: StepProps) {
  const { t } = useTranslation('kyb');
  const { values, change, error, control } = props;
  const owners = Array.isArray(values.owners) ? (values.owners as Values[]) : [];
  // The owners' rows keep their identity (and their inputs) when one before them is removed.
  const { fields, append, remove } = useFieldArray({ control, name: 'owners' });
  return (
    <>
      <p>{t('owners.lead')}</p>
      {error('owners') && <FormAlert>{error('owners')}</FormAlert>}
      {fields.map((item, index) => {
        const at = (name: string) => `owners.${index}.${name}`;
        const ownership = owners[index]?.ownership;
        return (
          <fieldset key={item.id} className={styles.fieldset}>
            <legend>{t('owners.legend', { number: index + 1 })}</legend>
            <div className={layout.row}>
              <Text {...props} path={at('firstName')} label={t('fields.firstName')} />
              <Text {...props} path={at('lastName')} label={t('fields.lastName')} />
            </div>
            <div className={layout.row}>
              <Country {...props} path={at('nationality')} label={t('fields.nationality')} />
              <Text {...props} path={at('birthDate')} label={t('fields.birthDate')} type="date" />
            </div>
            <div className={layout.row}>
              <Choice
                {...props}
                path={at('documentType')}
                label={t('fields.documentType')}
                options={kybDocumentTypes.map((value) => ({ value, label: t(`documentTypes.${value}`) }))}
              />
              <Text {...props} path={at('documentNumber')} label={t('fields.documentNumber')} />
            </div>
            <div className={layout.row}>
              <Choice {...props} path={at('role')} label={t('fields.role')} options={kybOwnerRoles.map((value) => ({ value, label: t(`roles.${value}`) }))} />
              <TextField
                label={t('fields.ownership')}
                type="number"
                min={0}
                max={100}
                step="0.01"
                value={typeof ownership === 'number' ? ownership : ''}
                onChange={(event) => change(at('ownership'), event.target.value === '' ? undefined : Number(event.target.value))}
                error={error(at('ownership'))}
              />
            </div>
            <Address {...props} prefix={at('address')} />
            <div className={layout.row}>
              <Country {...props} path={at('residenceCountry')} label={t('fields.residenceCountry')} />
              <Text {...props} path={at('phone')} label={t('fields.ownerPhone')} type="tel" placeholder="+14155550100" />
            </div>
            <FileField {...props} path={at('identityDocument')} label={t('fields.identityDocument')} />
            <div className={layout.row}>
              <Choice
                {...props}
                path={at('proofOfAddressType')}
                label={t('fields.proofOfAddressType')}
                options={kybProofOfAddressTypes.map((value) => ({ value, label: t(`proofTypes.${value}`) }))}
              />
              <Text {...props} path={at('proofOfAddressDate')} label={t('fields.proofOfAddressDate')} type="date" />
            </div>
            <FileField {...props} path={at('proofOfAddress')} label={t('fields.ownerProofOfAddress')} />
            {fields.length > 1 && (
              <Button variant="ghost" size="small" onClick={() => remove(index)}>
                {t('owners.remove', { number: index + 1 })}
              </Button>
            )}
          </fieldset>
        );
      })}
      <div>
        <Button variant="secondary" onClick={() => append({})}>
          {t('owners.add')}
        </Button>
      </div>
      <fieldset className={styles.fieldset}>
        <legend>{t('documents.title')}</legend>
        <p className={styles.hint}>{t('documents.hint')}</p>
        {kybCompanyDocuments.map((name) => (
          <FileField
            key={name}
            {...props}
            path={`documents.${name}`}
            label={t(kybOptionalDocuments.includes(name) ? 'documents.optional' : 'documents.required', { name: t(`documents.types.${name}`) })}
          />
        ))}
        <Text {...props} path="proofOfAddressDate" label={t('fields.companyProofOfAddressDate')} type="date" />
      </fieldset>
    </>
  );
}

export function AccountStep(props: StepProps) {
  const { t } = useTranslation('kyb');
  const { values, change, error, language } = props;
  return (
    <>
      <fieldset className={styles.fieldset} aria-describedby={error('transactionLimit') ? 'kyb-limit-error' : undefined}>
        <legend>{t('fields.transactionLimit')}</legend>
        {kybTransactionLimits.map((limit, index) => (
          <label key={index} className={styles.radio}>
            <input
              type="radio"
              name="transactionLimit"
              value={index}
              checked={values.transactionLimit === index}
              data-invalid={error('transactionLimit') ? true : undefined}
              data-missing-label={t('fields.transactionLimit')}
              onChange={() => change('transactionLimit', index)}
            />
            {t('limits.option', {
              daily: formatUsd(limit.daily, language),
              monthly: formatUsd(limit.monthly, language),
              total: formatUsd(limit.total, language),
            })}
          </label>
        ))}
        {error('transactionLimit') && (
          <p id="kyb-limit-error" className={fieldStyles.error}>
            {error('transactionLimit')}
          </p>
        )}
      </fieldset>
      <CheckboxField
        label={
          <>
            {t('fields.terms')} <Link to={href(language, paths.terms)}>{t('fields.termsLink')}</Link>
          </>
        }
        checked={values.termsAccepted === true}
        onChange={(event) => change('termsAccepted', event.target.checked ? true : undefined)}
        error={error('termsAccepted')}
      />
    </>
  );
}

export function CryptoStep(props: StepProps) {
  const { t } = useTranslation('kyb');
  return (
    <>
      <Text {...props} path="legalName" label={t('fields.legalName')} />
      <Country {...props} path="registrationCountry" label={t('fields.registrationCountry')} />
    </>
  );
}
