import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

export type CompanyRole = 'owner' | 'teammate';

/**
 * The companies `userId` sees, as SQL rows (`scope_id`, `role`): one per company they own and one
 * per company they are a teammate of. A statement that needs them reads them in its own snapshot
 * (a push's locks, a pull's opening) and turns them into roles with `rolesFrom`.
 */
export const companyScopeRows = (userId: string): SQL =>
  sql`select id::text as scope_id, 'owner' as role from companies where owner_id = ${userId}
    union all select company_id::text, 'teammate' from company_members where user_id = ${userId}`;

/** Each company's role from `companyScopeRows`' rows (a row without a role is skipped): owner wins. */
export function rolesFrom(rows: Iterable<readonly [scopeId: string, role: CompanyRole | null]>): Map<string, CompanyRole> {
  const roles = new Map<string, CompanyRole>();
  for (const [scopeId, role] of rows) if (role && roles.get(scopeId) !== 'owner') roles.set(scopeId, role);
  return roles;
}

/** The companies the user owns or is a teammate of, with the role (owner wins): one query. */
export async function companyRolesOf(db: Db, userId: string): Promise<Map<string, CompanyRole>> {
  const result = (await db.execute(companyScopeRows(userId))) as { rows: { scope_id: string; role: CompanyRole }[] };
  return rolesFrom(result.rows.map(({ scope_id: scopeId, role }) => [scopeId, role] as const));
}

/**
 * A short fingerprint of the set of companies a user sees. A pull cursor carries it: when it
 * differs (a company gained or lost), rows of the new scope older than the cursor were never
 * sent and rows of a lost one must go, so the client resyncs in full.
 */
export function scopeFingerprint(companyIds: Iterable<string>): string {
  return createHash('sha256')
    .update([...companyIds].sort().join(','))
    .digest('base64url')
    .slice(0, 16);
}
