import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { draftSecretHeader, type Language } from '@domain/constants';
import type { Draft } from '@domain/draft';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import { loadCatalogs } from '@src/i18n/i18n';
import { TextField } from '@src/components/form/text-field';
import { api, NetworkError } from '@src/lib/api';
import { messageKey } from '@src/lib/error-message';
import { useErrorText } from '@src/lib/use-error-text';
import { continueLinkOf, type DraftKey } from '../continue-link';
import styles from './continue-on-another-device.module.css';

/** The email the visitor typed on the wizard's first step, if any (a draft is untrusted JSON). */
function ownerEmailOf(draft: Draft | undefined): string {
  const values = draft?.data.values;
  const owner = values && typeof values === 'object' && !Array.isArray(values) ? values.owner : undefined;
  const email = owner && typeof owner === 'object' && !Array.isArray(owner) ? owner.email : undefined;
  return typeof email === 'string' ? email.trim() : '';
}

type LinkState = { kind: 'preparing' } | { kind: 'ready'; key: DraftKey } | { kind: 'failed'; error: unknown };

/**
 * "Continue on another device" for a guest wizard: uploads the draft at once, then offers its
 * link (`/{lang}/continue#<id>.<secret>`) to copy, or to email to the address typed in the
 * wizard (or any other). Nothing to offer before the first change has made a draft.
 */
export function ContinueOnAnotherDevice({ draft, language }: { draft: Draft | undefined; language: Language }) {
  const { t } = useTranslation('wizard');
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState<LinkState>({ kind: 'preparing' });
  const [attempt, setAttempt] = useState(0);
  const panelId = useId();
  const draftId = draft?.id;

  useEffect(() => {
    if (!open || !draftId) return;
    let current = true;
    setLink({ kind: 'preparing' });
    // The guest database's module, loaded by the wizard already: not part of the page's first load.
    import('@src/features/sync/guest-drafts')
      .then(({ shareGuestDraft }) => shareGuestDraft(draftId))
      .then(
        (key) => current && setLink({ kind: 'ready', key }),
        (error: unknown) => current && setLink({ kind: 'failed', error }),
      );
    return () => {
      current = false;
    };
  }, [open, draftId, attempt]);

  if (!draft) return null;
  return (
    <div className={styles.share}>
      <Button variant="secondary" size="small" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((shown) => !shown)}>
        {t('continueDevice.action')}
      </Button>
      {open && (
        <section id={panelId} className={styles.panel} aria-label={t('continueDevice.action')}>
          <p className={styles.intro}>{t('continueDevice.intro')}</p>
          {link.kind === 'preparing' && <p role="status">{t('continueDevice.preparing')}</p>}
          {link.kind === 'failed' && (
            <>
              <FormAlert>{link.error instanceof NetworkError ? t('continueDevice.offline') : errorText(link.error)}</FormAlert>
              <div>
                <Button variant="secondary" size="small" onClick={() => setAttempt((count) => count + 1)}>
                  {t('continueDevice.retry')}
                </Button>
              </div>
            </>
          )}
          {link.kind === 'ready' && <SharePanel draftKey={link.key} language={language} initialEmail={ownerEmailOf(draft)} />}
          <p className={styles.private}>{t('continueDevice.private')}</p>
        </section>
      )}
    </div>
  );
}

function SharePanel({ draftKey, language, initialEmail }: { draftKey: DraftKey; language: Language; initialEmail: string }) {
  const { t } = useTranslation('wizard');
  const errorText = useErrorText();
  const url = continueLinkOf(window.location.origin, language, draftKey);
  const linkInput = useRef<HTMLInputElement>(null);
  const [copyNote, setCopyNote] = useState<'copied' | 'copyFailed' | null>(null);
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const [mailState, setMailState] = useState<{ sentTo: string } | { error: unknown } | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopyNote('copied');
    } catch {
      // No clipboard permission (or an old browser): leave the link selected for a manual copy.
      linkInput.current?.select();
      setCopyNote('copyFailed');
    }
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setMailState(null);
    // The email rule (zod) and its messages load when the link is sent, not with the wizard.
    const fields = await Promise.all([import('@domain/field-schemas'), loadCatalogs(['validation'])]).then(
      ([module]) => module,
      (error: unknown) => {
        setMailState({ error });
        return null;
      },
    );
    if (!fields) return;
    const parsed = fields.emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(t(messageKey(parsed.error.issues[0]?.message ?? 'validation.email')));
      return;
    }
    setEmailError(undefined);
    setSending(true);
    try {
      await api.post(`drafts/${draftKey.id}/email-link`, {
        json: { email: parsed.data, lang: language },
        headers: { [draftSecretHeader]: draftKey.secret },
        context: { public: true },
        expected: ['rate_limited'],
      });
      setMailState({ sentTo: parsed.data });
    } catch (error) {
      setMailState({ error });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <div className={styles.linkRow}>
        <TextField
          ref={linkInput}
          className={styles.linkField}
          label={t('continueDevice.linkLabel')}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {t('continueDevice.copy')}
        </Button>
      </div>
      <p role="status" className={styles.note}>
        {copyNote ? t(`continueDevice.${copyNote}`) : ''}
      </p>
      <form className={styles.mailForm} noValidate onSubmit={(event) => void send(event)}>
        <TextField
          className={styles.linkField}
          type="email"
          autoComplete="email"
          label={t('continueDevice.emailLabel')}
          hint={t('continueDevice.emailHint')}
          value={email}
          error={emailError}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" busy={sending} busyLabel={t('continueDevice.sending')}>
          {t('continueDevice.send')}
        </Button>
      </form>
      {mailState && 'sentTo' in mailState && <FormAlert tone="success">{t('continueDevice.sent', { email: mailState.sentTo })}</FormAlert>}
      {mailState && 'error' in mailState && <FormAlert>{errorText(mailState.error)}</FormAlert>}
    </>
  );
}
