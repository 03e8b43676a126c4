import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Language } from '@domain/constants';
import { usStateCodes, usStates } from '@domain/countries';
import { returnDue } from '@domain/tax-deadlines';
import { capitalTransactionCategories, taxFormDataSchema, taxFormStepSchemas, type TaxFormData, type TaxFormDraftData } from '@domain/tax-form';
import { Button } from '@src/components/button';
import { CheckboxField } from '@src/components/form/checkbox-field';
import { FormAlert } from '@src/components/form/form-alert';
import layout from '@src/components/form/form-layout.module.css';
import { TextField } from '@src/components/form/text-field';
import { CountrySelect } from '@src/features/company-wizard/components/country-select';
import { SelectField } from '@src/components/form/select-field';
import { einGroups, formatDigits, taxIdGroups } from '@src/features/company-wizard/digit-mask';
import { useDraft } from '@src/features/drafts/hooks/use-draft';
import { useStepWizard } from '@src/features/drafts/hooks/use-step-wizard';
import { currentSyncEngine } from '@src/features/sync/sync-runtime';
import { formatDate, formatUsd } from '@src/i18n/format';
import { ApiError } from '@src/lib/api';
import { saveTaxInfo, sendTaxForm } from '../api/tax-form-api';
import { blockingRowsLinks } from '../blocking-rows';
import { useYearBooks } from '../hooks/use-year-books';
import { knownValues, prefilledValues, type TaxFormValues } from '../prefill';
import { ActivityCodeField, centsFromInput, inputFromCents, YesNoField } from './tax-form-fields';
import { TaxReturnDownload } from './tax-return-download';
import styles from './tax-form.module.css';

/** The wizard's screens: steps 1 (with its sub-step), 2 and 3, then the confirmation (4). */
type Screen = { step: 1; substep: 'substep1' | 'substep2' } | { step: 2 | 3 | 4 };

const stepSchemaOf = (screen: Screen) =>
  screen.step === 1 ? (screen.substep === 'substep1' ? taxFormStepSchemas.company : taxFormStepSchemas.partners) : screen.step === 2 ? taxFormStepSchemas.residence : taxFormStepSchemas.money;

interface TaxFormWizardProps {
  companyId: string;
  companyName: string | null;
  taxYear: number;
  language: Language;
  /** When the company's declaration of the year was sent (by anyone, from any device), as its sent declarations list says. */
  sentAt: string | null;
  /** The declaration was sent (the company's list of sent returns has a new one). */
  onSent(): void;
}

/**
 * The IRS tax form of one company and year (SPEC §2): 3 steps (the first with a sub-step for
 * the partners), a confirmation and success. Every change is saved in the user's tax-form
 * draft on this device and synced (offline, reload, another device); sending goes to the
 * server, which checks the rules and the year's books again. A sent form is read-only.
 */
export function TaxFormWizard({ companyId, companyName, taxYear, language, sentAt, onSent }: TaxFormWizardProps) {
  const { t } = useTranslation(['taxForm', 'validation', 'errors']);
  const { draft, loaded, save } = useDraft('taxForm', companyId, 1, { taxYear });
  const books = useYearBooks(companyId, taxYear);
  const stored = draft?.data as TaxFormDraftData | undefined;
  const [values, setValues] = useState<TaxFormValues | null>(null);
  const [profitsConfirmed, setProfitsConfirmed] = useState(false);
  // What this device just sent: the success step at once, before the pull brings the completed draft.
  const [justSent, setJustSent] = useState<TaxFormData | null>(null);
  const persist = (next: TaxFormValues, nextScreen: Screen, confirmed: boolean) =>
    save({
      step: nextScreen.step,
      data: { taxYear, substep: nextScreen.step === 1 ? nextScreen.substep : 'substep2', taxFormData: next, isCompleted: false, profitsConfirmed: confirmed } as never,
    }).catch(() => undefined);
  const { screen, setScreen, errors, go, check, heading, sending, sendError, setSendError, submit } = useStepWizard<Screen>({ step: 1, substep: 'substep1' }, (next) => {
    if (values) void persist(values, next, profitsConfirmed);
  });

  // Once the draft and the books answered: the saved values, else what Alta knows.
  useEffect(() => {
    if (values !== null || !loaded || books === undefined) return;
    const saved = (stored?.taxFormData ?? {}) as TaxFormValues;
    setValues({ ...prefilledValues({ companyName, books }), ...saved });
    setProfitsConfirmed(stored?.profitsConfirmed === true);
    const step = draft?.step ?? 1;
    setScreen(step === 1 ? { step: 1, substep: stored?.substep ?? 'substep1' } : { step: Math.min(Math.max(step, 2), 4) as 2 | 3 | 4 });
  }, [values, loaded, books, stored, draft, companyName]);

  // Online, what the API knows fills what is still empty (partners, state, formation date,
  // EIN; the residence answers of the owner's last form, or their tax residence country).
  useEffect(() => {
    if (values === null) return;
    const abort = new AbortController();
    void knownValues(companyId, companyName, abort.signal).then((known) => {
      if (!abort.signal.aborted && known) setValues((current) => (current ? { ...known, ...stripEmpty(current) } : current));
    });
    return () => abort.abort();
    // Once per company: the details only fill gaps.
  }, [companyId, values === null]);

  const sent = stored?.isCompleted === true;

  if (!loaded || values === null) return <p role="status">{t('loading')}</p>;
  if (sent || justSent) {
    const form = justSent ?? ({ ...(stored!.taxFormData as object), taxYear } as TaxFormData);
    return (
      <SentDeclaration body={t('taxForm:success.body', { company: form.companyName, year: taxYear })}>
        <TaxReturnDownload form={form} language={language} />
      </SentDeclaration>
    );
  }
  // Sent by a teammate (or from another draft): the year is closed for everyone.
  if (sentAt) return <SentDeclaration body={t('taxForm:success.sentBefore', { year: taxYear, date: formatDate(sentAt, language, 'long') })} />;

  const change = (patch: Partial<TaxFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    void persist(next, screen, profitsConfirmed);
  };

  const next = () => {
    const unconfirmed: Record<string, string> = screen.step === 3 && !profitsConfirmed ? { profitsConfirmed: t('validation:required') } : {};
    if (!check(stepSchemaOf(screen).safeParse(values), unconfirmed)) return;
    if (screen.step === 1 && screen.substep === 'substep1') go({ step: 1, substep: 'substep2' });
    else go({ step: (screen.step + 1) as 2 | 3 | 4 });
  };

  const back = () => {
    if (screen.step === 1) go({ step: 1, substep: 'substep1' });
    else if (screen.step === 2) go({ step: 1, substep: 'substep2' });
    else go({ step: (screen.step - 1) as 2 | 3 });
  };

  const send = async () => {
    const parsed = taxFormDataSchema.safeParse({ ...values, taxYear });
    if (!parsed.success) {
      setSendError(t('taxForm:send.incomplete'));
      return;
    }
    await submit(
      async () => {
        await sendTaxForm(draft?.id ?? crypto.randomUUID(), companyId, parsed.data);
        setJustSent(parsed.data);
        currentSyncEngine()?.retryNow();
        onSent();
        // The residence answers start the owner's next form (another year, another company).
        void saveTaxInfo(parsed.data).catch(() => undefined);
      },
      t('taxForm:send.error'),
      // Refused for rows this device does not have yet: they come with the next pull, and the confirmation links them.
      (error) => error instanceof ApiError && error.code === 'declaration_blocked' && currentSyncEngine()?.retryNow(),
    );
  };

  const error = (path: string) => errors[path];
  const stepLabel = screen.step === 4 ? t('taxForm:confirm.title') : t(`taxForm:steps.${screen.step === 1 ? screen.substep : `step${screen.step}`}`);

  return (
    <section className={styles.wizard} aria-labelledby="tax-form-step">
      <p className={styles.progress}>{screen.step < 4 ? t('taxForm:progress', { step: screen.step, total: 3 }) : t('taxForm:confirm.eyebrow')}</p>
      <h2 id="tax-form-step" ref={heading} tabIndex={-1} className={styles.stepTitle}>
        {stepLabel}
      </h2>
      {Object.keys(errors).length > 0 && <FormAlert>{t('taxForm:fixErrors')}</FormAlert>}
      <form
        className={layout.stack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (screen.step === 4) void send();
          else next();
        }}
      >
        {screen.step === 1 && screen.substep === 'substep1' && <CompanyStep values={values} change={change} error={error} language={language} />}
        {screen.step === 1 && screen.substep === 'substep2' && <PartnersStep values={values} change={change} error={error} />}
        {screen.step === 2 && <ResidenceStep values={values} change={change} error={error} language={language} />}
        {screen.step === 3 && (
          <MoneyStep
            values={values}
            change={change}
            error={error}
            language={language}
            books={books ?? null}
            confirmed={profitsConfirmed}
            onConfirm={(confirmed) => {
              setProfitsConfirmed(confirmed);
              void persist(values, screen, confirmed);
            }}
          />
        )}
        {screen.step === 4 && <Confirmation values={values} taxYear={taxYear} companyId={companyId} language={language} books={books ?? null} />}
        {sendError && <FormAlert>{sendError}</FormAlert>}
        <div className={styles.actions}>
          {!(screen.step === 1 && screen.substep === 'substep1') && (
            <Button variant="secondary" onClick={back}>
              {t('taxForm:back')}
            </Button>
          )}
          <Button type="submit" busy={sending} busyLabel={t('taxForm:send.sending')} disabled={screen.step === 4 && (books?.blocking.uncategorised ?? 0) + (books?.blocking.unchecked ?? 0) > 0}>
            {screen.step === 4 ? t('taxForm:send.button') : t('taxForm:next')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Values the form holds, without the empty ones (so details fill them). */
function stripEmpty(values: TaxFormValues): TaxFormValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '' && value !== undefined && !(Array.isArray(value) && value.length === 0)));
}

interface StepProps {
  values: TaxFormValues;
  change(patch: Partial<TaxFormValues>): void;
  error(path: string): string | undefined;
}

function CompanyStep({ values, change, error, language }: StepProps & { language: Language }) {
  const { t } = useTranslation('taxForm');
  const text = (key: keyof TaxFormValues) => (typeof values[key] === 'string' ? (values[key] as string) : '');
  return (
    <>
      <SelectField
        label={t('fields.companyType')}
        placeholder={t('choose')}
        options={[
          { value: 'LLC', label: 'LLC' },
          { value: 'C-Corp', label: 'C-Corp' },
        ]}
        value={text('companyType')}
        onChange={(event) => change({ companyType: event.target.value as TaxFormData['companyType'] })}
        error={error('companyType')}
      />
      <div className={layout.row}>
        <TextField label={t('fields.companyName')} value={text('companyName')} onChange={(event) => change({ companyName: event.target.value })} error={error('companyName')} />
        <SelectField
          label={t('fields.usState')}
          placeholder={t('choose')}
          options={usStateCodes.map((code) => ({ value: code, label: usStates[code] }))}
          value={text('usState')}
          onChange={(event) => change({ usState: event.target.value })}
          error={error('usState')}
        />
      </div>
      <div className={layout.row}>
        <TextField label={t('fields.ein')} inputMode="numeric" placeholder="12-3456789" value={text('ein')} onChange={(event) => change({ ein: formatDigits(event.target.value, einGroups) })} error={error('ein')} />
        <TextField label={t('fields.creationDate')} type="date" value={text('creationDate')} onChange={(event) => change({ creationDate: event.target.value })} error={error('creationDate')} />
      </div>
      <TextField label={t('fields.mainActivity')} value={text('mainActivity')} onChange={(event) => change({ mainActivity: event.target.value })} error={error('mainActivity')} />
      <ActivityCodeField value={text('activityCode')} onChange={(activityCode) => change({ activityCode })} language={language} error={error('activityCode')} />
      <YesNoField legend={t('fields.investments')} value={values.realEstateOrBusinessInvestments} onChange={(answer) => change({ realEstateOrBusinessInvestments: answer })} error={error('realEstateOrBusinessInvestments')} />
      <YesNoField legend={t('fields.digitalAssets')} value={values.digitalAssets} onChange={(answer) => change({ digitalAssets: answer })} error={error('digitalAssets')} />
    </>
  );
}

type PartnerValues = Partial<TaxFormData['partners'][number]>;

function PartnersStep({ values, change, error }: StepProps) {
  const { t } = useTranslation('taxForm');
  const partners = (Array.isArray(values.partners) ? values.partners : []) as PartnerValues[];
  const update = (index: number, patch: PartnerValues) => change({ partners: partners.map((partner, at) => (at === index ? { ...partner, ...patch } : partner)) as TaxFormData['partners'] });
  return (
    <>
      <p className={styles.lead}>{t('partners.lead')}</p>
      {error('partners') && <FormAlert>{error('partners')}</FormAlert>}
      {partners.map((partner, index) => (
        <fieldset key={index} className={styles.partner}>
          <legend>{t('partners.legend', { number: index + 1 })}</legend>
          <div className={layout.row}>
            <TextField label={t('fields.partnerName')} value={partner.name ?? ''} onChange={(event) => update(index, { name: event.target.value })} error={error(`partners.${index}.name`)} />
            <TextField
              label={t('fields.percentage')}
              type="number"
              min={1}
              max={100}
              step="0.01"
              value={partner.percentage ?? ''}
              onChange={(event) => update(index, { percentage: event.target.value === '' ? undefined : Number(event.target.value) })}
              error={error(`partners.${index}.percentage`)}
            />
          </div>
          <TextField label={t('fields.address')} value={partner.address ?? ''} onChange={(event) => update(index, { address: event.target.value })} error={error(`partners.${index}.address`)} />
          <TextField
            label={t('fields.taxId')}
            hint={t('fields.taxIdHint')}
            inputMode="numeric"
            autoComplete="off"
            value={partner.taxId ?? ''}
            onChange={(event) => update(index, { taxId: formatDigits(event.target.value, taxIdGroups) || undefined })}
            error={error(`partners.${index}.taxId`)}
          />
          <YesNoField legend={t('fields.usResident')} value={partner.usResident} onChange={(usResident) => update(index, { usResident })} error={error(`partners.${index}.usResident`)} />
          {partners.length > 1 && (
            <Button variant="ghost" size="small" onClick={() => change({ partners: partners.filter((_, at) => at !== index) as TaxFormData['partners'] })}>
              {t('partners.remove', { number: index + 1 })}
            </Button>
          )}
        </fieldset>
      ))}
      <Button variant="secondary" onClick={() => change({ partners: [...partners, { name: '', address: '' }] as TaxFormData['partners'] })}>
        {t('partners.add')}
      </Button>
    </>
  );
}

function ResidenceStep({ values, change, error, language }: StepProps & { language: Language }) {
  const { t } = useTranslation('taxForm');
  const countries = Array.isArray(values.countriesWorkedFrom) ? values.countriesWorkedFrom : [];
  return (
    <>
      <p className={styles.lead}>{t('residence.lead')}</p>
      <div className={layout.row}>
        <CountrySelect language={language} label={t('fields.nationality')} placeholder={t('choose')} value={values.nationality ?? ''} onChange={(event) => change({ nationality: event.target.value })} error={error('nationality')} />
        <CountrySelect
          language={language}
          label={t('fields.taxResidenceCountry')}
          placeholder={t('choose')}
          value={values.taxResidenceCountry ?? ''}
          onChange={(event) => change({ taxResidenceCountry: event.target.value })}
          error={error('taxResidenceCountry')}
        />
      </div>
      <TextField label={t('fields.countryTaxId')} value={values.countryTaxId ?? ''} onChange={(event) => change({ countryTaxId: event.target.value })} error={error('countryTaxId')} />
      <CountrySelect
        language={language}
        label={t('fields.countriesWorkedFrom')}
        hint={t('fields.countriesWorkedFromHint')}
        placeholder={t('choose')}
        multiple
        size={6}
        value={countries}
        onChange={(event) => change({ countriesWorkedFrom: [...event.target.selectedOptions].map((option) => option.value).filter(Boolean) })}
        error={error('countriesWorkedFrom')}
      />
    </>
  );
}

type YearBooks = NonNullable<ReturnType<typeof useYearBooks>>;

function MoneyStep({ values, change, error, language, books, confirmed, onConfirm }: StepProps & { language: Language; books: YearBooks | null; confirmed: boolean; onConfirm(confirmed: boolean): void }) {
  const { t } = useTranslation('taxForm');
  const profits = (values.profits ?? {}) as Partial<TaxFormData['profits']>;
  const lines = ['income', 'expenses', 'salariesAndFreelancersPayments', 'rent'] as const;
  const [typed, setTyped] = useState<Record<string, string>>(() => Object.fromEntries(lines.map((line) => [line, inputFromCents(profits[line])])));
  const capital = (Array.isArray(values.capitalTransactions) ? values.capitalTransactions : []) as TaxFormData['capitalTransactions'];
  return (
    <>
      {books && (
        <div className={styles.books} role="note">
          <p>{t('money.fromBooks', { count: books.count })}</p>
          <ul>
            {lines.map((line) => (
              <li key={line}>
                {t(`money.${line}`)}: <strong>{formatUsd(books.profits[line] / 100, language)}</strong>
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            size="small"
            onClick={() => {
              setTyped(Object.fromEntries(lines.map((line) => [line, inputFromCents(books.profits[line])])));
              change({ profits: books.profits, capitalTransactions: books.capitalTransactions });
            }}
          >
            {t('money.useBooks')}
          </Button>
        </div>
      )}
      <div className={layout.row}>
        {lines.map((line) => (
          <TextField
            key={line}
            label={t(`money.${line}`)}
            inputMode="decimal"
            value={typed[line] ?? ''}
            onChange={(event) => {
              setTyped({ ...typed, [line]: event.target.value });
              change({ profits: { ...profits, [line]: centsFromInput(event.target.value) } as TaxFormData['profits'] });
            }}
            error={error(`profits.${line}`)}
          />
        ))}
      </div>
      <section aria-labelledby="capital-title" className={styles.capital}>
        <h3 id="capital-title">{t('money.capitalTitle')}</h3>
        {capital.length === 0 ? (
          <p>{t('money.noCapital')}</p>
        ) : (
          <ul>
            {capital.map((transaction, index) => (
              <li key={`${transaction.date}-${index}`}>
                {formatDate(transaction.date, language)} · {t(`money.capital.${transaction.category}`)} · {formatUsd(transaction.amountCents / 100, language)}{' '}
                <Button variant="ghost" size="small" onClick={() => change({ capitalTransactions: capital.filter((_, at) => at !== index) })}>
                  {t('money.removeCapital')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <AddCapitalTransaction onAdd={(transaction) => change({ capitalTransactions: [...capital, transaction] })} />
      </section>
      <CheckboxField label={t('money.confirm')} checked={confirmed} onChange={(event) => onConfirm(event.target.checked)} error={error('profitsConfirmed')} />
    </>
  );
}

function AddCapitalTransaction({ onAdd }: { onAdd(transaction: TaxFormData['capitalTransactions'][number]): void }) {
  const { t } = useTranslation('taxForm');
  const [category, setCategory] = useState('');
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState('');
  const cents = centsFromInput(amount);
  const ready = category !== '' && Number.isFinite(cents) && cents >= 0 && date !== '';
  return (
    <div className={layout.row}>
      <SelectField
        label={t('money.capitalCategory')}
        placeholder={t('choose')}
        options={capitalTransactionCategories.map((value) => ({ value, label: t(`money.capital.${value}`) }))}
        value={category}
        onChange={(event) => setCategory(event.target.value)}
      />
      <TextField label={t('money.capitalAmount')} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
      <TextField label={t('money.capitalDate')} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      <Button
        variant="secondary"
        disabled={!ready}
        onClick={() => {
          onAdd({ category: category as TaxFormData['capitalTransactions'][number]['category'], amountCents: cents, date });
          setCategory('');
          setAmount('');
          setDate('');
        }}
      >
        {t('money.addCapital')}
      </Button>
    </div>
  );
}

function Confirmation({ values, taxYear, companyId, language, books }: { values: TaxFormValues; taxYear: number; companyId: string; language: Language; books: YearBooks | null }) {
  const { t } = useTranslation('taxForm');
  const partners = (Array.isArray(values.partners) ? values.partners : []) as TaxFormData['partners'];
  const due = useMemo(
    // The form's own creation date decides; before it is typed the form is taken to be about a year the company existed.
    () => returnDue({ type: values.companyType === 'C-Corp' ? 'C-Corp' : 'LLC', owners: partners, formationDate: typeof values.creationDate === 'string' ? values.creationDate : null, migrated: true }, taxYear),
    [values.companyType, values.creationDate, partners, taxYear],
  );
  const profits = (values.profits ?? {}) as TaxFormData['profits'];
  // The return as it would be filed, to review before sending (built on this device, offline too).
  const preview = useMemo(() => taxFormDataSchema.safeParse({ ...values, taxYear }).data, [values, taxYear]);
  const rowsLinks = blockingRowsLinks(language, companyId, taxYear);
  return (
    <>
      <dl className={styles.summary}>
        <dt>{t('fields.companyName')}</dt>
        <dd>{values.companyName}</dd>
        <dt>{t('fields.ein')}</dt>
        <dd>{values.ein}</dd>
        <dt>{t('confirm.partners')}</dt>
        <dd>{partners.map((partner) => `${partner.name} (${partner.percentage}%)`).join(', ')}</dd>
        {(['income', 'expenses', 'salariesAndFreelancersPayments', 'rent'] as const).map((line) => (
          <div key={line} className={styles.summaryRow}>
            <dt>{t(`money.${line}`)}</dt>
            <dd>{formatUsd((profits[line] ?? 0) / 100, language)}</dd>
          </div>
        ))}
        <dt>{t('confirm.forms')}</dt>
        <dd>{due ? due.forms.map((form) => t(`forms.${form}`)).join(' + ') : t('confirm.noReturn')}</dd>
        {due && (
          <>
            <dt>{t('confirm.deadline')}</dt>
            <dd>{t('confirm.deadlines', { deadline: formatDate(due.deadline, language, 'long'), extended: formatDate(due.extendedDeadline, language, 'long') })}</dd>
          </>
        )}
      </dl>
      {books && (books.blocking.uncategorised > 0 || books.blocking.unchecked > 0) && (
        <FormAlert>
          <p>{t('confirm.blocked', { year: taxYear })}</p>
          <ul>
            {books.blocking.uncategorised > 0 && (
              <li>
                <Link to={rowsLinks.uncategorised}>{t('confirm.uncategorised', { count: books.blocking.uncategorised })}</Link>
              </li>
            )}
            {books.blocking.unchecked > 0 && (
              <li>
                <Link to={rowsLinks.unchecked}>{t('confirm.unchecked', { count: books.blocking.unchecked })}</Link>
              </li>
            )}
          </ul>
        </FormAlert>
      )}
      {preview && (
        <div className={styles.preview}>
          <p>{t('confirm.preview')}</p>
          <TaxReturnDownload form={preview} language={language} />
        </div>
      )}
      {preview && due && (
        // Form 7004 extends nothing once the return's own deadline has passed (this device's day).
        <div className={styles.preview}>
          {new Date().toISOString().slice(0, 10) <= due.deadline ? (
            <>
              <p>{t('confirm.extension', { date: formatDate(due.deadline, language, 'long'), extended: formatDate(due.extendedDeadline, language, 'long') })}</p>
              <TaxReturnDownload form={preview} language={language} kind="extension" />
            </>
          ) : (
            <p>{t('confirm.extensionPassed', { date: formatDate(due.deadline, language, 'long') })}</p>
          )}
        </div>
      )}
      <p className={styles.lead}>{t('confirm.final')}</p>
    </>
  );
}

/** The year's declaration once sent: read-only, with what the caller adds (the return to download). */
function SentDeclaration({ body, children }: { body: string; children?: ReactNode }) {
  const { t } = useTranslation('taxForm');
  return (
    <section className={styles.wizard} aria-labelledby="tax-form-sent">
      <h2 id="tax-form-sent" className={styles.stepTitle}>
        {t('success.title')}
      </h2>
      <p>{body}</p>
      <p>{t('success.readOnly')}</p>
      {children}
    </section>
  );
}
