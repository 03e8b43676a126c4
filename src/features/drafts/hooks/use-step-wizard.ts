import { useEffect, useMemo, useRef, useState } from 'react';
import { get, useForm, type DefaultValues, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toNestErrors } from '@hookform/resolvers';
import { collectMissingFields, type MissingField } from '@src/components/form/missing-fields';
import { waitForSync } from '@src/features/sync/wait-for-sync';
import { ApiError } from '@src/lib/api';
import { errorMessage, messageKey } from '@src/lib/error-message';

/** A schema's `safeParse` answer, as far as showing its issues needs (messages are i18n keys). */
export interface CheckedStep {
  success: boolean;
  error?: {
    issues: readonly { path: readonly PropertyKey[]; message: string }[];
  };
}

interface StepWizardOptions<Values extends FieldValues, Screen> {
  initial: Screen;
  /** Checks the values a screen shows, with the step's own schema (which may load first, decision 078). */
  check(screen: Screen, values: Values): CheckedStep | Promise<CheckedStep>;
  /** Saves the values and the screen in the draft (called on every change and every move). */
  persist(values: Values, screen: Screen): void;
  /** After a refused step: list the invalid fields in the missing-fields popup (else focus the first). */
  popup: boolean;
}

/**
 * The draft-backed wizards (the tax form, KYB): one react-hook-form form checked by the step
 * on screen (earlier answers are already checked, later ones not asked yet), each change saved
 * in the draft, the screen shown and moved to (its errors cleared, the focus on its heading),
 * a refused step's first invalid field shown, and sending the finished wizard (the last changes
 * synced first; a refusal's own message shown, anything else as the wizard's `failure`).
 */
export function useStepWizard<Values extends FieldValues, Screen>({ initial, check, persist, popup }: StepWizardOptions<Values, Screen>) {
  const { t } = useTranslation(['validation', 'errors']);
  const [screen, setScreen] = useState(initial);
  const screenRef = useRef(initial);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [missing, setMissing] = useState<MissingField[] | null>(null);
  const [refused, setRefused] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const container = useRef<HTMLFormElement>(null);
  const options = useRef({ check, persist });
  options.current = { check, persist };

  const resolver = useMemo<Resolver<Values>>(
    () => async (values, _context, resolverOptions) => {
      const result = await options.current.check(screenRef.current, values);
      if (result.success) return { values, errors: {} };
      const flat: FieldErrors = {};
      for (const issue of result.error?.issues ?? []) flat[issue.path.join('.')] ??= { type: 'validation', message: issue.message };
      return { values: {}, errors: toNestErrors(flat, resolverOptions) };
    },
    [],
  );
  // Errors appear on "Next" (the whole step at once), never on blur.
  const form = useForm<Values>({ mode: 'onSubmit', shouldFocusError: false, resolver });
  // Read while rendering, so a change of errors renders the wizard again.
  const { errors } = form.formState;

  // Every change the user makes is saved at once (a `reset` from the draft is not a change), and
  // a field showing an error is checked again: the error goes as soon as the field is valid.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (!name) return;
      options.current.persist(form.getValues(), screenRef.current);
      if (form.getFieldState(name).error) void form.trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  // After a refused step has rendered its errors: the popup lists them from the fields, or the first is focused.
  useEffect(() => {
    if (refused === 0) return;
    const found = collectMissingFields(container.current);
    if (popup) setMissing(found);
    else found[0]?.target.focus();
  }, [refused, popup]);

  /** Starts from the loaded draft: its values and screen. */
  const start = (values: DefaultValues<Values>, at: Screen) => {
    screenRef.current = at;
    setScreen(at);
    form.reset(values);
  };

  const go = (next: Screen) => {
    form.clearErrors();
    screenRef.current = next;
    setScreen(next);
    options.current.persist(form.getValues(), next);
    heading.current?.focus();
  };

  /** Checks the step on screen; false (its errors shown) when it is not complete. */
  const validate = async () => {
    // A check whose rules could not load (offline before they were ever fetched) refuses the step and says why.
    const valid = await form.trigger().catch(() => null);
    setSendError(valid === null ? t('errors:network') : null);
    if (valid === false) setRefused((count) => count + 1);
    return valid === true;
  };

  /** The translated error of a field path (an array's own error sits at `<path>.root` or `<path>`). */
  const error = (path: string): string | undefined => {
    const found = get<FieldErrors<Values>, { message?: unknown; root?: { message?: unknown } } | undefined>(errors, path);
    const message = found?.message ?? found?.root?.message;
    return typeof message === 'string' && message ? t(messageKey(message)) : undefined;
  };

  /** Puts the server's per-field errors (i18n keys) on the fields of the screen. */
  const showFieldErrors = (found: Record<string, string>) => {
    for (const [path, message] of Object.entries(found)) form.setError(path as never, { type: 'server', message });
    setRefused((count) => count + 1);
  };

  // The popup has closed (its own focus restore ran first): focus the first missing field.
  const focusAfterPopup = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const target = focusAfterPopup.current;
    if (missing !== null || !target) return;
    focusAfterPopup.current = null;
    if (target.isConnected) target.focus();
  }, [missing]);

  const closeMissing = () => {
    focusAfterPopup.current = missing?.[0]?.target ?? null;
    setMissing(null);
  };

  /** Runs `task` once this device has pushed its changes; `onError` sees a failure before its message is shown. */
  const submit = async (task: () => Promise<void>, failure: string, onError?: (error: unknown) => void) => {
    setSending(true);
    setSendError(null);
    try {
      await waitForSync();
      await task();
    } catch (caught) {
      onError?.(caught);
      setSendError(caught instanceof ApiError && caught.status < 500 ? t(errorMessage(caught).key) : failure);
    } finally {
      setSending(false);
    }
  };

  return {
    form,
    screen,
    start,
    go,
    validate,
    error,
    showFieldErrors,
    heading,
    container,
    missing,
    closeMissing,
    sending,
    sendError,
    setSendError,
    submit,
  };
}
