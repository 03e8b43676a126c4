import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { ButtonLink } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import layout from '@src/components/form/form-layout.module.css';
import { AuthLayout } from '@src/features/auth/components/auth-layout';
import { claimOrder } from '@src/features/checkout/api/checkout-api';
import { forgetPaidOrder } from '@src/features/checkout/paid-orders';
import { markNewCompany } from '@src/features/order-popups/new-company-flag';
import { useSignedIn } from '@src/features/session/use-signed-in';
import { ApiError } from '@src/lib/api';
import { href, loginPath, paths } from '@src/lib/paths';
import { useErrorText } from '@src/lib/use-error-text';
import { acceptInvitation } from '@src/features/teammates/api/teammates-api';
import { confirmEmail } from '../api/email-proof-api';
import { forgetMailedLink, takeMailedLink, type MailedLink, type MailedLinkKind } from '../mailed-link';

type State = { kind: 'working' } | { kind: 'signedOut' } | { kind: 'missing' } | { kind: 'failed'; message: string };

/** Uses the link for the signed-in account; answers the companies it brought. */
async function use(kind: MailedLinkKind, link: MailedLink): Promise<string[]> {
  if (kind === 'verify') return (await confirmEmail(`${link.id}.${link.secret}`)).claimedCompanyIds;
  if (kind === 'teammate') return (await acceptInvitation(`${link.id}.${link.secret}`)).companyIds;
  const claimed = await claimOrder(link.id, link.secret);
  forgetPaidOrder(link.id);
  return claimed.companyId ? [claimed.companyId] : [];
}

/**
 * The links Alta mails that act for an account: the receipt's claim link (`/{lang}/claim#…`,
 * adds that paid order to the account) and the verification link (`/{lang}/verify-email#…`,
 * proves the account's email, which brings every paid order of it) — decision 017 — and a
 * teammate invitation (`/{lang}/join-team#…`, joins the inviter's companies; decision 030).
 * Each acts for the signed-in account; a visitor is asked to log in or create the account and
 * comes back here to finish. Success leads to the dashboard, which shows the new company.
 */
export function MailedLinkPage({ kind }: { kind: MailedLinkKind }) {
  const { t } = useTranslation(['auth', 'teammates']);
  // The texts of this link's page: the invitation's live in the teammates catalog.
  const texts = kind === 'teammate' ? 'teammates:accept' : `auth:mailedLink.${kind}`;
  const errorText = useErrorText();
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  // Read once, then dropped from the address bar (and so from the history).
  const link = useRef<MailedLink | null | undefined>(undefined);
  if (link.current === undefined) link.current = typeof window === 'undefined' ? null : takeMailedLink(kind, window.location.hash);
  const [state, setState] = useState<State>(() => (!link.current ? { kind: 'missing' } : signedIn ? { kind: 'working' } : { kind: 'signedOut' }));
  const here = href(language, { claim: paths.claimOrder, verify: paths.verifyEmail, teammate: paths.joinTeam }[kind]);

  // The secret leaves the address bar (and the language links built from it) at once.
  const location = useLocation();
  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state as unknown });
  }, [location, navigate]);

  // Used once per sign-in state: a re-render must not spend the link twice.
  const used = useRef(false);
  const after = useRef({ errorText, navigate, language });
  after.current = { errorText, navigate, language };
  useEffect(() => {
    const found = link.current;
    if (!found || !signedIn || used.current) return;
    used.current = true;
    setState({ kind: 'working' });
    use(kind, found).then(
      async (companies) => {
        forgetMailedLink(kind);
        const newest = companies.at(-1);
        // A joined company is not a new one of the owner's: no "company created" popup.
        if (newest && kind !== 'teammate') markNewCompany(newest);
        // The profile's company list changed on the server.
        const { refreshUser } = await import('@src/features/session/local-session');
        await refreshUser().catch(() => undefined);
        void after.current.navigate(href(after.current.language, paths.dashboard), { replace: true });
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          used.current = false;
          return setState({ kind: 'signedOut' });
        }
        if (error instanceof ApiError && error.status < 500) forgetMailedLink(kind);
        setState({ kind: 'failed', message: after.current.errorText(error) });
      },
    );
  }, [kind, signedIn]);

  return (
    <AuthLayout title={t(`${texts}.title`)} subtitle={t(`${texts}.subtitle`)}>
      <div className={layout.stack}>
        {state.kind === 'working' && <p role="status">{t(`${texts}.working`)}</p>}
        {state.kind === 'missing' && <FormAlert>{t('mailedLink.missing')}</FormAlert>}
        {state.kind === 'failed' && <FormAlert>{state.message}</FormAlert>}
        {state.kind === 'signedOut' && (
          <>
            <p>{t(`${texts}.signedOut`)}</p>
            <ButtonLink to={loginPath(language, here)} block>
              {t('mailedLink.login')}
            </ButtonLink>
            {kind !== 'verify' && (
              <ButtonLink to={`${href(language, paths.register)}?${new URLSearchParams({ from: here })}`} variant="secondary" block>
                {t('mailedLink.register')}
              </ButtonLink>
            )}
          </>
        )}
        {(state.kind === 'failed' || state.kind === 'missing') && signedIn && (
          <ButtonLink to={href(language, paths.dashboard)} variant="secondary" block>
            {t('mailedLink.dashboard')}
          </ButtonLink>
        )}
      </div>
    </AuthLayout>
  );
}
