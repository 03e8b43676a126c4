import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import type { GuestDraft } from '@domain/draft';
import { Button, ButtonLink } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import { ApiError, NetworkError } from '@src/lib/api';
import { href, paths } from '@src/lib/paths';
import { usePageTitle } from '@src/lib/use-page-title';
import { useErrorText } from '@src/lib/use-error-text';
import { parseContinueFragment, wizardPathOf, type DraftKey } from '../continue-link';
import { adoptSharedDraft, draftsInTheWayOf, fetchSharedDraft } from '@src/features/sync/guest-drafts';
import styles from './continue-page.module.css';

type State = { kind: 'loading' } | { kind: 'invalid' } | { kind: 'notFound' } | { kind: 'failed'; error: unknown } | { kind: 'confirm'; draft: GuestDraft };

/**
 * `/{lang}/continue#<id>.<secret>`: opens on this device a guest's wizard draft started on
 * another one. The fragment never reaches the server; it is read here, dropped from the
 * address bar (and so from the history), and the draft is fetched with its secret, stored in
 * this device's guest drafts under the same id and secret, and its wizard opened at the
 * saved step.
 */
export function ContinuePage() {
  const { t } = useTranslation(['wizard', 'errors']);
  const errorText = useErrorText();
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
  const navigate = useNavigate();
  usePageTitle(t('continueDevice.page.title'));
  // Read once: the fragment is removed from the address right away.
  const key = useRef<DraftKey | null | undefined>(undefined);
  if (key.current === undefined) key.current = typeof window === 'undefined' ? null : parseContinueFragment(window.location.hash);
  const [state, setState] = useState<State>(() => (key.current ? { kind: 'loading' } : { kind: 'invalid' }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);

  const adopt = useCallback(
    async (draft: GuestDraft, secret: string) => {
      await adoptSharedDraft(draft, secret);
      void navigate(href(language, wizardPathOf[draft.kind]), { replace: true });
    },
    [language, navigate],
  );

  useEffect(() => {
    const found = key.current;
    if (!found) return;
    let current = true;
    setState({ kind: 'loading' });
    void (async () => {
      try {
        const draft = await fetchSharedDraft(found.id, found.secret);
        if (!current) return;
        if ((await draftsInTheWayOf(draft)).length > 0) setState({ kind: 'confirm', draft });
        else await adopt(draft, found.secret);
      } catch (error) {
        if (!current) return;
        setState(error instanceof ApiError && error.code === 'not_found' ? { kind: 'notFound' } : { kind: 'failed', error });
      }
    })();
    return () => {
      current = false;
    };
  }, [attempt, adopt]);

  const confirmAdopt = (draft: GuestDraft) => {
    adopt(draft, key.current!.secret).catch((error: unknown) => setState({ kind: 'failed', error }));
  };

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="continue-title">
        <h1 id="continue-title" className={styles.title}>
          {state.kind === 'confirm' ? t('continueDevice.page.replaceTitle') : t('continueDevice.page.title')}
        </h1>
        {state.kind === 'loading' && <p role="status">{t('continueDevice.page.loading')}</p>}
        {state.kind === 'invalid' && (
          <>
            <FormAlert>{t('continueDevice.page.invalid')}</FormAlert>
            <div className={styles.actions}>
              <ButtonLink to={href(language, paths.startNow)}>{t('continueDevice.page.startNow')}</ButtonLink>
            </div>
          </>
        )}
        {state.kind === 'notFound' && (
          <>
            <FormAlert>{t('continueDevice.page.notFound')}</FormAlert>
            <div className={styles.actions}>
              <ButtonLink to={href(language, paths.login)}>{t('continueDevice.page.login')}</ButtonLink>
              <ButtonLink variant="secondary" to={href(language, paths.startNow)}>
                {t('continueDevice.page.startNow')}
              </ButtonLink>
            </div>
          </>
        )}
        {state.kind === 'failed' && (
          <>
            <FormAlert>{state.error instanceof NetworkError ? t('continueDevice.page.offline') : errorText(state.error)}</FormAlert>
            <div className={styles.actions}>
              <Button onClick={() => setAttempt((count) => count + 1)}>{t('continueDevice.retry')}</Button>
            </div>
          </>
        )}
        {state.kind === 'confirm' && (
          <>
            <p>{t('continueDevice.page.replaceBody')}</p>
            <div className={styles.actions}>
              <Button onClick={() => confirmAdopt(state.draft)}>{t('continueDevice.page.replace')}</Button>
              <ButtonLink variant="secondary" to={href(language, wizardPathOf[state.draft.kind])} replace>
                {t('continueDevice.page.keep')}
              </ButtonLink>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
