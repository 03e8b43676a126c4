import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SandboxInstitution } from '@domain/bank-linking';
import { Button } from '@src/components/button';
import dialogStyles from '@src/components/dialog/dialog.module.css';
import { useModalDialog } from '@src/components/dialog/use-modal-dialog';
import { FormAlert } from '@src/components/form/form-alert';
import { TextField } from '@src/components/form/text-field';
import { errorMessage, type Message } from '@src/lib/error-message';
import { sandboxInstitutions, sandboxSignIn } from '../api/bank-links-api';
import styles from './linked-accounts.module.css';

interface SandboxLinkDialogProps {
  /** The Link token of this attempt; null while closed. */
  linkToken: string | null;
  /** Update mode: the bank is fixed (the link being repaired). */
  institutionName?: string | null;
  onLinked: (result: { publicToken: string; institutionName: string }) => void;
  onExit: () => void;
}

/**
 * The local sandbox's Link page (Plaid Link's steps, simulated): choose a test bank, sign in
 * with the sandbox credentials (`user_good` / `pass_good`; `error_ITEM_LOCKED` and others as
 * the password to see the bank's refusals), and hand the public token back to the panel.
 */
export function SandboxLinkDialog({ linkToken, institutionName, onLinked, onExit }: SandboxLinkDialogProps) {
  const { t } = useTranslation(['linkedAccounts', 'errors']);
  const open = linkToken !== null;
  const [picked, setPicked] = useState<SandboxInstitution | null>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const { ref, dialogProps } = useModalDialog(open, () => {
    if (!busy) onExit();
  });
  const titleId = useId();

  const institutions = useQuery({ queryKey: ['sandbox-institutions'], queryFn: ({ signal }) => sandboxInstitutions(signal), enabled: open });
  // Signing in again to a linked bank skips the choice, as Plaid's update mode does.
  const chosen = picked ?? (institutionName ? institutions.data?.find((institution) => institution.name === institutionName) : undefined) ?? null;
  const shownFailure = failure ?? (institutions.isError ? errorMessage(institutions.error) : null);

  // Each opening starts from the bank list with empty fields.
  useEffect(() => {
    if (!open) return;
    setPicked(null);
    setUsername('');
    setPassword('');
    setFailure(null);
  }, [open, institutionName]);

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    if (!linkToken || !chosen) return;
    setBusy(true);
    setFailure(null);
    try {
      const { publicToken } = await sandboxSignIn({ linkToken, institutionId: chosen.id, username, password });
      onLinked({ publicToken, institutionName: chosen.name });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className={dialogStyles.dialog} aria-labelledby={titleId} {...dialogProps}>
      <h2 id={titleId} className={dialogStyles.title}>
        {chosen ? t('sandbox.signInTitle', { bank: chosen.name }) : t('sandbox.chooseTitle')}
      </h2>
      <p className={dialogStyles.description}>{t('sandbox.notice')}</p>
      {!chosen && (
        <ul className={styles.institutions} aria-label={t('sandbox.banks')}>
          {institutions.data?.map((institution) => (
            <li key={institution.id}>
              <Button variant="secondary" block onClick={() => setPicked(institution)}>
                {institution.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <form className={styles.signIn} onSubmit={(event) => void signIn(event)} noValidate>
          <TextField
            label={t('sandbox.username')}
            value={username}
            autoComplete="off"
            autoFocus
            maxLength={100}
            onChange={(event) => setUsername(event.target.value)}
            hint={t('sandbox.credentialsHint')}
          />
          <TextField
            label={t('sandbox.password')}
            type="password"
            value={password}
            autoComplete="off"
            maxLength={100}
            onChange={(event) => setPassword(event.target.value)}
          />
          {failure && <FormAlert>{t(failure.key, failure.values)}</FormAlert>}
          <div className={dialogStyles.actions}>
            {!institutionName && (
              <Button variant="ghost" onClick={() => setPicked(null)} disabled={busy}>
                {t('sandbox.back')}
              </Button>
            )}
            <Button variant="secondary" onClick={onExit} disabled={busy}>
              {t('cancel')}
            </Button>
            <Button type="submit" busy={busy}>
              {t('sandbox.submit')}
            </Button>
          </div>
        </form>
      )}
      {!chosen && (
        <>
          {shownFailure && <FormAlert>{t(shownFailure.key, shownFailure.values)}</FormAlert>}
          <div className={dialogStyles.actions}>
            <Button variant="secondary" onClick={onExit}>
              {t('cancel')}
            </Button>
          </div>
        </>
      )}
    </dialog>
  );
}
