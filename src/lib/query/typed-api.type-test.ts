/**
 * Proof, under `tsc --noEmit`, that the client's API types are the server's: each line below
 * fails the typecheck when a route's schema changes (a field renamed, a type changed, a path or
 * parameter moved). Nothing here runs.
 */
import type { BankingOverview } from '@domain/banking';
import type { MailItem } from '@domain/mail';
import { apiGet, type ApiAnswer, type GetInput } from './typed-api';

/** Each type accepts the other: the same shape (JSON-parsed types are intersections, so identity is too strict). */
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <Check extends true>(check?: Check) => check;

// The answer is the route's 200 schema (server/routes/calendar.ts `feedStateSchema`), field by field.
same<Equal<ApiAnswer<'/calendar/feed'>, { active: boolean; createdAt: string | null }>>();
// Routes answering a domain schema answer the domain's type, as JSON carries it (a free-form
// record comes back as JSON values, which the domain type reads as unknown).
same<Equal<ApiAnswer<'/companies/:id/mail'>, { items: MailItem[] }>>();
same<ApiAnswer<'/banking/companies/:companyId'> extends BankingOverview ? true : false>();
// A router written as statements erases its routes: these were returned from their chains so
// they reach the client (server/routes/tax-info.ts, server/routes/bookkeeping.ts).
same<Equal<ApiAnswer<'/tk-info/country'>, { country: string | null }>>();
same<Equal<GetInput<'/bookkeeping/transactions/:id/history'>, { param: { id: string } }>>();
// The inputs are the route's: a path parameter by its name, an optional query as the route declares it.
same<Equal<GetInput<'/companies/:id/mail'>, { param: { id: string } }>>();
same<Equal<GetInput<'/deadlines'>, { query: { companyId?: string | undefined } }>>();

export async function checks(feed: ApiAnswer<'/calendar/feed'>) {
  // @ts-expect-error A field the schema does not declare is not there.
  void feed.url;
  // @ts-expect-error A path no router serves is no path.
  await apiGet('/companies/:id/nothing', { param: { id: '' } });
  // @ts-expect-error The path's parameter is required, by its route's name.
  await apiGet('/companies/:id/mail', { param: { companyId: '' } });
  // @ts-expect-error The answer is not any: it cannot be read as another type.
  const wrong: { items: string[] } = await apiGet('/companies/:id/mail', { param: { id: '' } });
  return wrong;
}
