import { useCallback, useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@domain/bookkeeping';
import type { AppDB } from '@sync/client/db';
import { useLinkedAccountLabel, useLinkedAccounts } from '@src/features/linked-accounts/hooks/use-linked-accounts';

/**
 * The company's accounts, manual and linked, as the filter bar and the create dialog offer
 * them, and the name the list shows for a row's account.
 */
export function useAccountOptions(db: AppDB | null, companyId: string) {
  const { t } = useTranslation('bookkeeping');
  const manualAccounts = useLiveQuery(() => db?.manualAccounts.where('companyId').equals(companyId).sortBy('name') ?? [], [db, companyId]);
  const linkedAccounts = useLinkedAccounts(db, companyId);
  const linkedLabel = useLinkedAccountLabel();
  const accountOptions = useMemo(
    () => [
      ...(manualAccounts ?? []).map(({ id, name }) => ({ id, name })),
      ...(linkedAccounts ?? []).map((account) => ({ id: account.id, name: linkedLabel(account) })),
    ],
    [manualAccounts, linkedAccounts, linkedLabel],
  );
  const accountNames = useMemo(() => new Map(accountOptions.map((account) => [account.id, account.name])), [accountOptions]);
  const accountName = useCallback(
    (row: Transaction) =>
      row.accountId ? (accountNames.get(row.accountId) ?? (row.accountKind === 'linked' ? t('list.linkedAccount') : t('list.unknownAccount'))) : '—',
    [accountNames, t],
  );
  return { accountOptions, accountName };
}
