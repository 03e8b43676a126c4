import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import type { TaxFormData } from '@domain/tax-form';
import type { TaxFormDraftData } from '@domain/tax-form-draft';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import layout from '@src/components/form/form-layout.module.css';
import { useDraft } from '@src/features/drafts/hooks/use-draft';
import { useStepWizard } from '@src/features/drafts/hooks/use-step-wizard';
import { syncEngine } from '@src/features/sync/sync-engine';
import { formatDate } from '@src/i18n/format';
import { ApiError } from '@src/lib/api';
import { loadOnce } from '@src/lib/load-once';
import { useLoaded } from '@src/lib/use-loaded';
import { saveTaxInfo, sendTaxForm } from '../api/tax-form-api';
import { useYearBooks } from '../hooks/use-year-books';
import { knownValues, prefilledValues, type TaxFormValues } from '../prefill';
import { loadTaxFormRules, type TaxFormRules } from '../tax-form-rules';
import { TaxReturnDownload } from './tax-return-download';
import { CompanyStep, MoneyStep, PartnersStep, ResidenceStep } from './tax-form-steps';
import { SentDeclaration } from './sent-declaration';
import styles from './tax-form.module.css';

/** The confirmation (step 4) with the return's preview, loaded with the rules after the page paints. */
const loadConfirmation = loadOnce(() => import('./tax-form-confirmation'));
const Confirmation = lazy(async () => ({ default: (await loadConfirmation()).Confirmation }));

/** The wizard's screens: steps 1 (with its sub-step), 2 and 3, then the confirmation (4). */
type Screen = { step: 1; substep: 'substep1' | 'substep2' } | { step: 2 | 3 | 4 };

const stepSchemaOf = ({ taxFormStepSchemas }: TaxFormRules, screen: Screen) =>
  screen.step === 1
    ? screen.substep === 'substep1'
      ? taxFormStepSchemas.company
      : taxFormStepSchemas.partners
    : screen.step === 2
      ? taxFormStepSchemas.residence
      : taxFormStepSchemas.money;

interface TaxFormWizardProps {
  companyId: string;
  companyName: string | null;
  taxYear: number;
  language: Language;
  /** When the company's declaration of the year was sent (by anyone, from any device), as its sent declarations list says. */
  sentAt: string | null;
  /** The declaration was sent (the company's list of sent returns has a new one). */
  onSent(): void;
  /** The draft and the year's books are read: the wizard is drawn at its full height. */
  onReady(): void;
}

/**
 * The IRS tax form of one company and year (SPEC §2): 3 steps (the first with a sub-step for
 * the partners), a confirmation and success. Every change is saved in the user's tax-form
 * draft on this device and synced (offline, reload, another device); sending goes to the
 * server, which checks the rules and the year's books again. A sent form is read-only.
 */
export function TaxFormWizard({ companyId, companyName, taxYear, language, sentAt, onSent, onReady }: TaxFormWizardProps) {
  const { t } = useTranslation(['taxForm', 'validation', 'errors']);
  const { draft, loaded, save } = useDraft('taxForm', companyId, 1, { taxYear });
  const books = useYearBooks(companyId, taxYear);
  const stored = draft?.data as TaxFormDraftData | undefined;
  const [ready, setReady] = useState(false);
  const [profitsConfirmed, setProfitsConfirmed] = useState(false);
  // The confirmation as last changed, for the saves and checks that run outside a render.
  const confirmed = useRef(false);
  // What this device just sent: the success step at once, before the pull brings the completed draft.
  const [justSent, setJustSent] = useState<TaxFormData | null>(null);
  const persist = (next: TaxFormValues, nextScreen: Screen) =>
    void save({
      step: nextScreen.step,
      data: {
        taxYear,
        substep: nextScreen.step === 1 ? nextScreen.substep : 'substep2',
        taxFormData: next,
        isCompleted: false,
        profitsConfirmed: confirmed.current,
      },
    }).catch(() => undefined);
  const rules = useLoaded(loadTaxFormRules);
  useEffect(() => void loadConfirmation().catch(() => undefined), []);
  const wizard = useStepWizard<TaxFormValues, Screen>({
    initial: { step: 1, substep: 'substep1' },
    check: async (at, values) => {
      if (at.step === 4) return { success: true };
      const result = stepSchemaOf(await loadTaxFormRules(), at).safeParse(values);
      const unconfirmed = at.step === 3 && !confirmed.current ? [{ path: ['profitsConfirmed'], message: 'validation.required' }] : [];
      return { success: result.success && unconfirmed.length === 0, error: { issues: [...(result.error?.issues ?? []), ...unconfirmed] } };
    },
    persist,
    popup: false,
  });
  const { form, screen, go, heading, container, sending, sendError, setSendError, submit } = wizard;

  // Once the draft and the books answered: the saved values, else what Alta knows.
  useEffect(() => {
    if (ready || !loaded || books === undefined) return;
    const saved = (stored?.taxFormData ?? {}) as TaxFormValues;
    confirmed.current = stored?.profitsConfirmed === true;
    setProfitsConfirmed(confirmed.current);
    const step = draft?.step ?? 1;
    wizard.start(
      { ...prefilledValues({ companyName, books }), ...saved },
      step === 1 ? { step: 1, substep: stored?.substep ?? 'substep1' } : { step: Math.min(Math.max(step, 2), 4) as 2 | 3 | 4 },
    );
    setReady(true);
    onReady();
  }, [ready, loaded, books, stored, draft, companyName, wizard, onReady]);

  // Online, what the API knows fills what is still empty (partners, state, formation date,
  // EIN; the residence answers of the owner's last form, or their tax residence country).
  // Not the user's change: saved with their next one, as before.
  useEffect(() => {
    if (!ready) return;
    const abort = new AbortController();
    void knownValues(companyId, companyName, abort.signal).then((known) => {
      if (!abort.signal.aborted && known) form.reset({ ...known, ...stripEmpty(form.getValues()) }, { keepErrors: true });
    });
    return () => abort.abort();
    // Once per company: the details only fill gaps (a later name does not ask again).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [companyId, ready, form]);

  const values = form.watch();
  const sent = stored?.isCompleted === true;

  if (!ready) return <p role="status">{t('loading')}</p>;
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
    for (const [key, value] of Object.entries(patch)) form.setValue(key as never, value as never);
  };

  const next = async () => {
    if (!(await wizard.validate())) return;
    if (screen.step === 1 && screen.substep === 'substep1') go({ step: 1, substep: 'substep2' });
    else go({ step: (screen.step + 1) as 2 | 3 | 4 });
  };

  const back = () => {
    if (screen.step === 1) go({ step: 1, substep: 'substep1' });
    else if (screen.step === 2) go({ step: 1, substep: 'substep2' });
    else go({ step: (screen.step - 1) as 2 | 3 });
  };

  // The server's answer changed rows (the declaration, the year's lock): the engine pulls them now.
  const pullNow = () =>
    void syncEngine().then(
      (engine) => engine?.retryNow(),
      (error: unknown) => console.error('the sync runtime could not load', error),
    );

  const send = async () => {
    const loaded = await loadTaxFormRules().catch(() => null);
    if (!loaded) {
      setSendError(t('taxForm:send.error'));
      return;
    }
    const parsed = loaded.taxFormDataSchema.safeParse({ ...form.getValues(), taxYear });
    if (!parsed.success) {
      setSendError(t('taxForm:send.incomplete'));
      return;
    }
    await submit(
      async () => {
        await sendTaxForm(draft?.id ?? crypto.randomUUID(), companyId, parsed.data);
        setJustSent(parsed.data);
        pullNow();
        onSent();
        // The residence answers start the owner's next form (another year, another company).
        void saveTaxInfo(parsed.data).catch(() => undefined);
      },
      t('taxForm:send.error'),
      // Refused for rows this device does not have yet: they come with the next pull, and the confirmation links them.
      (error) => {
        if (error instanceof ApiError && error.code === 'declaration_blocked') pullNow();
      },
    );
  };

  const error = wizard.error;
  const stepLabel = screen.step === 4 ? t('taxForm:confirm.title') : t(`taxForm:steps.${screen.step === 1 ? screen.substep : `step${screen.step}`}`);

  return (
    <section className={styles.wizard} aria-labelledby="tax-form-step">
      <p className={styles.progress}>{screen.step < 4 ? t('taxForm:progress', { step: screen.step, total: 3 }) : t('taxForm:confirm.eyebrow')}</p>
      <h2 id="tax-form-step" ref={heading} tabIndex={-1} className={styles.stepTitle}>
        {stepLabel}
      </h2>
      {Object.keys(form.formState.errors).length > 0 && <FormAlert>{t('taxForm:fixErrors')}</FormAlert>}
      <form
        ref={container}
        className={layout.stack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (screen.step === 4) void send();
          else void next();
        }}
      >
        {screen.step === 1 && screen.substep === 'substep1' && <CompanyStep values={values} change={change} error={error} language={language} />}
        {screen.step === 1 && screen.substep === 'substep2' && <PartnersStep values={values} change={change} error={error} form={form} />}
        {screen.step === 2 && <ResidenceStep values={values} change={change} error={error} language={language} />}
        {screen.step === 3 && (
          <MoneyStep
            values={values}
            change={change}
            error={error}
            language={language}
            books={books ?? null}
            confirmed={profitsConfirmed}
            onConfirm={(checked) => {
              confirmed.current = checked;
              setProfitsConfirmed(checked);
              form.clearErrors('profitsConfirmed' as never);
              persist(form.getValues(), screen);
            }}
          />
        )}
        {screen.step === 4 && (
          <Suspense fallback={<p role="status">{t('loading')}</p>}>
            <Confirmation values={values} taxYear={taxYear} companyId={companyId} language={language} books={books ?? null} rules={rules} />
          </Suspense>
        )}
        {sendError && <FormAlert>{sendError}</FormAlert>}
        <div className={styles.actions}>
          {!(screen.step === 1 && screen.substep === 'substep1') && (
            <Button variant="secondary" onClick={back}>
              {t('taxForm:back')}
            </Button>
          )}
          <Button
            type="submit"
            busy={sending}
            busyLabel={t('taxForm:send.sending')}
            disabled={screen.step === 4 && (books?.blocking.uncategorised ?? 0) + (books?.blocking.unchecked ?? 0) > 0}
          >
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
