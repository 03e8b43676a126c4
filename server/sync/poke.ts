import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client';

/**
 * Pokes: "new data for you, pull". Sent with PostgreSQL NOTIFY inside the writing
 * transaction (delivered only on commit) and received by every server instance through
 * LISTEN — PostgreSQL across instances, PGlite within its process — which forwards them to
 * the user's open event streams. A poke carries no data, only who to wake.
 */
export const pokeChannel = 'alta_sync_poke';

/** Notifies every user who sees one of these scopes (user ids, company ids): the owner and the teammates. */
export async function notifyScopes(tx: Db, scopeIds: Set<string>, originClientId: string | null): Promise<void> {
  if (scopeIds.size === 0) return;
  await tx.execute(notifyStatement(scopeIds, originClientId));
}

/** The `select` that pokes every user who sees one of `scopeIds` (not empty), for a statement that does more besides. */
export function notifyStatement(scopeIds: Set<string>, originClientId: string | null): SQL {
  const ids = sql.join(
    [...scopeIds].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`
    select pg_notify(${pokeChannel}, audience.user_id::text || ':' || ${originClientId ?? ''})
    from (
      select id as user_id from users where id in (${ids})
      union select owner_id from companies where id in (${ids})
      union select user_id from company_members where company_id in (${ids})
    ) audience`;
}

/** `originClientId` is the device that caused the change (empty when the server did), or null after a lost connection: maybe anything changed. */
export type PokeListener = (originClientId: string | null) => void;

export interface PokeHub {
  /**
   * Calls `listener` on every poke for `userId` until the returned function is called. That
   * function removes this subscription only, and may be called any number of times.
   */
  subscribe(userId: string, listener: PokeListener): Promise<() => void>;
}

const hubs = new WeakMap<Database, PokeHub>();

/** The process-wide poke hub of a database: one LISTEN, fanned out to the local subscribers. */
export function pokeHub(database: Database): PokeHub {
  let hub = hubs.get(database);
  if (hub) return hub;
  const listeners = new Map<string, Set<PokeListener>>();
  let listening: Promise<unknown> | null = null;
  const dispatch = (payload: string | null) => {
    if (payload === null) {
      for (const set of listeners.values()) for (const listener of set) listener(null);
      return;
    }
    const separator = payload.indexOf(':');
    const userId = payload.slice(0, separator);
    for (const listener of listeners.get(userId) ?? []) listener(payload.slice(separator + 1));
  };
  hub = {
    async subscribe(userId, listener) {
      listening ??= database.listen(pokeChannel, dispatch).catch((error) => {
        listening = null;
        throw error;
      });
      await listening;
      // A registration of its own, so subscribing one function twice makes two that end apart.
      const registration: PokeListener = (origin) => listener(origin);
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(registration);
      return () => {
        set.delete(registration);
        // Only this registration's own set, once: the user's entry may already be a newer stream's.
        if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
      };
    },
  };
  hubs.set(database, hub);
  return hub;
}
