import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@src/components/toast/toast-provider';
import { errorMessage } from '@src/lib/error-message';

/**
 * A one-click staff action of the company page (decision 038): `busy` names the action under
 * way, success and failure are toasts (the failure in the SPEC's words), and `onDone` reloads
 * whatever shows the result, either way (a refused click usually means someone else did it).
 */
export function useStaffAction(onDone: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);

  async function act(key: string, action: () => Promise<unknown>, doneMessage: string) {
    setBusy(key);
    try {
      await action();
      toast.show(doneMessage, 'success');
    } catch (error) {
      const message = errorMessage(error);
      toast.show(t(message.key, message.values), 'error');
    } finally {
      setBusy(null);
      onDone();
    }
  }
  return { busy, act };
}
