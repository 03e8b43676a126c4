import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { identityDocumentTypes, ownerRoles, type BoiCompanyReport } from '@domain/boi';
import type { Language } from '@domain/constants';
import { usStateCodes, usStates } from '@domain/countries';
import { Button } from '@src/components/button';
import { TextField } from '@src/components/form/text-field';
import { useToast } from '@src/components/toast/toast-provider';
import { CountrySelect } from '@src/features/company-wizard/components/country-select';
import { SelectField } from '@src/components/form/select-field';
import { useDraft } from '@src/features/drafts/hooks/use-draft';
import { messageKey } from '@src/lib/error-message';
import { loadOnce } from '@src/lib/load-once';
import { ApiError } from '@src/lib/api';
import { useErrorText } from '@src/lib/use-error-text';
import { submitBoiReport } from '../api/boi-api';
import styles from './boi.module.css';

const ownerTextFields = [
  'firstName',
  'lastName',
  'documentNumber',
  'ownership',
  'addressLine1',
  'addressLine2',
  'city',
  'stateOrProvince',
  'postalCode',
  'phone',
] as const;
type OwnerValues = Record<(typeof ownerTextFields)[number] | 'nationality' | 'birthDate' | 'documentType' | 'role' | 'residenceCountry', string>;
interface FormValues {
  company: { legalName: string; formationCountry: string; registrationState: string; taxId: string };
  owners: OwnerValues[];
}

const emptyOwner: OwnerValues = {
  firstName: '',
  lastName: '',
  nationality: '',
  birthDate: '',
  documentType: '',
  documentNumber: '',
  role: '',
  ownership: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  stateOrProvince: '',
  postalCode: '',
  residenceCountry: '',
  phone: '',
};

/** A new form from what Alta knows: the company's name and origin, its partners as owners. */
function prefill(report: BoiCompanyReport): FormValues {
  const stored = report.form as FormValues | null;
  if (stored) return { company: stored.company, owners: stored.owners.map((owner) => ({ ...emptyOwner, ...owner, ownership: String(owner.ownership) })) };
  return {
    company: { legalName: report.companyName, formationCountry: report.formationCountry ?? '', registrationState: '', taxId: '' },
    owners: report.knownOwners.length
      ? report.knownOwners.map((owner) => ({
          ...emptyOwner,
          firstName: owner.firstName,
          lastName: owner.lastName,
          ownership: String(owner.ownership),
          residenceCountry: owner.country,
          role: owner.isDirector ? 'director' : 'partner',
        }))
      : [emptyOwner],
  };
}

/**
 * The report's rules: zod and the phone numbers' metadata, about 55 KiB, which the page does not
 * need to show the form. They load as the form shows and are awaited by the first send
 * (decision 078).
 */
const loadRules = loadOnce(() => import('@domain/boi-report'));

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/**
 * The BOI report of a foreign reporting company (decision 029): kept as a `boiReport` draft on
 * this device as it is typed (synced to the owner's other devices), checked with the SPEC §5
 * owner rules here and again on the server, then sent.
 */
export function BoiForm({ report, language, onSent }: { report: BoiCompanyReport; language: Language; onSent: () => void }) {
  const { t } = useTranslation(['boi', 'validation', 'errors']);
  const toast = useToast();
  const errorText = useErrorText();
  const { draft, loaded, save, discard } = useDraft('boiReport', report.companyId, 1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => void loadRules().catch(() => undefined), []);
  if (!loaded) return null;
  const values = (draft?.data as unknown as FormValues | undefined) ?? prefill(report);
  const change = (next: FormValues) => void save({ data: next as unknown as Record<string, never> });
  const setCompany = (field: keyof FormValues['company'], value: string) => change({ ...values, company: { ...values.company, [field]: value } });
  const setOwner = (index: number, field: keyof OwnerValues, value: string) =>
    change({ ...values, owners: values.owners.map((owner, at) => (at === index ? { ...owner, [field]: value } : owner)) });
  const error = (path: string) => (errors[path] ? t(messageKey(errors[path])) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let rules: Awaited<ReturnType<typeof loadRules>>;
    try {
      rules = await loadRules();
    } catch (failure) {
      toast.show(errorText(failure), 'error');
      return;
    }
    const today = new Date().toLocaleDateString('en-CA');
    const parsed = rules.boiReportFormSchema(today).safeParse({
      company: values.company,
      owners: values.owners.map((owner) => ({ ...owner, ownership: toNumber(owner.ownership) })),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      toast.show(t('form.invalid'), 'error');
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await submitBoiReport(report.companyId, parsed.data);
      await discard();
      toast.show(t('form.sent', { company: report.companyName }), 'success');
      onSent();
    } catch (failure) {
      // The server checks the same rules on its own day: its field errors go on the fields.
      const fields = failure instanceof ApiError ? Object.entries(failure.errors).filter(([, keys]) => keys[0]) : [];
      if (fields.length > 0) setErrors(Object.fromEntries(fields.map(([path, keys]) => [path, keys[0]!])));
      else toast.show(errorText(failure), 'error');
    } finally {
      setBusy(false);
    }
  };

  const stateOptions = usStateCodes.map((code) => ({ value: code, label: usStates[code] }));
  const selectOptions = (kind: 'documentTypes' | 'roles', list: readonly string[]) => list.map((value) => ({ value, label: t(`form.${kind}.${value}`) }));

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('form.title')}>
      <h3>{t('form.title')}</h3>
      <p className={styles.muted}>{t('form.lead')}</p>
      <fieldset className={styles.fieldset}>
        <legend>{t('form.company')}</legend>
        <div className={styles.fields}>
          <TextField
            label={t('form.legalName')}
            value={values.company.legalName}
            error={error('company.legalName')}
            onChange={(event) => setCompany('legalName', event.target.value)}
          />
          <CountrySelect
            language={language}
            exclude={['US']}
            label={t('form.formationCountry')}
            placeholder={t('form.choose')}
            value={values.company.formationCountry}
            error={error('company.formationCountry')}
            onChange={(event) => setCompany('formationCountry', event.target.value)}
          />
          <SelectField
            label={t('form.registrationState')}
            options={stateOptions}
            placeholder={t('form.choose')}
            value={values.company.registrationState}
            error={error('company.registrationState')}
            onChange={(event) => setCompany('registrationState', event.target.value)}
          />
          <TextField
            label={t('form.taxId')}
            value={values.company.taxId}
            error={error('company.taxId')}
            onChange={(event) => setCompany('taxId', event.target.value)}
          />
        </div>
      </fieldset>
      {values.owners.map((owner, index) => {
        const at = (field: string) => error(`owners.${index}.${field}`);
        return (
          <fieldset key={index} className={styles.fieldset}>
            <legend>{t('form.owner', { number: index + 1 })}</legend>
            <div className={styles.fields}>
              {ownerTextFields.slice(0, 2).map((field) => (
                <TextField
                  key={field}
                  label={t(`form.${field}`)}
                  value={owner[field]}
                  error={at(field)}
                  onChange={(event) => setOwner(index, field, event.target.value)}
                />
              ))}
              <CountrySelect
                language={language}
                label={t('form.nationality')}
                placeholder={t('form.choose')}
                value={owner.nationality}
                error={at('nationality')}
                onChange={(event) => setOwner(index, 'nationality', event.target.value)}
              />
              <TextField
                type="date"
                label={t('form.birthDate')}
                value={owner.birthDate}
                error={at('birthDate')}
                onChange={(event) => setOwner(index, 'birthDate', event.target.value)}
              />
              <SelectField
                label={t('form.documentType')}
                options={selectOptions('documentTypes', identityDocumentTypes)}
                placeholder={t('form.choose')}
                value={owner.documentType}
                error={at('documentType')}
                onChange={(event) => setOwner(index, 'documentType', event.target.value)}
              />
              <SelectField
                label={t('form.role')}
                options={selectOptions('roles', ownerRoles)}
                placeholder={t('form.choose')}
                value={owner.role}
                error={at('role')}
                onChange={(event) => setOwner(index, 'role', event.target.value)}
              />
              {ownerTextFields.slice(2).map((field) => (
                <TextField
                  key={field}
                  label={t(`form.${field}`)}
                  inputMode={field === 'ownership' ? 'decimal' : field === 'phone' ? 'tel' : undefined}
                  value={owner[field]}
                  error={at(field)}
                  onChange={(event) => setOwner(index, field, event.target.value)}
                />
              ))}
              <CountrySelect
                language={language}
                label={t('form.residenceCountry')}
                placeholder={t('form.choose')}
                value={owner.residenceCountry}
                error={at('residenceCountry')}
                onChange={(event) => setOwner(index, 'residenceCountry', event.target.value)}
              />
            </div>
            {values.owners.length > 1 && (
              <Button variant="ghost" size="small" onClick={() => change({ ...values, owners: values.owners.filter((_, other) => other !== index) })}>
                {t('form.removeOwner', { number: index + 1 })}
              </Button>
            )}
          </fieldset>
        );
      })}
      {error('owners') && <p role="alert">{error('owners')}</p>}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => change({ ...values, owners: [...values.owners, emptyOwner] })}>
          {t('form.addOwner')}
        </Button>
        <Button type="submit" busy={busy}>
          {report.status === 'submitted' ? t('form.resubmit') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
