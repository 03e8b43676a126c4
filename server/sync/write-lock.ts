import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companyScopeRows, rolesFrom, type CompanyRole } from './scope';

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
 * A push step's first statement: takes the write lock of every scope `userId` sees — their own
 * rows and each company they own or are a teammate of, in key order like `lockSyncScopes` —
 * names the caller for the history trigger (`alta.user_id`, this transaction only), then creates
 * or locks the pushing client's row (its update branch changes nothing but takes the row lock,
 * as `FOR UPDATE` would). Returns the caller's company roles (owner wins) and the last mutation
 * the client's row records. With `forOwnWrites` (a step that may record its own writes,
 * decision 091) it also returns a value of the change sequence taken once every lock is held
 * (`lockedAt`: any version of those scopes above it is this step's, until it commits) and each
 * scope's last version at that moment (`lastVersions`: `sync_scope_last_version`, migration
 * 0039); `ownWritesFrom` is null otherwise. One round trip where reading the
 * roles, locking, naming the caller and the client's row took five: on embedded PGlite each
 * statement is a turn the event loop waits for, and on PostgreSQL each is a write to its socket.
 *
 * The client's row is taken after every scope lock, as when it was a statement of its own: its
 * insert reads the count of the locked scopes, so it cannot run before all of them are held.
 */
export async function openPushStep(
  tx: Db,
  userId: string,
  clientId: string,
  forOwnWrites: boolean,
): Promise<{
  roles: Map<string, CompanyRole>;
  lastMutationId: number;
  ownWritesFrom: { lockedAt: number; lastVersions: Map<string, number> } | null;
}> {
  const result = (await tx.execute(sql`
    with locked as materialized (
      select ordered.scope_id, ordered.role, sync_lock_scope(ordered.scope_id)::text, set_config('alta.user_id', ${userId}, true)
      from (
        select scope_id, role from (
          select ${userId}::text as scope_id, null::text as role
          union all ${companyScopeRows(userId)}
        ) scopes order by hashtext(scope_id)
      ) ordered
    ), client as (
      insert into sync_clients (client_id, user_id, last_mutation_id)
      select ${clientId}::uuid, ${userId}::uuid, 0 from (select count(*) from locked) all_locked
      on conflict (client_id, user_id) do update set last_mutation_id = sync_clients.last_mutation_id
      returning last_mutation_id, ${
        forOwnWrites
          ? sql`json_build_object('lockedAt', nextval('sync_version'), 'lastVersions', (select json_object_agg(scope_id, sync_scope_last_version(scope_id, role is null)) from locked))::text`
          : sql`null`
      } as own_writes_from
    )
    select locked.scope_id, locked.role, client.last_mutation_id, client.own_writes_from from locked, client`)) as {
    rows: { scope_id: string; role: CompanyRole | null; last_mutation_id: number | string; own_writes_from: string | null }[];
  };
  const roles = rolesFrom(result.rows.map(({ scope_id: scopeId, role }) => [scopeId, role] as const));
  const { last_mutation_id: lastMutationId, own_writes_from: ownWritesFrom } = result.rows[0]!;
  const from = ownWritesFrom === null ? null : (JSON.parse(ownWritesFrom) as { lockedAt: number | string; lastVersions: Record<string, number | string> });
  return {
    roles,
    lastMutationId: Number(lastMutationId),
    ownWritesFrom: from && {
      lockedAt: Number(from.lockedAt),
      lastVersions: new Map(Object.entries(from.lastVersions).map(([scopeId, version]) => [scopeId, Number(version)])),
    },
  };
}
