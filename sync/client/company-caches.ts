import type Dexie from 'dexie';
import type { Table } from 'dexie';

/**
 * What a device keeps of a company outside the synced tables: the cached company list
 * (`companies`), the company details, mailing, sent tax returns and tax info pages (`pageCache`,
 * keys `company:<id>`, `mailing:<id>`, `taxDocuments:<id>` and `taxInfo:<id>`), documents, letters and returns opened
 * once (`documentFiles`) and documents waiting to be uploaded (`documentUploads`). A resync
 * names the companies of the scope; everything here about any other company goes in the same
 * transaction as the synced rows (decision 030), so a removed teammate keeps nothing.
 */
export const companyCacheTableNames = ['profile', 'companies', 'pageCache', 'documentFiles', 'documentUploads'] as const;

/** The pages of one company a device keeps in `pageCache`: its details, its mail, its sent tax returns and its return's facts. */
const companyPages = ['company', 'mailing', 'taxDocuments', 'taxInfo'] as const;

/** The `pageCache` key of a company's details page (or of its mailing or tax returns page). */
export const companyPageKey = (companyId: string, page: (typeof companyPages)[number] = 'company') => `${page}:${companyId}`;

/** The stores of `companyCacheTableNames` this database has (a guest's has none). */
export function companyCacheTables(db: Dexie): Table[] {
  const present = new Set(db.tables.map((table) => table.name));
  return companyCacheTableNames.filter((name) => present.has(name)).map((name) => db.table(name));
}

/** Drops every cached row of a company not in `keep`. Runs inside a transaction over `companyCacheTables(db)`. */
export async function dropCompaniesOutside(db: Dexie, keep: readonly string[]): Promise<void> {
  const kept = new Set(keep);
  const present = new Set(db.tables.map((table) => table.name));
  const outside = (companyId: unknown) => typeof companyId === 'string' && !kept.has(companyId);
  if (present.has('companies'))
    await db
      .table('companies')
      .filter((row: { id: string }) => outside(row.id))
      .delete();
  if (present.has('documentFiles'))
    await db
      .table('documentFiles')
      .filter((row: { companyId: string }) => outside(row.companyId))
      .delete();
  if (present.has('documentUploads'))
    await db
      .table('documentUploads')
      .filter((row: { companyId: string }) => outside(row.companyId))
      .delete();
  if (present.has('pageCache')) {
    for (const page of companyPages) {
      const prefix = companyPageKey('', page);
      await db
        .table('pageCache')
        .where('key')
        .startsWith(prefix)
        .filter((row: { key: string }) => outside(row.key.slice(prefix.length)))
        .delete();
    }
  }
  if (present.has('profile')) {
    await db
      .table('profile')
      .toCollection()
      .modify((row: { user: { companies?: string[] } }) => {
        if (row.user.companies) row.user.companies = row.user.companies.filter((id) => kept.has(id));
      });
  }
}
