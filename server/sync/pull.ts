import { and, asc, eq, getTableName, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ownChangesVersion, pullPageSize, scopeCompaniesVersion, type PullRequest, type PullResponse, type Rejection, type TableChanges } from '@sync/protocol';
import { tableNames, type TableName } from '@sync/tables';
import type { Db } from '../db/client';
import { syncTombstones } from '../db/schema/sync';
import { decodeCursor, encodeCursor } from './cursor';
import { companyScopeRows, rolesFrom, scopeFingerprint, type CompanyRole } from './scope';
import { scopeOf, serverTables } from './tables';

/** `sync_state` key of a scope's resync threshold: its tombstones up to this version are purged. */
export const purgedThroughKey = (scopeId: string) => `tombstones_purged_through:${scopeId}`;

type Change = { version: number; table: TableName } & ({ put: Record<string, unknown> } | { deleted: string });

/** Tombstones carry the SQL table name (the triggers see `manual_accounts`); devices know the registry's (`manualAccounts`). */
const registryNameOf = new Map<string, TableName>(tableNames.map((name) => [getTableName(serverTables[name].table), name]));

/** A scope (a user id or a company id) and the version a device has pulled it to. */
type Position = { scopeId: string; from: number };

/** `scope column = id and version > from`, for each position. */
function afterPositions(scope: Parameters<typeof eq>[0], version: Parameters<typeof gt>[0], positions: Position[]): SQL {
  return or(...positions.map(({ scopeId, from }) => and(eq(scope, scopeId), gt(version, from))))!;
}

/**
 * Per table, the SQL that builds a changed row as a device sees it: an object of its synced
 * columns keyed by field name (the schema's own names, so nothing to escape). Built once.
 */
const rowObjects = new Map(
  tableNames.map((name) => [
    name,
    sql.raw(
      `json_build_object(${Object.entries(serverTables[name].rowColumns)
        .map(([key, column]) => `'${key}', changed."${column.name}"`)
        .join(', ')})`,
    ),
  ]),
);

/**
 * The rows of each table changed after its scopes' positions, in version order, each with its
 * version and scope id: all tables in one statement (one round trip where a query per table
 * took eight). The database hands each table's changes over as one JSON text (`json_agg`) of
 * `[version, scope, row]`, the row already keyed by field name with only the columns a device
 * sees (`rowColumns`), so `JSON.parse` gives the page's rows as they are sent: materialising a
 * page of 2,500 rows column by column through the driver took several times longer (PGlite
 * especially), and so did renaming and filtering each parsed row's columns here. JSON keeps
 * every synced column's value as Drizzle would map it (numbers, day strings, jsonb).
 */
async function changedRows(tx: Db, reads: { table: TableName; positions: Position[] }[], limit: number): Promise<Map<TableName, ChangedRow[]>> {
  const columns = reads.map(({ table, positions }, index) => {
    const spec = serverTables[table];
    const version = sql`changed.${sql.identifier(spec.version.name)}`;
    return sql`(select coalesce(json_agg(json_build_array(${version}, changed.${sql.identifier(spec.scope.name)}, ${rowObjects.get(table)!}) order by ${version}), '[]')::text
      from (
        select * from ${spec.table}
        where ${afterPositions(spec.scope, spec.version, positions)}
        order by ${spec.version}
        limit ${limit}
      ) changed) as ${sql.identifier(`t${index}`)}`;
  });
  const result = (await tx.execute(sql`select ${sql.join(columns, sql`, `)}`)) as { rows: Record<string, string>[] };
  const row = result.rows[0]!;
  return new Map(reads.map(({ table }, index) => [table, JSON.parse(row[`t${index}`]!) as ChangedRow[]]));
}

/** A changed row as `changedRows` reads it: its version, its scope id and the row. */
type ChangedRow = [version: number, scopeId: string, row: Record<string, unknown>];

/**
 * One page of the changes in the caller's scopes after the cursor's positions, read in a
 * single REPEATABLE READ snapshot so rows, tombstones and `lastMutationId` agree: the rows hold
 * exactly the effects of this client's mutations up to `lastMutationId`.
 *
 * Versions are unique, and those of one scope become visible in increasing order (its write
 * lock), so per scope `version > position` misses nothing; across scopes they do not (a
 * company's push may commit a lower version after another company's higher one), which is
 * why the cursor keeps one position per scope and a scope's position only ever moves to a
 * version of that scope this snapshot saw. The page is the lowest versions of all scopes
 * together, so a row moved between scopes still arrives after the old scope's tombstone.
 *
 * A first pull, a changed company set, an unreadable or old-format cursor, or a position older
 * than its scope's purged tombstones starts over from version 0 with `resync: true` (and,
 * for clients that read it, the scope's `companyIds`).
 */
export async function applyPull(db: Db, userId: string, request: PullRequest, pageSize = pullPageSize): Promise<PullResponse> {
  return db.transaction(
    async (tx) => {
      const { roles, lastMutationId, purgedThrough, rejections, ownWrites } = await openPull(tx, userId, request);
      const companyIds = [...roles.keys()].sort();
      const scopeIds = [userId, ...companyIds];
      const fingerprint = scopeFingerprint(companyIds);
      const cursor = decodeCursor(request.cursor);
      const resync =
        !cursor ||
        cursor.fingerprint !== fingerprint ||
        cursor.positions.length !== scopeIds.length ||
        scopeIds.some((scopeId, index) => cursor.positions[index]! < (purgedThrough.get(purgedThroughKey(scopeId)) ?? 0));
      const positions: Position[] = scopeIds.map((scopeId, index) => ({ scopeId, from: resync ? 0 : cursor.positions[index]! }));
      if (!resync && cursor.settled && ownWrites && rejections.length === 0 && request.protocolVersion >= ownChangesVersion) {
        const reached = await ownChangesReached(tx, userId, request.clientId, positions);
        if (reached) {
          return {
            cursor: encodeCursor({ fingerprint, positions: positions.map(({ scopeId, from }) => reached.get(scopeId) ?? from), settled: true }),
            lastMutationId,
            changes: {},
            hasMore: false,
            ownChangesOnly: true,
            rejections,
          };
        }
      }

      type Seen = Change & { scopeId: string };
      const changes: Seen[] = [];
      const reads = tableNames
        .map((table) => ({ table, positions: scopeOf(table) === 'user' ? positions.slice(0, 1) : positions.slice(1) }))
        .filter((read) => read.positions.length > 0);
      for (const [table, rows] of await changedRows(tx, reads, pageSize + 1)) {
        for (const [version, scopeId, put] of rows) changes.push({ version: Number(version), table, put, scopeId });
      }
      // From position 0 the device holds nothing of that scope: there is nothing to delete.
      const deletable = positions.filter(({ from }) => from > 0);
      if (deletable.length > 0) {
        const tombstones = await tx
          .select()
          .from(syncTombstones)
          .where(afterPositions(syncTombstones.scopeId, syncTombstones.version, deletable))
          .orderBy(asc(syncTombstones.version))
          .limit(pageSize + 1);
        for (const tombstone of tombstones) {
          const table = registryNameOf.get(tombstone.tableName);
          // A table no longer synced: its deletions concern no device.
          if (table) changes.push({ version: tombstone.version, table, deleted: tombstone.rowId, scopeId: tombstone.scopeId });
        }
      }
      changes.sort((a, b) => a.version - b.version);
      const page = changes.slice(0, pageSize);
      const hasMore = changes.length > pageSize;
      const stillVisible = await rowsInScopes(tx, page, scopeIds);

      const byTable: Record<string, TableChanges> = {};
      for (const change of page) {
        const entry = (byTable[change.table] ??= { puts: [], deletes: [] });
        if ('put' in change) entry.puts.push(change.put);
        else if (!stillVisible.has(`${change.table}\u0000${change.deleted}`)) entry.deletes.push(change.deleted);
      }
      const reached = new Map(positions.map(({ scopeId, from }) => [scopeId, from]));
      for (const change of page) reached.set(change.scopeId, change.version);

      return {
        cursor: encodeCursor({ fingerprint, positions: scopeIds.map((scopeId) => reached.get(scopeId)!), settled: !hasMore }),
        lastMutationId,
        changes: byTable,
        hasMore,
        ...(resync ? { resync: true } : {}),
        ...(resync && request.protocolVersion >= scopeCompaniesVersion ? { companyIds } : {}),
        rejections,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * When every change after the positions (rows and tombstones) lies in a stretch of its scope's
 * versions that one of this client's push steps wrote alone with mirrored mutators
 * (`sync_own_writes`, recorded by `push.ts`), and those stretches follow each other from the
 * cursor with no other write between them: the highest version of each scope. Null when anything
 * else was written or nothing was. The device already holds those rows as the server stored them
 * (decision 091).
 *
 * One statement of index probes, however many rows changed: the client's stretches after the
 * cursor (none, and nothing else is read); each must build on the cursor or on the stretch
 * before (no one else wrote the scope in between, not even a row a stretch then wrote over: its
 * version is gone); the gaps around them must hold no version of any table or tombstone; and
 * each scope's highest version.
 */
async function ownChangesReached(tx: Db, userId: string, clientId: string, positions: Position[]): Promise<Map<string, number> | null> {
  // Each scope's highest version comes from the push's own function (`sync_scope_last_version`),
  // read in this pull's snapshot (repeatable read).
  const cursorPositions = JSON.stringify(positions.map(({ scopeId, from }) => ({ scope_id: scopeId, position: from })));
  const inGap = (table: TableName) => {
    const spec = serverTables[table];
    return sql`exists (select 1 from gaps where exists (select 1 from ${spec.table} where ${spec.scope} = gaps.scope_id::uuid and ${spec.version} > gaps.low and ${spec.version} < gaps.high))`;
  };
  const result = (await tx.execute(sql`
    with p as (select * from jsonb_to_recordset(${cursorPositions}::jsonb) as p(scope_id text, position bigint)),
    stretches as materialized (
      select w.scope_id, w.before_version, w.after_version, w.through_version,
        coalesce(lag(w.through_version) over (partition by w.scope_id order by w.after_version), p.position + 1) as bound,
        lead(w.after_version) over (partition by w.scope_id order by w.after_version) as next_after
      from p join sync_own_writes w on w.client_id = ${clientId}::uuid and w.user_id = ${userId}::uuid and w.scope_id = p.scope_id and w.through_version > p.position
    ), gaps as (
      select p.scope_id, p.position as low, coalesce((select min(after_version) from stretches where stretches.scope_id = p.scope_id), ${Number.MAX_SAFE_INTEGER}) as high from p
      union all
      select scope_id, through_version, coalesce(next_after, ${Number.MAX_SAFE_INTEGER}) from stretches
    )
    select case when exists (select 1 from stretches) and not exists (select 1 from stretches where before_version >= bound) then json_build_object(
      'foreign', ${sql.join(tableNames.map(inGap), sql` or `)}
        or exists (select 1 from gaps where exists (select 1 from sync_tombstones t where t.scope_id = gaps.scope_id and t.version > gaps.low and t.version < gaps.high)),
      'reached', (select json_object_agg(p.scope_id, greatest(p.position, sync_scope_last_version(p.scope_id, p.scope_id = ${userId}))) from p)
    )::text end as checked`)) as { rows: { checked: string | null }[] };
  const checked = result.rows[0]!.checked;
  if (!checked) return null;
  const { foreign, reached } = JSON.parse(checked) as { foreign: boolean; reached: Record<string, number | string> };
  if (foreign || positions.every(({ scopeId, from }) => Number(reached[scopeId]) <= from)) return null;
  return new Map(Object.entries(reached).map(([scopeId, version]) => [scopeId, Number(version)]));
}

/**
 * What a pull needs before it reads the changes, in one statement of its snapshot (four round
 * trips before): the caller's company roles (owner wins), the client's last processed mutation,
 * the purge thresholds of the caller's scopes (`purgedThroughKey`), the client's rejections
 * after the mutation it last saw acknowledged, and whether any of its push steps recorded own
 * writes (`ownChangesReached`). The database hands them over as one JSON text.
 */
async function openPull(tx: Db, userId: string, request: PullRequest) {
  const result = (await tx.execute(sql`
    with scopes as (${companyScopeRows(userId)})
    select json_build_object(
      'roles', (select coalesce(json_agg(json_build_array(scope_id, role)), '[]') from scopes),
      'lastMutationId', (select last_mutation_id from sync_clients where client_id = ${request.clientId}::uuid and user_id = ${userId}::uuid),
      'purged', (select coalesce(json_object_agg(key, value), '{}') from sync_state
        where key in (select ${purgedThroughKey('')}::text || scope_id from (select ${userId}::text as scope_id union all select scope_id from scopes) own)),
      'rejections', (select coalesce(json_agg(json_build_object('mutationId', mutation_id, 'code', code) order by mutation_id), '[]') from sync_rejections
        where client_id = ${request.clientId}::uuid and user_id = ${userId}::uuid and mutation_id > ${request.lastMutationId}),
      'ownWrites', exists (select 1 from sync_own_writes where client_id = ${request.clientId}::uuid and user_id = ${userId}::uuid)
    )::text as opening`)) as { rows: { opening: string }[] };
  const opening = JSON.parse(result.rows[0]!.opening) as {
    roles: [companyId: string, role: CompanyRole][];
    lastMutationId: number | null;
    purged: Record<string, number>;
    rejections: Rejection[];
    ownWrites: boolean;
  };
  return {
    roles: rolesFrom(opening.roles),
    lastMutationId: opening.lastMutationId ?? 0,
    purgedThrough: new Map(Object.entries(opening.purged)),
    rejections: opening.rejections,
    ownWrites: opening.ownWrites,
  };
}

/**
 * The deleted rows of a page that exist, in this snapshot, in another of the caller's scopes:
 * an id deleted in one company and written in another. Their deletes are left out. The write
 * in the other scope may carry a lower version than the tombstone (the two scopes' locks do not
 * order them), and then sending the delete would drop a row the device must keep; when the
 * write is newer, the device gets it in this page or a later one either way.
 */
async function rowsInScopes(tx: Db, page: Change[], scopeIds: string[]): Promise<Set<string>> {
  const deletedByTable = new Map<TableName, string[]>();
  for (const change of page) if ('deleted' in change) deletedByTable.set(change.table, [...(deletedByTable.get(change.table) ?? []), change.deleted]);
  const found = new Set<string>();
  for (const [table, ids] of deletedByTable) {
    const spec = serverTables[table];
    const rows = await tx
      .select({ id: spec.id })
      .from(spec.table)
      .where(and(inArray(sql`${spec.id}::text`, ids), inArray(spec.scope, scopeOf(table) === 'user' ? scopeIds.slice(0, 1) : scopeIds.slice(1))));
    for (const { id } of rows as { id: string }[]) found.add(`${table}\u0000${id}`);
  }
  return found;
}
