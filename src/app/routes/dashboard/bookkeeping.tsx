import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@src/components/button';
import { RouteError } from '@src/components/route-error/route-error';
import { lazyDialog } from '@src/components/dialog/lazy-dialog';
import { BookkeepingWorkspace } from '@src/features/bookkeeping/components/bookkeeping-workspace';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

// The import's code and the catalogs its summary reads come after the list has painted.
const ImportDialog = lazyDialog(
  () => import('@src/features/bank-import/components/import-dialog').then((module) => module.ImportDialog),
  ['validation', 'errors'],
);

/**
 * Bookkeeping transactions (SPEC §2): the workspace's list, with the CSV import in its toolbar
 * and, in their own tab, the accounts and import history of the company (decision
 * 065); the categoriser's suggestions are in the list's rows.
 */
export function Component() {
  return <BookkeepingWorkspace toolbar={importButton} />;
}

// A module-level slot: the same function at every render, so the workspace builds its element
// once per company, not at each filter change (each one a new URL).
const importButton = (companyId: string) => <ImportButton companyId={companyId} />;

function ImportButton({ companyId }: { companyId: string }) {
  const { t } = useTranslation('bookkeeping');
  const language = useLanguage();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <Button size="small" variant="secondary" onClick={() => setImporting(true)}>
        {t('import.open')}
      </Button>
      <ImportDialog open={importing} companyId={companyId} language={language} onClose={() => setImporting(false)} />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
