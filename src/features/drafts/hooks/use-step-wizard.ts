import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waitForSync } from '@src/features/sync/wait-for-sync';
import { ApiError } from '@src/lib/api';
import { errorMessage, messageKey } from '@src/lib/error-message';

/** A schema's `safeParse` answer, as far as showing its issues needs. */
interface CheckedStep {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}

/**
 * The step logic of the draft-backed wizards (the tax form, KYB): which screen is shown, going
 * to another (its errors cleared, the screen saved with `persist`, the focus on the step's
 * heading), a step's check shown as one translated message per field, and sending the
 * finished wizard (the last changes synced first; a refusal's own message shown, anything
 * else as the wizard's `failure`).
 */
export function useStepWizard<Screen>(initial: Screen, persist: (screen: Screen) => void) {
  const { t } = useTranslation(['validation', 'errors']);
  const [screen, setScreen] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const go = (next: Screen) => {
    setErrors({});
    setScreen(next);
    persist(next);
    heading.current?.focus();
  };

  /** Shows the step's errors (the first of each field, then `extra`); true when there are none. */
  const check = (result: CheckedStep, extra: Record<string, string> = {}) => {
    const found: Record<string, string> = {};
    if (!result.success) for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= t(messageKey(issue.message));
    Object.assign(found, extra);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  /** Runs `task` once this device has pushed its changes; `onError` sees a failure before its message is shown. */
  const submit = async (task: () => Promise<void>, failure: string, onError?: (error: unknown) => void) => {
    setSending(true);
    setSendError(null);
    try {
      await waitForSync();
      await task();
    } catch (error) {
      onError?.(error);
      setSendError(error instanceof ApiError && error.status < 500 ? t(errorMessage(error).key) : failure);
    } finally {
      setSending(false);
    }
  };

  return { screen, setScreen, errors, setErrors, go, check, heading, sending, sendError, setSendError, submit };
}
