import { lazy, startTransition, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { OrderFlow } from '@domain/checkout';
import type { Language } from '@domain/constants';
import type { guestDraftKinds } from '@domain/draft';
import type { PlanCatalog } from '@domain/plans';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import { readAttribution } from '@src/features/attribution/attribution';
import { ContinueOnAnotherDevice } from '@src/features/drafts/components/continue-on-another-device';
import { wizardPathOf } from '@src/features/drafts/continue-link';
import { useDraft, type DraftChanges } from '@src/features/drafts/hooks/use-draft';
import { createOrder } from '@src/features/plans/api/orders-api';
import { readCheckoutHandoff, writeCheckoutHandoff } from '@src/features/plans/checkout-handoff';
import { usePlanCatalog, type PlanCatalogState } from '@src/features/plans/hooks/use-plan-catalog';
import { usePageHead } from '@src/features/public-site/head/use-page-head';
import { useCurrentUser } from '@src/features/session/session-store';
import { formatUsd } from '@src/i18n/format';
import { messageKey } from '@src/lib/error-message';
import { href, paths } from '@src/lib/paths';
import { useErrorText } from '@src/lib/use-error-text';
import { useHydrated } from '@src/lib/use-hydrated';
import { quoteOf } from '../order-quote';
import type { StepContext } from '../steps/step-context';
import { loadChecks, loadMissingFieldsPopup, loadOrder, stepResolver } from '../step-resolver';
import { stepOfPath, wizardSteps, type StepId } from '../wizard-steps';
import {
  ownerFromProfile,
  ownerIsBlank,
  restoreDraftData,
  toDraftData,
  type OwnerProfile,
  type OwnerValues,
  type PlacedOrder,
  type WizardValuesOf,
} from '../wizard-values';
import styles from '../wizard.module.css';
import { collectMissingFields, type MissingField } from '@src/components/form/missing-fields';
import { WizardProgress } from './wizard-progress';

// Shown only on a refused "Continue": loaded with the steps' checks, after the first paint.
const MissingFieldsPopup = lazy(() => loadMissingFieldsPopup().then((module) => ({ default: module.MissingFieldsPopup })));

const draftKinds: Record<OrderFlow, (typeof guestDraftKinds)[number]> = {
  createCompany: 'companyCreation',
  migrateCompany: 'companyMigration',
  crossBorderCrypto: 'crossBorderCrypto',
};

/** The owner's controlled fields: React keeps what the page shows in them, so the form takes it from the page. */
const ownerControls = ['phoneCountry', 'phone'] as const;

/** What an owner's controlled field shows on the page (none before the page has one). */
function shownOnPage(root: Document | undefined, name: (typeof ownerControls)[number]): string | undefined {
  const control = root?.getElementsByName(`owner.${name}`)[0];
  return control instanceof HTMLInputElement || control instanceof HTMLSelectElement ? control.value : undefined;
}

/**
 * "Your info" as the pre-rendered page shows it when hydrating starts: the phone country the page
 * script set or the visitor chose, and the number typed. The other fields are react-hook-form's
 * own, which takes a field's value from the page when it was edited before the form was ready.
 */
function ownerOnPage(owner: OwnerValues): OwnerValues {
  if (typeof document === 'undefined') return owner;
  const shown = { ...owner };
  for (const name of ownerControls) shown[name] = shownOnPage(document, name) ?? shown[name];
  return shown;
}

interface WizardScreenProps<F extends OrderFlow> {
  flow: F;
  language: Language;
  /** The likely phone country of a new visitor (from the browser and language). */
  phoneCountry: string;
  renderStep: (step: StepId, context: StepContext) => ReactNode;
}

/**
 * A wizard, for a guest or a signed-in owner (whose "your info" starts from the profile and
 * whose order is placed and paid as themselves). The SPEC §3 wizard state (step from 1, data, draft, new-company flag)
 * lives in the draft store and is saved on every change, so a reload, a crash or a lost
 * connection resumes at the same step with the same data. It waits for the draft before
 * showing the form, so nothing typed is ever replaced by a late restore.
 */
export function WizardScreen<F extends OrderFlow>({ flow, language, phoneCountry, renderStep }: WizardScreenProps<F>) {
  const { t } = useTranslation(['wizard', 'common']);
  const { draft, loaded, save } = useDraft(draftKinds[flow]);
  const user = useCurrentUser();
  const catalog = usePlanCatalog();
  // A page visitors land on from search and links: its description says what the wizard makes.
  usePageHead({
    lang: language,
    path: wizardPathOf[draftKinds[flow]],
    title: t('common:titleTemplate', { page: t(`titles.${flow}`) }),
    description: t(`chooser.${flow}.description`),
  });
  // The draft as it was when the wizard opened: later saves are this form's own. A visitor's
  // first visit hydrates the empty first step the page was pre-rendered with (issue 35 §4; the
  // route hydrates it only where no draft is expected, `pageFormFits`): it opens at once, and
  // saves once the draft store has confirmed there is no draft to resume.
  const hydrating = !useHydrated();
  const [opened, setOpened] = useState<Opened | null>(() => (hydrating ? { step: 1, data: undefined, id: null, fromPage: true, confirmed: false } : null));
  useEffect(() => {
    if (!loaded || opened?.confirmed) return;
    const stored = { step: draft?.step ?? 1, data: draft?.data, id: draft?.id ?? null, fromPage: false, confirmed: true };
    // The form's first render in a transition, in slices the browser can paint between (issue 35 §4).
    if (opened === null) startTransition(() => setOpened(stored));
    // The page's form met a draft after all (its keys were cleared from this device): the draft opens instead.
    else setOpened(draft ? stored : { ...opened, confirmed: true });
  }, [loaded, opened, draft]);
  // Fetched once the form shows (not before: its first paint waits for nothing else), so they
  // have arrived by the first "Continue", and a step checked offline later finds them here.
  const shown = opened !== null;
  useEffect(() => {
    if (!shown) return;
    void loadChecks().catch(() => undefined);
    void loadOrder().catch(() => undefined);
  }, [shown]);

  return (
    <div className={styles.wizard}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t(`titles.${flow}`)}</h1>
        <p className={styles.savedNote}>{t('savedLocally')}</p>
        {/* A signed-in owner's draft already follows the account to their other devices. */}
        {!user && <ContinueOnAnotherDevice draft={draft} language={language} />}
      </header>
      {opened === null ? (
        <p role="status" className={styles.opening}>
          {t('loading')}
        </p>
      ) : (
        <WizardForm
          key={opened.id ?? 'new'}
          flow={flow}
          language={language}
          initialStep={opened.step}
          initialData={opened.data}
          fromPage={opened.fromPage}
          confirmed={opened.confirmed}
          phoneCountry={phoneCountry}
          profile={user}
          draftId={draft?.id ?? opened.id}
          save={save}
          catalog={catalog}
          renderStep={renderStep}
        />
      )}
    </div>
  );
}

/** The draft the form opened with, or the page's empty first step; `confirmed` once the draft store has answered. */
interface Opened {
  step: number;
  data: unknown;
  id: string | null;
  fromPage: boolean;
  confirmed: boolean;
}

interface WizardFormProps<F extends OrderFlow> {
  flow: F;
  language: Language;
  initialStep: number;
  initialData: unknown;
  /** The form hydrates the page's pre-rendered first step, where the visitor may have typed already. */
  fromPage: boolean;
  /** The draft store has answered: until then, nothing is saved (a draft found would open instead). */
  confirmed: boolean;
  phoneCountry: string;
  /** The signed-in owner, whose profile fills an untouched "your info"; null for a guest. */
  profile: OwnerProfile | null;
  draftId: string | null;
  save: (changes: DraftChanges) => Promise<void>;
  catalog: PlanCatalogState;
  renderStep: WizardScreenProps<F>['renderStep'];
}

function WizardForm<F extends OrderFlow>({
  flow,
  language,
  initialStep,
  initialData,
  fromPage,
  confirmed,
  phoneCountry,
  profile,
  draftId,
  save,
  catalog,
  renderStep,
}: WizardFormProps<F>) {
  type Values = WizardValuesOf[F];
  const { t } = useTranslation(['wizard', 'errors', 'plans']);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const steps = wizardSteps[flow] as readonly StepId[];
  const [initial] = useState(() => {
    const restored = restoreDraftData(flow, initialData, phoneCountry);
    if (fromPage) return { ...restored, values: { ...restored.values, owner: ownerOnPage(restored.values.owner) } };
    if (!profile || !ownerIsBlank(restored.values.owner)) return restored;
    return { ...restored, values: { ...restored.values, owner: ownerFromProfile(profile, phoneCountry) } };
  });
  const [step, setStep] = useState(() => Math.min(Math.max(initialStep, 1), steps.length) - 1);
  const stepRef = useRef(step);
  const orderRef = useRef<PlacedOrder | null>(initial.order);
  const newCompanyRef = useRef(initial.newCompany);

  const resolver = useMemo(() => stepResolver(flow, () => steps[stepRef.current]!), [flow, steps]);
  const form = useForm<Values>({
    defaultValues: initial.values as DefaultValues<Values>,
    // Errors appear on Continue (every field of the step at once), never on blur: a message
    // appearing as the pointer leaves a field would move the button under the click.
    mode: 'onSubmit',
    shouldFocusError: false,
    resolver,
  });

  const [saveFailed, setSaveFailed] = useState(false);
  const saveRef = useRef(save);
  saveRef.current = save;
  const confirmedRef = useRef(confirmed);
  confirmedRef.current = confirmed;
  const persist = useCallback(() => {
    if (!confirmedRef.current) return;
    saveRef
      .current({ step: stepRef.current + 1, data: toDraftData({ values: form.getValues(), order: orderRef.current, newCompany: newCompanyRef.current }) })
      .then(
        () => setSaveFailed(false),
        () => setSaveFailed(true),
      );
  }, [form]);

  // Every change is saved at once (the draft store uploads it later, after a pause), and a
  // field showing an error is checked again: the error goes as soon as the field is valid.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      persist();
      if (name && form.getFieldState(name as never).error) void form.trigger(name as never);
    });
    return () => subscription.unsubscribe();
  }, [form, persist]);

  const heading = useRef<HTMLHeadingElement>(null);
  const container = useRef<HTMLFormElement>(null);

  // Hydrated: a controlled field (the phone's) typed into while React hydrated keeps what the
  // page shows, which the form now takes. Confirmed: what was typed on the page is saved.
  // (Every wizard starts with "your info".)
  const ownerForm = form as unknown as UseFormReturn<{ owner: OwnerValues }>;
  useLayoutEffect(() => {
    if (!fromPage) return;
    for (const name of ownerControls) {
      const value = shownOnPage(container.current?.ownerDocument, name);
      if (value !== undefined && value !== ownerForm.getValues(`owner.${name}`)) ownerForm.setValue(`owner.${name}`, value);
    }
  }, [fromPage, ownerForm]);
  useEffect(() => {
    if (confirmed && fromPage && !ownerIsBlank(ownerForm.getValues('owner'))) persist();
  }, [confirmed, fromPage, ownerForm, persist]);
  const firstRender = useRef(true);
  const [validateOnArrival, setValidateOnArrival] = useState(false);
  const [missing, setMissing] = useState<{ fields: MissingField[]; refusal: boolean } | null>(null);
  const [missingRequest, setMissingRequest] = useState(0);
  const focusAfterPopup = useRef<HTMLElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);

  const goTo = useCallback(
    (index: number) => {
      form.clearErrors();
      setProblem(null);
      stepRef.current = index;
      setStep(index);
      persist();
    },
    [form, persist],
  );

  // Focus the new step's heading, so keyboard and screen-reader users start at its top.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const showMissing = useCallback(() => setMissingRequest((count) => count + 1), []);

  // After a refused "Continue", list what the rendered step marks invalid.
  useEffect(() => {
    if (missingRequest === 0) return;
    const found = collectMissingFields(container.current);
    if (found.length === 0) {
      setProblem(t('errors:validation'));
      return;
    }
    // A refused "Continue" has loaded the checks already: this answers within the same task.
    void loadChecks().then(({ validateStep }) => {
      const refusal = Object.values(validateStep(flow, steps[stepRef.current]!, form.getValues())).includes('validation.bankingUnavailableCountry');
      setMissing({ fields: found, refusal });
    });
  }, [missingRequest, t, flow, steps, form]);

  // Arriving at an earlier step the order found incomplete: show its problems at once.
  useEffect(() => {
    if (!validateOnArrival) return;
    setValidateOnArrival(false);
    void form.trigger().then((valid) => {
      if (!valid) showMissing();
    });
  }, [validateOnArrival, form, showMissing]);

  // The popup has closed (its own focus restore ran first): focus the first missing field.
  useEffect(() => {
    if (missing !== null || !focusAfterPopup.current) return;
    const target = focusAfterPopup.current;
    focusAfterPopup.current = null;
    if (target.isConnected) target.focus();
  }, [missing]);

  const closeMissing = () => {
    focusAfterPopup.current = missing?.fields[0]?.target ?? null;
    setMissing(null);
  };

  /** Checks the step on screen: false, with what is missing shown, when the wizard cannot go on. */
  const checkStep = async () => {
    try {
      if (await form.trigger()) return true;
      showMissing();
    } catch (error) {
      // The checks could not be downloaded (offline before they ever loaded).
      setProblem(errorText(error));
    }
    return false;
  };

  const next = async () => {
    setProblem(null);
    if (await checkStep()) goTo(step + 1);
  };

  const showServerErrors = (errors: Record<string, string>) => {
    const located = Object.entries(errors)
      .map(([path, message]) => ({ path, message, step: stepOfPath(flow, path) }))
      .filter((error) => error.step >= 0);
    if (located.length === 0) {
      setProblem(
        Object.values(errors)
          .map((message) => t(messageKey(message)))
          .join(' '),
      );
      return;
    }
    const target = Math.min(...located.map((error) => error.step));
    if (target !== step) goTo(target);
    // After the step renders, mark its fields with the server's messages.
    requestAnimationFrame(() => {
      for (const error of located.filter((candidate) => candidate.step === target)) {
        form.setError((error.path === 'partners' ? 'partners.root' : error.path) as never, { type: 'server', message: error.message });
      }
      setProblem(t('order.reviewStep', { step: t(`steps.${steps[target]}.title`) }));
    });
  };

  const pay = async () => {
    setProblem(null);
    if (!(await checkStep())) return;
    const modules = await Promise.all([loadChecks(), loadOrder()]).catch((error: unknown) => {
      setProblem(errorText(error));
      return null;
    });
    if (!modules) return;
    const [{ firstInvalidStep }, { placeOrder, paidOrder }] = modules;
    const values = form.getValues();
    const invalid = firstInvalidStep(flow, values);
    if (invalid >= 0) {
      goTo(invalid);
      setValidateOnArrival(true);
      return;
    }
    const known: PlanCatalog | null = catalog.catalog ?? (await catalog.refresh());
    if (!known) {
      setProblem(t('order.catalogUnavailable'));
      return;
    }
    setPlacing(true);
    try {
      const outcome = await placeOrder(
        {
          flow,
          values,
          catalog: known,
          draftId,
          language,
          attribution: readAttribution(),
          previous: orderRef.current,
          hasHandoff: (orderId) => readCheckoutHandoff(orderId) !== null,
          isPaid: (orderId) => paidOrder(orderId) !== null,
        },
        { createOrder, online: () => navigator.onLine, now: () => new Date() },
      );
      switch (outcome.kind) {
        case 'reused':
          void navigate(href(language, paths.checkout(outcome.orderId)));
          return;
        case 'placed':
          writeCheckoutHandoff(outcome.handoff);
          orderRef.current = outcome.placed;
          newCompanyRef.current = true;
          persist();
          void navigate(href(language, paths.checkout(outcome.placed.orderId)));
          return;
        case 'offline':
          setProblem(t('order.offline'));
          return;
        case 'priceMismatch': {
          const fresh = await catalog.refresh();
          const quote = fresh ? quoteOf(flow, values, fresh) : null;
          setProblem(quote ? t('order.priceChanged', { total: formatUsd(quote.total / 100, language) }) : t('errors:price_mismatch'));
          return;
        }
        case 'invalid':
          showServerErrors(outcome.errors);
          return;
        case 'failed':
          setProblem(errorText(outcome.error));
          return;
      }
    } finally {
      setPlacing(false);
    }
  };

  const errors = form.formState.errors;
  const errorOf = (path: string): string | undefined => {
    const found = path
      .split('.')
      .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), errors as FieldValues);
    const message = (found as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' && message ? t(messageKey(message)) : undefined;
  };

  const stepId = steps[step]!;
  const last = step === steps.length - 1;
  return (
    <>
      <WizardProgress names={steps.map((id) => t(`steps.${id}.title`))} current={step} onGoTo={goTo} />
      <form
        ref={container}
        className={styles.card}
        data-island="wizard"
        // Without scripts, the page's form is never sent as an address with what was typed in it (decision 082).
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!placing) void (last ? pay() : next());
        }}
      >
        <div className={styles.stepHeader}>
          <h2 id={`wizard-step-${stepId}`} ref={heading} tabIndex={-1} className={styles.stepTitle}>
            {t(`steps.${stepId}.title`)}
          </h2>
          <p className={styles.stepIntro}>{t([`steps.${stepId}.${flow}Intro`, `steps.${stepId}.intro`])}</p>
        </div>
        {renderStep(stepId, { form: form as unknown as UseFormReturn<FieldValues>, language, catalog, errorOf })}
        {problem && <FormAlert>{problem}</FormAlert>}
        {saveFailed && <FormAlert>{t('saveFailed')}</FormAlert>}
        <div className={styles.actions}>
          {step > 0 && (
            <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={placing}>
              {t('nav.back')}
            </Button>
          )}
          {/* On the page, sends wait for the starter, which holds them until the app has come (decision 082). */}
          <Button type="submit" busy={placing} busyLabel={t('nav.placing')} disabled={!hydrated} data-enabled-by-starter="">
            {last ? t('nav.pay') : t('nav.continue')}
          </Button>
        </div>
      </form>
      {missing && (
        <Suspense fallback={null}>
          <MissingFieldsPopup fields={missing.fields} refusal={missing.refusal} onClose={closeMissing} />
        </Suspense>
      )}
    </>
  );
}
