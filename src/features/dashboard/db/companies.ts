import type { CompanySummary } from '@domain/company-views';
import type { AppDB } from '@sync/client/db';

/**
 * The user's companies on this device: each answer of `GET /companies` replaces the cache in
 * one transaction (a company the user lost access to disappears with it), and every screen
 * reads it back in the API's order when offline.
 */
export async function cacheCompanies(db: AppDB, companies: readonly CompanySummary[], now = new Date()): Promise<void> {
  const cachedAt = now.toISOString();
  await db.transaction('rw', db.companies, async () => {
    await db.companies.clear();
    await db.companies.bulkPut(companies.map((company, position) => ({ id: company.id, position, company, cachedAt })));
  });
}

/** The cached companies in the order the API last listed them. */
export async function cachedCompanies(db: AppDB): Promise<CompanySummary[]> {
  return (await db.companies.orderBy('position').toArray()).map((row) => row.company);
}
