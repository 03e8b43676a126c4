import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { matchedRoutes } from 'hono/route';
import type { MutatorName } from '@sync/mutators';
import { accessCookie } from '../auth/session';
import { verifyAccessToken } from '../auth/tokens';
import type { AppDeps, AppEnv } from '../context';
import { ProblemError } from '../lib/problem';

/**
 * The writes an admin acting as a user ("log in as user", decision 028) may still make, as
 * `METHOD /path` of the OpenAPI document (below /api/v1), each with why. Every other write
 * (POST, PUT, PATCH, DELETE) of an impersonated session answers 403 `impersonation_forbidden`
 * (`refuseUnsafeWhileImpersonating`): the customer's money, people, credentials, verification
 * and declarations are theirs alone, and a route added later is refused until it is listed
 * here. server/routes/impersonation.test.ts walks every route against this list.
 */
export const impersonatorOperations: Readonly<Record<string, string>> = {
  'POST /logout': "Ends the impersonation and the admin's kept session (decision 028): whoever is at the browser asked to leave.",
  'POST /admin/return': 'Ends the impersonation and resumes the admin session kept aside.',
  'POST /auth/refresh':
    "Renews the impersonation's own access token, never past the hour it began with; nothing of the customer's session or credentials changes.",
  'POST /sync/pull': 'A read carried by POST (the cursor travels in the body).',
  'POST /sync/push': 'Only the mutators in `impersonatorMutators` run; any other is refused with `impersonation_forbidden`, one by one.',
  'POST /uploads/download-url': 'A read: a short-lived link to view a file the customer can see.',
  'POST /companies/{companyId}/bank-links/{linkId}/sync':
    "Brings a linked bank's new transactions into the books, as the scheduled sync does; the link and its credentials stay as they are.",
};

/**
 * The sync mutators an impersonated push may run. The books are data staff help keep straight
 * (categories, notes, imports, receipts already uploaded); none of them names a person,
 * holds a credential or moves money. Wizard drafts are not here: each is a declaration the
 * customer makes in their own name and names people (formation members, KYB and BOI owners)
 * or goes to the IRS, so an admin may read it but not write it for them.
 */
export const impersonatorMutators: ReadonlySet<string> = new Set<MutatorName>([
  'createTransaction',
  'importTransactions',
  'setTransactionCategory',
  'setTransactionNote',
  'setTransactionChecked',
  'setTransactionMerchant',
  'deleteTransaction',
  'setTransactionsCategory',
  'setTransactionsChecked',
  'deleteTransactions',
  'restoreTransactions',
  'attachReceipt',
  'removeReceipt',
  'createManualAccount',
  'renameManualAccount',
  'deleteManualAccount',
  'createBatchImport',
  'finishBatchImport',
  // Takes back an import the server refused part of (decision 054), so none is left half.
  'discardBatchImport',
  'createCategoriserRule',
  'addInboxReceipt',
  'attachInboxReceipt',
  'deleteInboxReceipt',
]);

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Mounted once around the whole API: for a request whose access token is an impersonation's,
 * every unsafe method is refused with 403 `impersonation_forbidden` unless the route it
 * reaches is in `impersonatorOperations`. It runs before the route's own middleware, so the
 * refusal comes before validation or any lookup, whatever else the route admits (guests, a
 * checkout token, a signed upload URL). The refusal is audit-logged like any impersonated
 * request (`withImpersonationAudit`).
 */
export function refuseUnsafeWhileImpersonating(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    if (!safeMethods.has(c.req.method)) {
      const acting = impersonationOfCookie(deps, getCookie(c, accessCookie));
      if (acting && !Object.hasOwn(impersonatorOperations, operationOf(c))) refuse(c, acting);
    }
    return next();
  };
}

/**
 * The route a request reaches as `METHOD /path` in the OpenAPI document's form: the first
 * matched handler registered for the method itself (middleware is registered for every method).
 */
function operationOf(c: Context<AppEnv>): string {
  const route = matchedRoutes(c).find((matched) => matched.method === c.req.method);
  return `${c.req.method} ${(route?.path ?? c.req.path).replace(/^\/api\/v1/, '').replace(/:(\w+)/g, '{$1}')}`;
}

function refuse(c: Context<AppEnv>, acting: { userId: string; adminId: string }): never {
  // The refusal is an impersonated request like any other: `withImpersonationAudit` logs it.
  c.set('impersonation', acting);
  throw new ProblemError(403, 'impersonation_forbidden');
}

function impersonationOfCookie(deps: AppDeps, token: string | undefined): { userId: string; adminId: string } | null {
  if (!token) return null;
  const claims = verifyAccessToken(deps.env.SESSION_SECRET, token, deps.now());
  return claims?.imp ? { userId: claims.sub, adminId: claims.imp } : null;
}
