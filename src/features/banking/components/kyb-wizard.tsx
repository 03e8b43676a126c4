import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { BankingOverview } from '@domain/banking';
import type { Language } from '@domain/constants';
import { acceptOf } from '@domain/files';
import {
  cryptoKybSchema,
  kybCompanyDocuments,
  kybDocumentTypes,
  kybEntityTypes,
  kybFormSchema,
  kybOptionalDocuments,
  kybOwnerRoles,
  kybProofOfAddressTypes,
  kybSourcesOfFunds,
  kybStepSchema,
  kybTransactionLimits,
  type KybDraftData,
  type KybFile,
  type KybSubmitted,
} from '@domain/kyb';
import { activityCodes } from '@domain/naics';
import { Button } from '@src/components/button';
import { CheckboxField } from '@src/components/form/checkbox-field';
import { FormAlert } from '@src/components/form/form-alert';
import fieldStyles from '@src/components/form/field.module.css';
import layout from '@src/components/form/form-layout.module.css';
import { TextField } from '@src/components/form/text-field';
import { Popup } from '@src/components/popup/popup';
import { CountrySelect } from '@src/features/company-wizard/components/country-select';
import { collectMissingFields, MissingFieldsPopup, type MissingField } from '@src/features/company-wizard/components/missing-fields-popup';
import { SelectField } from '@src/components/form/select-field';
import { einGroups, formatDigits } from '@src/features/company-wizard/digit-mask';
import { useDraft } from '@src/features/drafts/hooks/use-draft';
import { useStepWizard } from '@src/features/drafts/hooks/use-step-wizard';
import { formatUsd } from '@src/i18n/format';
import { ApiError } from '@src/lib/api';
import { errorMessage, messageKey } from '@src/lib/error-message';
import { href, paths } from '@src/lib/paths';
import { submitKyb, uploadKybDocument } from '../api/banking-api';
import styles from './banking.module.css';

type Values = Record<string, unknown>;
type Kind = KybDraftData['kind'];

/** The value at a dotted path (`owners.0.firstName`) of plain form data. */
function valueAt(values: Values, path: string): unknown {
  return path.split('.').reduce<unknown>((current, key) => (current !== null && typeof current === 'object' ? (current as Values)[key] : undefined), values);
}

/** A copy of `values` with `value` at the dotted path (arrays where the next key is a number). */
function withValue(values: Values, path: string, value: unknown): Values {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const current = values[key];
  if (rest.length === 0) return { ...values, [key]: value };
  const child = current !== null && typeof current === 'object' ? current : /^\d+$/.test(rest[0]!) ? [] : {};
  if (Array.isArray(child)) {
    const copy = [...child];
    const index = Number(rest[0]);
    copy[index] = rest.length === 1 ? value : withValue((copy[index] ?? {}) as Values, rest.slice(1).join('.'), value);
    return { ...values, [key]: copy };
  }
  return { ...values, [key]: withValue(child as Values, rest.join('.'), value) };
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

interface KybWizardProps {
  companyId: string;
  kind: Kind;
  language: Language;
  /** The company's submitted KYB (from the server), shown read-only. */
  submitted: KybSubmitted | null;
  onSubmitted(overview: BankingOverview): void;
}

/**
 * The KYB form (SPEC §2): a start page (step 0), then company information, owners and
 * documentation, and account setup; the basic crypto KYB for Cross Border Crypto companies.
 * Every change is saved in the user's KYB draft on this device and synced (offline, reload,
 * another device). Documents upload online; sending goes to the server, which checks it all
 * again. Once submitted the answers are read-only, here and on every device.
 */
export function KybWizard({ companyId, kind, language, submitted, onSubmitted }: KybWizardProps) {
  const { t } = useTranslation(['kyb', 'validation', 'errors']);
  const { draft, loaded, save } = useDraft('kyb', companyId, 0);
  const stored = draft?.data as KybDraftData | undefined;
  const [values, setValues] = useState<Values | null>(null);
  // The answers and step as last changed: an upload that ends later adds its file to these,
  // never to the answers of the moment it began (which would undo what was typed or uploaded since).
  const latest = useRef<{ values: Values; step: number } | null>(null);
  const persist = () => latest.current && void save({ step: latest.current.step, data: { kind, form: latest.current.values } as never }).catch(() => undefined);
  const { screen: step, setScreen: setStep, errors, setErrors, go, check, heading, sending, sendError, setSendError, submit } = useStepWizard(0, (next) => {
    if (latest.current) latest.current = { ...latest.current, step: next };
    persist();
  });
  const [missing, setMissing] = useState<MissingField[] | null>(null);
  const [success, setSuccess] = useState(false);
  const container = useRef<HTMLFormElement>(null);
  const lastStep = kind === 'crypto' ? 1 : 3;

  useEffect(() => {
    if (values !== null || !loaded) return;
    latest.current = { values: stored?.form ?? { owners: [{}], sameAsMailing: true, operatingCountries: [] }, step: Math.min(draft?.step ?? 0, lastStep) };
    setValues(latest.current.values);
    setStep(latest.current.step);
  }, [values, loaded, stored, draft, lastStep]);

  // Errors render first; the popup then reads them from the fields themselves.
  useEffect(() => {
    if (Object.keys(errors).length > 0) setMissing(collectMissingFields(container.current));
  }, [errors]);

  const frozen = submitted ?? (stored?.submitted ? { kind: stored.kind, form: stored.form, submittedAt: '' } : null);
  if (frozen) return <KybSummary submitted={frozen} language={language} success={success} onSuccessClosed={() => setSuccess(false)} />;
  if (!loaded || values === null) return <p role="status">{t('loading')}</p>;

  const change = (path: string, value: unknown) => {
    const next = withValue(latest.current!.values, path, value);
    latest.current = { ...latest.current!, values: next };
    setValues(next);
    persist();
  };

  const next = () => {
    const result = kind === 'crypto' ? cryptoKybSchema.safeParse(pick(values, ['legalName', 'registrationCountry'])) : kybStepSchema(step as 1 | 2 | 3, todayUtc()).safeParse(pickStep(values, step as 1 | 2 | 3));
    if (!check(result)) return;
    if (step < lastStep) go(step + 1);
    else void send();
  };

  const send = async () => {
    const form = kind === 'crypto' ? pick(values, ['legalName', 'registrationCountry']) : values;
    const result = kind === 'crypto' ? cryptoKybSchema.safeParse(form) : kybFormSchema(todayUtc()).safeParse(form);
    if (!result.success) {
      setSendError(t('kyb:incomplete'));
      return;
    }
    // The last typed changes reach the server before it freezes the draft.
    await submit(
      async () => {
        const overview = await submitKyb(companyId, { draftId: draft?.id ?? crypto.randomUUID(), kind, form });
        setSuccess(true);
        onSubmitted(overview);
      },
      t('kyb:error'),
      (error) => {
        if (error instanceof ApiError && error.code === 'validation') {
          setErrors(Object.fromEntries(Object.entries(error.errors).map(([path, messages]) => [path.replace(/^form\./, ''), t(messageKey(messages[0] ?? 'validation.invalid'))])));
        }
      },
    );
  };

  const field = { values, change, error: (path: string) => errors[path], language, companyId };

  if (step === 0) {
    return (
      <section className={styles.card} aria-labelledby="kyb-start">
        <h2 id="kyb-start">{t('kyb:start.title')}</h2>
        <p>{t(kind === 'crypto' ? 'kyb:start.cryptoIntro' : 'kyb:start.intro')}</p>
        {kind === 'business' && (
          <ul>
            {(['company', 'owners', 'documents', 'account'] as const).map((item) => (
              <li key={item}>{t(`kyb:start.needs.${item}`)}</li>
            ))}
          </ul>
        )}
        <p className={styles.hint}>{t('kyb:start.saved')}</p>
        <div>
          <Button onClick={() => go(1)}>{t('kyb:start.button')}</Button>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.card} aria-labelledby="kyb-step">
      <p className={styles.hint}>{t('kyb:progress', { step, total: lastStep })}</p>
      <h2 id="kyb-step" ref={heading} tabIndex={-1}>
        {t(kind === 'crypto' ? 'kyb:steps.crypto' : `kyb:steps.step${step}`)}
      </h2>
      <form
        ref={container}
        className={layout.stack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          next();
        }}
      >
        {kind === 'crypto' && <CryptoStep {...field} />}
        {kind === 'business' && step === 1 && <CompanyStep {...field} />}
        {kind === 'business' && step === 2 && <OwnersStep {...field} />}
        {kind === 'business' && step === 3 && <AccountStep {...field} />}
        {sendError && <FormAlert>{sendError}</FormAlert>}
        <div className={styles.inline}>
          <Button variant="secondary" onClick={() => go(step - 1)}>
            {t('kyb:back')}
          </Button>
          <Button type="submit" busy={sending} busyLabel={t('kyb:sending')}>
            {step === lastStep ? t('kyb:submit') : t('kyb:next')}
          </Button>
        </div>
      </form>
      <MissingFieldsPopup
        fields={missing}
        refusal={false}
        onClose={() => {
          missing?.[0]?.target.focus();
          setMissing(null);
        }}
      />
    </section>
  );
}

const pick = (values: Values, keys: readonly string[]) => Object.fromEntries(keys.filter((key) => values[key] !== undefined).map((key) => [key, values[key]]));

const stepKeys = {
  1: ['legalName', 'dba', 'incorporationDate', 'entityType', 'phone', 'website', 'ein', 'naicsCode', 'operatingCountries', 'sourceOfFunds', 'description', 'physicalAddress', 'sameAsMailing', 'mailingAddress'],
  2: ['owners', 'documents', 'proofOfAddressDate'],
  3: ['transactionLimit', 'termsAccepted'],
} as const;

/** Only the step's own fields, without empty optional ones (an untouched DBA is not an invalid one). */
function pickStep(values: Values, step: 1 | 2 | 3): Values {
  const picked = pick(values, stepKeys[step]);
  if (picked.sameAsMailing !== false) delete picked.mailingAddress;
  return picked;
}

interface StepProps {
  values: Values;
  change(path: string, value: unknown): void;
  error(path: string): string | undefined;
  language: Language;
  companyId: string;
}

function Text({ path, label, values, change, error, ...input }: StepProps & { path: string; label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const value = valueAt(values, path);
  return <TextField label={label} value={typeof value === 'string' ? value : ''} onChange={(event) => change(path, event.target.value)} error={error(path)} {...input} />;
}

function Choice({ path, label, options, values, change, error }: StepProps & { path: string; label: string; options: { value: string; label: string }[] }) {
  const { t } = useTranslation('kyb');
  const value = valueAt(values, path);
  return <SelectField label={label} placeholder={t('choose')} options={options} value={typeof value === 'string' ? value : ''} onChange={(event) => change(path, event.target.value)} error={error(path)} />;
}

function Country({ path, label, ...props }: StepProps & { path: string; label: string }) {
  const { t } = useTranslation('kyb');
  const value = valueAt(props.values, path);
  return <CountrySelect language={props.language} label={label} placeholder={t('choose')} value={typeof value === 'string' ? value : ''} onChange={(event) => props.change(path, event.target.value)} error={props.error(path)} />;
}

function Address({ prefix, ...props }: StepProps & { prefix: string }) {
  const { t } = useTranslation('kyb');
  return (
    <>
      <Text {...props} path={`${prefix}.addressLine1`} label={t('fields.addressLine1')} maxLength={35} />
      <Text {...props} path={`${prefix}.addressLine2`} label={t('fields.addressLine2')} maxLength={35} />
      <div className={layout.row}>
        <Text {...props} path={`${prefix}.city`} label={t('fields.city')} />
        <Text {...props} path={`${prefix}.state`} label={t('fields.state')} />
      </div>
      <div className={layout.row}>
        <Country {...props} path={`${prefix}.country`} label={t('fields.country')} />
        <Text {...props} path={`${prefix}.zip`} label={t('fields.zip')} />
      </div>
    </>
  );
}

function CompanyStep(props: StepProps) {
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
        <Choice {...props} path="entityType" label={t('fields.entityType')} options={kybEntityTypes.map((value) => ({ value, label: t(`entityTypes.${value}`) }))} />
      </div>
      <div className={layout.row}>
        <Text {...props} path="phone" label={t('fields.phone')} type="tel" placeholder="+14155550100" />
        <Text {...props} path="website" label={t('fields.website')} type="url" placeholder="https://" />
      </div>
      <div className={layout.row}>
        <TextField label={t('fields.ein')} inputMode="numeric" placeholder="12-3456789" value={typeof values.ein === 'string' ? values.ein : ''} onChange={(event) => change('ein', formatDigits(event.target.value, einGroups))} error={error('ein')} />
        <Choice {...props} path="naicsCode" label={t('fields.naicsCode')} options={activityCodes.map((code) => ({ value: code.code, label: `${code.code} · ${code.title[language]}` }))} />
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
      <Choice {...props} path="sourceOfFunds" label={t('fields.sourceOfFunds')} options={kybSourcesOfFunds.map((value) => ({ value, label: t(`sourcesOfFunds.${value}`) }))} />
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
        <CheckboxField label={t('fields.sameAsMailing')} checked={values.sameAsMailing !== false} onChange={(event) => change('sameAsMailing', event.target.checked)} />
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

function OwnersStep(props: StepProps) {
  const { t } = useTranslation('kyb');
  const { values, change, error } = props;
  const owners = Array.isArray(values.owners) ? (values.owners as Values[]) : [];
  return (
    <>
      <p>{t('owners.lead')}</p>
      {error('owners') && <FormAlert>{error('owners')}</FormAlert>}
      {owners.map((owner, index) => {
        const at = (name: string) => `owners.${index}.${name}`;
        const ownership = owner.ownership;
        return (
          <fieldset key={index} className={styles.fieldset}>
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
              <Choice {...props} path={at('documentType')} label={t('fields.documentType')} options={kybDocumentTypes.map((value) => ({ value, label: t(`documentTypes.${value}`) }))} />
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
              <Choice {...props} path={at('proofOfAddressType')} label={t('fields.proofOfAddressType')} options={kybProofOfAddressTypes.map((value) => ({ value, label: t(`proofTypes.${value}`) }))} />
              <Text {...props} path={at('proofOfAddressDate')} label={t('fields.proofOfAddressDate')} type="date" />
            </div>
            <FileField {...props} path={at('proofOfAddress')} label={t('fields.ownerProofOfAddress')} />
            {owners.length > 1 && (
              <Button variant="ghost" size="small" onClick={() => change('owners', owners.filter((_, other) => other !== index))}>
                {t('owners.remove', { number: index + 1 })}
              </Button>
            )}
          </fieldset>
        );
      })}
      <div>
        <Button variant="secondary" onClick={() => change('owners', [...owners, {}])}>
          {t('owners.add')}
        </Button>
      </div>
      <fieldset className={styles.fieldset}>
        <legend>{t('documents.title')}</legend>
        <p className={styles.hint}>{t('documents.hint')}</p>
        {kybCompanyDocuments.map((name) => (
          <FileField key={name} {...props} path={`documents.${name}`} label={t(kybOptionalDocuments.includes(name) ? 'documents.optional' : 'documents.required', { name: t(`documents.types.${name}`) })} />
        ))}
        <Text {...props} path="proofOfAddressDate" label={t('fields.companyProofOfAddressDate')} type="date" />
      </fieldset>
    </>
  );
}

/** One document: chosen, uploaded and checked at once (online), then kept in the form by its stored key. */
function FileField({ path, label, values, change, error, companyId }: StepProps & { path: string; label: string }) {
  const { t } = useTranslation(['kyb', 'errors']);
  const file = valueAt(values, path) as KybFile | undefined;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const id = `kyb-file-${path.replace(/\./g, '-')}`;
  const shown = failure ?? error(path);
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={acceptOf('kybDocument')}
        disabled={busy}
        aria-invalid={shown ? true : undefined}
        aria-describedby={[`${id}-status`, shown && `${id}-error`].filter(Boolean).join(' ')}
        onChange={async (event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (!chosen) return;
          setBusy(true);
          setFailure(null);
          try {
            change(path, await uploadKybDocument(companyId, chosen));
          } catch (caught) {
            setFailure(t(errorMessage(caught).key));
          } finally {
            setBusy(false);
          }
        }}
      />
      <p id={`${id}-status`} className={fieldStyles.hint} aria-live="polite">
        {busy ? t('kyb:documents.uploading') : file?.name ? t('kyb:documents.uploaded', { name: file.name }) : t('kyb:documents.types.hint')}
      </p>
      {shown && (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {shown}
        </p>
      )}
    </div>
  );
}

function AccountStep(props: StepProps) {
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
              aria-invalid={error('transactionLimit') ? true : undefined}
              data-missing-label={t('fields.transactionLimit')}
              onChange={() => change('transactionLimit', index)}
            />
            {t('limits.option', { daily: formatUsd(limit.daily, language), monthly: formatUsd(limit.monthly, language), total: formatUsd(limit.total, language) })}
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

function CryptoStep(props: StepProps) {
  const { t } = useTranslation('kyb');
  return (
    <>
      <Text {...props} path="legalName" label={t('fields.legalName')} />
      <Country {...props} path="registrationCountry" label={t('fields.registrationCountry')} />
    </>
  );
}

/** The submitted KYB, read-only (SPEC §4), with the success popup right after sending. */
function KybSummary({ submitted, language, success, onSuccessClosed }: { submitted: KybSubmitted; language: Language; success: boolean; onSuccessClosed(): void }) {
  const { t } = useTranslation('kyb');
  const form = submitted.form;
  const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '—');
  const owners = Array.isArray(form.owners) ? (form.owners as Values[]) : [];
  const limit = typeof form.transactionLimit === 'number' ? kybTransactionLimits[form.transactionLimit] : undefined;
  return (
    <section className={styles.card} aria-labelledby="kyb-submitted">
      <h2 id="kyb-submitted">{t('summary.title')}</h2>
      <p>{t('summary.readOnly')}</p>
      <dl className={styles.details}>
        <dt>{t('fields.legalName')}</dt>
        <dd>{text('legalName')}</dd>
        {submitted.kind === 'crypto' ? (
          <>
            <dt>{t('fields.registrationCountry')}</dt>
            <dd>{text('registrationCountry')}</dd>
          </>
        ) : (
          <>
            <dt>{t('fields.ein')}</dt>
            <dd>{text('ein')}</dd>
            <dt>{t('fields.entityType')}</dt>
            <dd>{typeof form.entityType === 'string' ? t(`entityTypes.${form.entityType}`) : '—'}</dd>
            <dt>{t('fields.naicsCode')}</dt>
            <dd>{text('naicsCode')}</dd>
            <dt>{t('summary.owners')}</dt>
            <dd>{owners.map((owner) => `${String(owner.firstName)} ${String(owner.lastName)} (${t(`roles.${String(owner.role)}`)}, ${String(owner.ownership)} %)`).join('; ')}</dd>
            {limit && (
              <>
                <dt>{t('fields.transactionLimit')}</dt>
                <dd>{t('limits.option', { daily: formatUsd(limit.daily, language), monthly: formatUsd(limit.monthly, language), total: formatUsd(limit.total, language) })}</dd>
              </>
            )}
          </>
        )}
      </dl>
      <Popup open={success} onClose={onSuccessClosed} tone="success" title={t('success.title')}>
        <p>{t('success.body')}</p>
      </Popup>
    </section>
  );
}
