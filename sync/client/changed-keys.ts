import type { DBCore, DBCoreMutateRequest, DBCoreTransaction, Middleware } from 'dexie';

/**
 * Which rows each committed write of a user's database changed, by key, told to every tab and
 * worker of the device (`BroadcastChannel`, one per database, the writer's own context included).
 *
 * Dexie's own change feed (`storagemutated`, what live queries follow) gives up on keys for a
 * write of 50 rows or more and says "the whole table": a pull page, a burst of edits or an
 * import chunk then made the bookkeeping list read all its 50,000 rows again, once per write,
 * while sync drained underneath it. Here the keys are kept whatever the size; only a write
 * without keys (a range delete, a cleared table) says the whole table. The writer's own context
 * is also told the rows written (`onCommittedRows`).
 */

/** The keys a committed transaction wrote, per table; `all` when it cannot say which. */
export type ChangedKeys = Record<string, readonly unknown[] | 'all'>;

/** What the channel carries: the keys, and which context (a tab or a worker) wrote them. */
export interface ChangedKeysMessage {
  from: string;
  changes: ChangedKeys;
}

/**
 * Each key a committed transaction of this context wrote, with its row as written (null when
 * deleted), per table; tables it wrote without keys are not in it.
 */
export type CommittedRows = Record<string, ReadonlyMap<unknown, unknown>>;

export const changedKeysChannel = (databaseName: string) => `alta-changed-keys-${databaseName}`;

/** This context's name on the channel. */
const thisContext = crypto.randomUUID();

/** Whether a message tells of a write of this context, which `onCommittedRows` already told with its rows. */
export const fromThisContext = (message: ChangedKeysMessage) => message.from === thisContext;

type RowsListener = (changes: ChangedKeys, rows: CommittedRows) => void;
const rowsListeners = new Map<string, Set<RowsListener>>();

/**
 * Tells `listener` of every transaction of this context that commits a write to the database,
 * as the channel does, with the rows it wrote, as they were handed to the database (no writer
 * changes a row after writing it): a listener that shows rows needs not read them back (500
 * reads by key took 30 to 50 ms of the main thread per pull page). The channel carries no rows:
 * the messages of different contexts may arrive out of commit order, and an import worker's new
 * rows taken from them as they came doubled the import's time in the list bench (decision 089).
 */
export function onCommittedRows(databaseName: string, listener: RowsListener): () => void {
  let listeners = rowsListeners.get(databaseName);
  if (!listeners) rowsListeners.set(databaseName, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The Dexie middleware that tells the keys each of the database's transactions wrote, once it commits. */
export function changedKeysMiddleware(databaseName: string): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'changedKeys',
    create: (core) => {
      const written = new WeakMap<DBCoreTransaction, Map<string, Map<unknown, unknown> | 'all'>>();
      function note(tableName: string, keysOf: (req: DBCoreMutateRequest) => readonly unknown[] | null, req: DBCoreMutateRequest) {
        let tables = written.get(req.trans);
        if (!tables) {
          const noted = (tables = new Map<string, Map<unknown, unknown> | 'all'>());
          written.set(req.trans, noted);
          // A transaction that aborts changed nothing and tells nothing.
          (req.trans as unknown as IDBTransaction).addEventListener('complete', () => tell(databaseName, noted));
        }
        if (tables.get(tableName) === 'all') return;
        const keys = keysOf(req);
        if (!keys) return void tables.set(tableName, 'all');
        const known = (tables.get(tableName) as Map<unknown, unknown> | undefined) ?? new Map<unknown, unknown>();
        tables.set(tableName, known);
        // The last write of a key in the transaction is what it commits.
        const values = req.type === 'add' || req.type === 'put' ? req.values : null;
        keys.forEach((key, index) => known.set(key, values ? values[index] : null));
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

function tell(databaseName: string, tables: Map<string, Map<unknown, unknown> | 'all'>): void {
  const changes: ChangedKeys = {};
  const rows: CommittedRows = {};
  for (const [table, keys] of tables) {
    if (keys === 'all') changes[table] = 'all';
    else {
      changes[table] = [...keys.keys()];
      rows[table] = keys;
    }
  }
  const channel = new BroadcastChannel(changedKeysChannel(databaseName));
  channel.postMessage({ from: thisContext, changes } satisfies ChangedKeysMessage);
  channel.close();
  for (const listener of rowsListeners.get(databaseName) ?? []) listener(changes, rows);
}
