import type { DBCore, DBCoreMutateRequest, DBCoreTransaction, Middleware } from 'dexie';

/**
 * Which rows each committed write of a user's database changed, by key, told to every tab and
 * worker of the device (`BroadcastChannel`, one per database, the writer's own context included).
 *
 * Dexie's own change feed (`storagemutated`, what live queries follow) gives up on keys for a
 * write of 50 rows or more and says "the whole table": a pull page, a burst of edits or an
 * import chunk then made the bookkeeping list read all its 50,000 rows again, once per write,
 * while sync drained underneath it. Here the keys are kept whatever the size; only a write
 * without keys (a range delete, a cleared table) says the whole table.
 */

/** The keys a committed transaction wrote, per table; `all` when it cannot say which. */
export type ChangedKeys = Record<string, readonly unknown[] | 'all'>;

export const changedKeysChannel = (databaseName: string) => `alta-changed-keys-${databaseName}`;

/** The Dexie middleware that tells the keys each of the database's transactions wrote, once it commits. */
export function changedKeysMiddleware(databaseName: string): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'changedKeys',
    create: (core) => {
      const written = new WeakMap<DBCoreTransaction, Map<string, Set<unknown> | 'all'>>();
      function note(tableName: string, keysOf: (req: DBCoreMutateRequest) => readonly unknown[] | null, req: DBCoreMutateRequest) {
        let tables = written.get(req.trans);
        if (!tables) {
          const noted = (tables = new Map<string, Set<unknown> | 'all'>());
          written.set(req.trans, noted);
          // A transaction that aborts changed nothing and tells nothing.
          (req.trans as unknown as IDBTransaction).addEventListener('complete', () => tell(databaseName, noted));
        }
        if (tables.get(tableName) === 'all') return;
        const keys = keysOf(req);
        if (!keys) return void tables.set(tableName, 'all');
        const known = (tables.get(tableName) as Set<unknown> | undefined) ?? new Set<unknown>();
        tables.set(tableName, known);
        for (const key of keys) known.add(key);
      }
      return {
        ...core,
        table(tableName) {
          const table = core.table(tableName);
          const { extractKey } = table.schema.primaryKey;
          const keysOf = (req: DBCoreMutateRequest): readonly unknown[] | null => {
            if (req.type === 'delete') return req.keys as readonly unknown[];
            if (req.type === 'deleteRange') return null;
            const keys = req.keys ?? (extractKey ? req.values.map(extractKey) : null);
            // An auto-incremented key is only known once written.
            return keys && keys.every((key) => key !== undefined) ? keys : null;
          };
          return {
            ...table,
            mutate(req) {
              note(tableName, keysOf, req);
              return table.mutate(req);
            },
          };
        },
      };
    },
  };
}

function tell(databaseName: string, tables: Map<string, Set<unknown> | 'all'>): void {
  const changes: ChangedKeys = {};
  for (const [table, keys] of tables) changes[table] = keys === 'all' ? 'all' : [...keys];
  const channel = new BroadcastChannel(changedKeysChannel(databaseName));
  channel.postMessage(changes);
  channel.close();
}
