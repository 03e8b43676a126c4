import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankLink } from '@domain/bank-linking';
import { Button } from '@src/components/button';
import { ConfirmDialog } from '@src/components/dialog/confirm-dialog';
import { FormAlert } from '@src/components/form/form-alert';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { formatDateTime } from '@src/i18n/format';
import { errorMessage, type Message } from '@src/lib/error-message';
import { createLinkToken, exchangePublicToken, listBankLinks, syncBankLink, unlinkBank } from '../api/bank-links-api';
import { runPlaidLink } from '../plaid-link';
import { SandboxLinkDialog } from './sandbox-link-dialog';
import list from '@src/components/card-list.module.css';
import styles from './linked-accounts.module.css';

/** Most sync calls one "sync now" makes while the bank still has more (each call is bounded on the server). */
const maxSyncRounds = 5;

type LinkResult = { publicToken: string; institutionName: string | null } | null;

/**
 * The company's linked bank accounts inside the Accounts panel: connect a bank through the
 * provider's Link flow (the local sandbox page, or Plaid Link), each link's status and last
 * sync, "sync now", signing in again when the bank asks, and unlink (imported transactions
 * stay). Online only: the server holds the bank access; the transactions it brings reach
 * this device through the sync engine like any other change.
 */
export function LinkedAccounts({ companyId }: { companyId: string }) {
  const { t } = useTranslation(['linkedAccounts', 'errors']);
  const language = useLanguage();
  const linksKey = ['bank-links', companyId];
  const client = useQueryClient();
  const query = useQuery({ queryKey: linksKey, queryFn: ({ signal }) => listBankLinks(companyId, signal) });
  const links = query.data ?? null;
  const setLinks = (change: (current: BankLink[]) => BankLink[]) => client.setQueryData<BankLink[]>(linksKey, (current) => change(current ?? []));
  const [actionFailure, setFailure] = useState<Message | null>(null);
  const failure = actionFailure ?? (query.isError ? errorMessage(query.error) : null);
  const [notice, setNotice] = useState<Message | null>(null);
  const [connecting, setConnecting] = useState(false);
  /** The sandbox Link page open for a new link (linkId null) or to sign in again to one. */
  const [sandbox, setSandbox] = useState<{ linkToken: string; link: BankLink | null; finish: (result: LinkResult) => void } | null>(null);

  const replace = (link: BankLink) => setLinks((current) => current.map((item) => (item.id === link.id ? link : item)));

  /** Runs the Link flow the server chose and resolves with Link's answer (null: the person left it). */
  const runLink = async (link: BankLink | null): Promise<LinkResult> => {
    const token = await createLinkToken(companyId, language, link?.id);
    if (token.mode === 'plaid') return runPlaidLink(token.linkToken);
    return new Promise<LinkResult>((finish) => setSandbox({ linkToken: token.linkToken, link, finish }));
  };

  const syncNow = async (link: BankLink) => {
    let added = 0;
    for (let round = 0; round < maxSyncRounds; round++) {
      const result = await syncBankLink(companyId, link.id);
      added += result.added;
      replace(result.link);
      if (!result.hasMore) break;
    }
    return added;
  };

  const connect = async () => {
    setConnecting(true);
    setFailure(null);
    setNotice(null);
    try {
      const linked = await runLink(null);
      if (!linked) return;
      const link = await exchangePublicToken(companyId, linked.publicToken, linked.institutionName);
      setLinks((current) => [...current, link]);
      setNotice({ key: 'linkedAccounts:linked', values: { bank: link.institutionName ?? t('unnamedBank') } });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setConnecting(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="linked-accounts-title">
      <h3 id="linked-accounts-title" className={styles.heading}>
        {t('title')}
      </h3>
      {links && links.length === 0 && <p className={list.muted}>{t('empty')}</p>}
      {links && links.length > 0 && (
        <ul className={list.list}>
          {links.map((link) => (
            <LinkRow
              key={link.id}
              link={link}
              onSync={() => syncNow(link)}
              onSignInAgain={async () => {
                const linked = await runLink(link);
                if (!linked) return 0;
                return syncNow(link);
              }}
              onUnlink={async () => {
                await unlinkBank(companyId, link.id);
                setLinks((current) => current.filter((item) => item.id !== link.id));
                setNotice({ key: 'linkedAccounts:unlinked', values: { bank: link.institutionName ?? t('unnamedBank') } });
              }}
            />
          ))}
        </ul>
      )}
      <div className={styles.connect}>
        <Button variant="secondary" onClick={() => void connect()} busy={connecting} busyLabel={t('connecting')}>
          {t('connect')}
        </Button>
      </div>
      {notice && <FormAlert tone="success">{t(notice.key, notice.values)}</FormAlert>}
      {failure && <FormAlert>{t(failure.key, failure.values)}</FormAlert>}
      <SandboxLinkDialog
        linkToken={sandbox?.linkToken ?? null}
        institutionName={sandbox?.link?.institutionName ?? null}
        onLinked={(result) => {
          sandbox?.finish(result);
          setSandbox(null);
        }}
        onExit={() => {
          sandbox?.finish(null);
          setSandbox(null);
        }}
      />
    </section>
  );
}

interface LinkRowProps {
  link: BankLink;
  /** Each resolves with the number of transactions added to the books. */
  onSync: () => Promise<number>;
  onSignInAgain: () => Promise<number>;
  onUnlink: () => Promise<void>;
}

function LinkRow({ link, onSync, onSignInAgain, onUnlink }: LinkRowProps) {
  const { t } = useTranslation(['linkedAccounts', 'errors']);
  const language = useLanguage();
  const [busy, setBusy] = useState<'sync' | 'signIn' | 'unlink' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<Message | null>(null);
  const [notice, setNotice] = useState<Message | null>(null);
  const bank = link.institutionName ?? t('unnamedBank');

  const run = async (kind: 'sync' | 'signIn' | 'unlink', action: () => Promise<number | void>) => {
    setBusy(kind);
    setFailure(null);
    setNotice(null);
    try {
      const added = await action();
      if (typeof added === 'number') setNotice({ key: 'linkedAccounts:synced', values: { count: added } });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <li className={list.item}>
      <div className={list.itemHead}>
        <span className={list.itemName}>{bank}</span>
        <span className={`${list.pill} ${styles.status}`} data-status={link.status}>
          {t(`status.${link.status}`)}
        </span>
      </div>
      <ul className={styles.accounts} aria-label={t('accountsOf', { bank })}>
        {link.accounts.map((account) => (
          <li key={account.id}>{account.mask ? t('accountWithMask', { name: account.name, mask: account.mask }) : account.name}</li>
        ))}
      </ul>
      <p className={list.muted}>{link.lastSyncedAt ? t('lastSync', { date: formatDateTime(link.lastSyncedAt, language) }) : t('neverSynced')}</p>
      {link.errorCode && link.status !== 'active' && <p className={styles.problem}>{t([`linkErrors.${link.errorCode}`, 'linkErrors.other'])}</p>}
      <div className={styles.actions}>
        {link.status === 'login_required' ? (
          <Button
            size="small"
            onClick={() => void run('signIn', onSignInAgain)}
            busy={busy === 'signIn'}
            disabled={busy !== null}
            aria-label={t('signInAgainLabel', { bank })}
          >
            {t('signInAgain')}
          </Button>
        ) : (
          <Button
            size="small"
            variant="secondary"
            onClick={() => void run('sync', onSync)}
            busy={busy === 'sync'}
            busyLabel={t('syncing')}
            disabled={busy !== null}
            aria-label={t('syncLabel', { bank })}
          >
            {t('sync')}
          </Button>
        )}
        <Button
          size="small"
          variant="ghost"
          onClick={() => setConfirming(true)}
          busy={busy === 'unlink'}
          disabled={busy !== null}
          aria-label={t('unlinkLabel', { bank })}
        >
          {t('unlink')}
        </Button>
      </div>
      {notice && <FormAlert tone="success">{t(notice.key, notice.values)}</FormAlert>}
      {failure && <FormAlert>{t(failure.key, failure.values)}</FormAlert>}
      <ConfirmDialog
        open={confirming}
        title={t('confirmUnlink.title', { bank })}
        description={t('confirmUnlink.description')}
        confirmLabel={t('unlink')}
        cancelLabel={t('cancel')}
        tone="danger"
        onConfirm={() => {
          setConfirming(false);
          void run('unlink', onUnlink);
        }}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}
