import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { manualAccountNameSchema, type ManualAccount } from '@domain/bookkeeping';
import { currentUserDatabase } from '@sync/client/db';
import { Button } from '@src/components/button';
import { ConfirmDialog } from '@src/components/dialog/confirm-dialog';
import { FormAlert } from '@src/components/form/form-alert';
import { TextField } from '@src/components/form/text-field';
import { LinkedAccounts } from '@src/features/linked-accounts/components/linked-accounts';
import { syncEngine } from '@src/features/sync/sync-engine';
import { messageKey } from '@src/lib/error-message';
import { useManualAccounts } from '../hooks/use-accounts';
import list from '@src/components/card-list.module.css';

/** The i18n key of why a name is refused, or null when it is valid. */
function nameError(name: string): string | null {
  const parsed = manualAccountNameSchema.safeParse(name);
  return parsed.success ? null : messageKey(parsed.error.issues[0]?.message ?? 'validation.required');
}

/**
 * The company's manual accounts (SPEC §3): create, rename and delete. Each change is a sync
 * mutation, so it works offline and reaches the other devices; an account that still holds
 * transactions cannot be deleted (they would lose their account). Linked bank accounts
 * follow, in their own section.
 */
export function AccountsPanel({ companyId }: { companyId: string }) {
  const { t } = useTranslation(['bookkeeping', 'validation']);
  const accounts = useManualAccounts(companyId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const refused = nameError(name);
    setError(refused);
    if (refused) return;
    try {
      await (await syncEngine())!.mutate('createManualAccount', { id: crypto.randomUUID(), companyId, name: name.trim(), createdAt: new Date().toISOString() });
      setName('');
      setFailure(null);
    } catch {
      setFailure('accounts.errors.create');
    }
  };

  return (
    <section className={list.panel} aria-labelledby="accounts-title">
      <h2 id="accounts-title" className={list.title}>
        {t('accounts.title')}
      </h2>
      {accounts && accounts.length === 0 && <p className={list.muted}>{t('accounts.empty')}</p>}
      <ul className={list.list}>
        {accounts?.map((account) => (
          <AccountRow key={account.id} account={account} />
        ))}
      </ul>
      <form className={list.inlineForm} onSubmit={(event) => void create(event)} noValidate>
        <TextField
          label={t('accounts.name')}
          value={name}
          maxLength={120}
          onChange={(event) => setName(event.target.value)}
          error={error ? t(error) : undefined}
        />
        <Button type="submit">{t('accounts.create')}</Button>
      </form>
      {failure && <FormAlert>{t(failure)}</FormAlert>}
      <LinkedAccounts companyId={companyId} />
    </section>
  );
}

function AccountRow({ account }: { account: ManualAccount }) {
  const { t } = useTranslation(['bookkeeping', 'validation']);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(account.name);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const refused = nameError(name);
    setError(refused);
    if (refused) return;
    try {
      await (await syncEngine())!.mutate('renameManualAccount', { id: account.id, name: name.trim(), updatedAt: new Date().toISOString() });
      setEditing(false);
      setFailure(null);
    } catch {
      setFailure('accounts.errors.rename');
    }
  };

  const remove = async () => {
    setConfirming(false);
    const used = (await currentUserDatabase()?.transactions.where('accountId').equals(account.id).count()) ?? 0;
    if (used > 0) return setFailure('accounts.errors.inUse');
    try {
      await (await syncEngine())!.mutate('deleteManualAccount', { id: account.id });
    } catch {
      setFailure('accounts.errors.delete');
    }
  };

  return (
    <li className={list.item}>
      {editing ? (
        <form className={list.inlineForm} onSubmit={(event) => void rename(event)} noValidate>
          <TextField
            label={t('accounts.newName', { name: account.name })}
            value={name}
            maxLength={120}
            autoFocus
            onChange={(event) => setName(event.target.value)}
            error={error ? t(error) : undefined}
          />
          <Button type="submit" size="small">
            {t('accounts.save')}
          </Button>
          <Button
            variant="ghost"
            size="small"
            onClick={() => {
              setEditing(false);
              setName(account.name);
              setError(null);
            }}
          >
            {t('accounts.cancel')}
          </Button>
        </form>
      ) : (
        <div className={list.itemHead}>
          <span className={list.itemName}>{account.name}</span>
          <span className={list.pill}>{t('accounts.manual')}</span>
          <Button variant="ghost" size="small" onClick={() => setEditing(true)} aria-label={t('accounts.renameLabel', { name: account.name })}>
            {t('accounts.rename')}
          </Button>
          <Button variant="ghost" size="small" onClick={() => setConfirming(true)} aria-label={t('accounts.deleteLabel', { name: account.name })}>
            {t('accounts.delete')}
          </Button>
        </div>
      )}
      {failure && <FormAlert>{t(failure)}</FormAlert>}
      <ConfirmDialog
        open={confirming}
        title={t('accounts.confirmDelete.title', { name: account.name })}
        description={t('accounts.confirmDelete.description')}
        confirmLabel={t('accounts.delete')}
        cancelLabel={t('accounts.cancel')}
        tone="danger"
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}
