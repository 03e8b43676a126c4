import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, companyMembers } from '../db/schema/companies';

export type CompanyRole = 'owner' | 'teammate';

/** The companies the user owns or is a teammate of, with the role (owner wins). */
export async function companyRolesOf(db: Db, userId: string): Promise<Map<string, CompanyRole>> {
  const [owned, joined] = await Promise.all([
    db.select({ id: companies.id }).from(companies).where(eq(companies.ownerId, userId)),
    db.select({ id: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, userId)),
  ]);
  const roles = new Map<string, CompanyRole>();
  for (const { id } of joined) roles.set(id, 'teammate');
  for (const { id } of owned) roles.set(id, 'owner');
  return roles;
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
