import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { CompanyRole } from './scope';

/**
 * Every writer of synced rows holds the write lock of each scope it writes (a user id or a
 * company id) until commit: the `sync_stamp_row` trigger takes it per row (migration
 * `0012_scope_sync`, function `sync_lock_scope`), and a push takes all of its user's scopes
 * before its first read. Versions of one scope therefore become visible in increasing order
 * (what a per-scope cursor position needs), pushes to one scope run one after the other so a
 * mutator's reads cannot go stale before its writes, and writes to different scopes do not
 * wait for each other.
 *
 * The lock is the transaction advisory lock (4207002, hashtext(scope id)). Two scopes whose
 * hashes collide merely share a lock. Several locks are taken in key order, as the trigger
 * does for a move between scopes, so two pushes with overlapping scopes cannot deadlock.
 */
export async function lockSyncScopes(tx: Db, scopeIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(scopeIds)];
  if (ids.length === 0) return;
  await tx.execute(sql`
    select sync_lock_scope(scope_id)
    from (select scope_id from unnest(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::text[]) as scope(scope_id) order by hashtext(scope_id)) ordered`);
}

/**
 * A push's first statement: takes the write lock of every scope `userId` sees — their own rows
 * and each company they own or are a teammate of, in key order like `lockSyncScopes` — names
 * the caller for the history trigger (`alta.user_id`, this transaction only), and returns their
 * company roles (owner wins). One round trip where reading the roles, locking and naming the
 * caller took four: on embedded PGlite each statement is a turn the event loop waits for.
 */
export async function lockScopesOf(tx: Db, userId: string): Promise<Map<string, CompanyRole>> {
  const result = (await tx.execute(sql`
    select ordered.scope_id, ordered.role, sync_lock_scope(ordered.scope_id)::text, set_config('alta.user_id', ${userId}, true)
    from (
      select scope_id, role from (
        select ${userId}::text as scope_id, null::text as role
        union all select id::text, 'owner' from companies where owner_id = ${userId}
        union all select company_id::text, 'teammate' from company_members where user_id = ${userId}
      ) scopes order by hashtext(scope_id)
    ) ordered`)) as { rows: { scope_id: string; role: CompanyRole | null }[] };
  const roles = new Map<string, CompanyRole>();
  for (const { scope_id: scopeId, role } of result.rows) {
    if (role && roles.get(scopeId) !== 'owner') roles.set(scopeId, role);
  }
  return roles;
}
