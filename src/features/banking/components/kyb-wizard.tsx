import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankingOverview } from '@domain/banking';
import type { Language } from '@domain/constants';
import type { KybDraftData, KybSubmitted } from '@domain/kyb-record';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import layout from '@src/components/form/form-layout.module.css';
import { MissingFieldsPopup } from '@src/features/company-wizard/components/missing-fields-popup';
import { useDraft } from '@src/features/drafts/hooks/use-draft';
import { useStepWizard } from '@src/features/drafts/hooks/use-step-wizard';
import { ApiError } from '@src/lib/api';
import { loadOnce } from '@src/lib/load-once';
import { submitKyb } from '../api/banking-api';
import type { Values } from './kyb-fields';
import { KybSummary } from './kyb-summary';
import styles from './banking.module.css';

type Kind = KybDraftData['kind'];

/**
 * The KYB rules: zod, the phone and date rules, about 55 KiB the start page does not need.
 * They load as the wizard mounts; a step's check and the send await them (decision 078).
 */
const loadRules = loadOnce(() => import('@domain/kyb'));

/** The steps' fields (the activity codes among them) load with the rules, after the page paints. */
const loadSteps = loadOnce(() => import('./kyb-steps'));
const lazyStep = (name: 'CompanyStep' | 'OwnersStep' | 'AccountStep' | 'CryptoStep') => lazy(async () => ({ default: (await loadSteps())[name] }));
const CompanyStep = lazyStep('CompanyStep');
const OwnersStep = lazyStep('OwnersStep');
const AccountStep = lazyStep('AccountStep');
const CryptoStep = lazyStep('CryptoStep');

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
  const lastStep = kind === 'crypto' ? 1 : 3;
  const wizard = useStepWizard<Values, number>({
    initial: 0,
    check: async (step, values) => {
      if (step === 0) return { success: true };
      const { cryptoKybSchema, kybStepSchema } = await loadRules();
      if (kind === 'crypto') return cryptoKybSchema.safeParse(pick(values, ['legalName', 'registrationCountry']));
      return kybStepSchema(step as 1 | 2 | 3, todayUtc()).safeParse(pickStep(values, step as 1 | 2 | 3));
    },
    persist: (values, step) => void save({ step, data: { kind, form: values } as never }).catch(() => undefined),
    popup: true,
  });
  const { form, screen: step, go, heading, container, sending, sendError, setSendError, submit } = wizard;
  const [ready, setReady] = useState(false);
  const [success, setSuccess] = useState(false);
  useEffect(() => {
    void loadRules().catch(() => undefined);
    void loadSteps().catch(() => undefined);
  }, []);

  // Once the draft answered: its answers and step, else a first owner to fill in.
  useEffect(() => {
    if (ready || !loaded) return;
    wizard.start(stored?.form ?? { owners: [{}], sameAsMailing: true, operatingCountries: [] }, Math.min(draft?.step ?? 0, lastStep));
    setReady(true);
  }, [ready, loaded, stored, draft, lastStep, wizard]);

  const values = form.watch();
  const frozen = submitted ?? (stored?.submitted ? { kind: stored.kind, form: stored.form, submittedAt: '' } : null);
  if (frozen) return <KybSummary submitted={frozen} language={language} success={success} onSuccessClosed={() => setSuccess(false)} />;
  if (!ready) return <p role="status">{t('loading')}</p>;

  const change = (path: string, value: unknown) => form.setValue(path, value);

  const next = async () => {
    if (!(await wizard.validate())) return;
    if (step < lastStep) go(step + 1);
    else void send();
  };

  const send = async () => {
    const answers = form.getValues();
    const sent = kind === 'crypto' ? pick(answers, ['legalName', 'registrationCountry']) : answers;
    const rules = await loadRules().catch(() => null);
    if (!rules) {
      setSendError(t('kyb:error'));
      return;
    }
    const result = kind === 'crypto' ? rules.cryptoKybSchema.safeParse(sent) : rules.kybFormSchema(todayUtc()).safeParse(sent);
    if (!result.success) {
      setSendError(t('kyb:incomplete'));
      return;
    }
    // The last typed changes reach the server before it freezes the draft.
    await submit(
      async () => {
        const overview = await submitKyb(companyId, { draftId: draft?.id ?? crypto.randomUUID(), kind, form: sent });
        setSuccess(true);
        onSubmitted(overview);
      },
      t('kyb:error'),
      (error) => {
        if (error instanceof ApiError && error.code === 'validation') {
          wizard.showFieldErrors(
            Object.fromEntries(Object.entries(error.errors).map(([path, messages]) => [path.replace(/^form\./, ''), messages[0] ?? 'validation.invalid'])),
          );
        }
      },
    );
  };

  const field = { values, change, error: wizard.error, control: form.control, language, companyId };

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
          void next();
        }}
      >
        <Suspense fallback={<p role="status">{t('loading')}</p>}>
          {kind === 'crypto' && <CryptoStep {...field} />}
          {kind === 'business' && step === 1 && <CompanyStep {...field} />}
          {kind === 'business' && step === 2 && <OwnersStep {...field} />}
          {kind === 'business' && step === 3 && <AccountStep {...field} />}
        </Suspense>
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
      <MissingFieldsPopup fields={wizard.missing} refusal={false} onClose={wizard.closeMissing} />
    </section>
  );
}

const pick = (values: Values, keys: readonly string[]) => Object.fromEntries(keys.filter((key) => values[key] !== undefined).map((key) => [key, values[key]]));

const stepKeys = {
  1: [
    'legalName',
    'dba',
    'incorporationDate',
    'entityType',
    'phone',
    'website',
    'ein',
    'naicsCode',
    'operatingCountries',
    'sourceOfFunds',
    'description',
    'physicalAddress',
    'sameAsMailing',
    'mailingAddress',
  ],
  2: ['owners', 'documents', 'proofOfAddressDate'],
  3: ['transactionLimit', 'termsAccepted'],
} as const;

/** Only the step's own fields, without empty optional ones (an untouched DBA is not an invalid one). */
function pickStep(values: Values, step: 1 | 2 | 3): Values {
  const picked = pick(values, stepKeys[step]);
  if (picked.sameAsMailing !== false) delete picked.mailingAddress;
  return picked;
}
