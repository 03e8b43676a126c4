import type { PlanCatalog } from '@domain/plans';
import { withRetry } from '@src/lib/api';
import { apiGet } from '@src/lib/query/typed-api';

/**
 * The price list (GET /api/v1/plans). Prices are server data: the wizard shows them and
 * computes the total the customer sees with them, and the server refuses an order whose
 * total differs. The last catalog is kept in localStorage so a wizard opened once keeps
 * showing prices offline until the order, which needs the connection anyway.
 */

const cacheKey = 'alta.planCatalog';

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/**
 * The catalog saved by the last successful fetch, or null (none, or no longer valid). Its schema
 * (zod) loads only when there is a copy to check, after the wizard's first paint (decision 076).
 */
export async function cachedPlanCatalog(): Promise<PlanCatalog | null> {
  const raw = storage()?.getItem(cacheKey);
  if (!raw) return null;
  try {
    const { planCatalogSchema } = await import('@domain/plans');
    const parsed = planCatalogSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Fetches the catalog (SPEC §7 retry: 3 tries, 1 s apart) and keeps a copy. Null when unreachable. */
export async function fetchPlanCatalog(): Promise<PlanCatalog | null> {
  const catalog: PlanCatalog | null = await withRetry(() => apiGet('/plans', {}, { context: { public: true } }));
  if (catalog === null) return null;
  try {
    storage()?.setItem(cacheKey, JSON.stringify(catalog));
  } catch {
    // Storage full: the catalog still serves this visit.
  }
  return catalog;
}
