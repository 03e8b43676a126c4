import { and, asc, eq, getTableColumns, getTableName, gt, inArray, sql } from 'drizzle-orm';
import { pullPageSize, type PullRequest, type PullResponse, type Rejection, type TableChanges } from '@sync/protocol';
import { tableNames, type TableName } from '@sync/tables';
import type { Db } from '../db/client';
import { syncClients, syncRejections, syncState, syncTombstones } from '../db/schema/sync';
import { companyRolesOf, scopeFingerprint } from './scope';
import { scopeOf, serverTables } from './tables';

export const purgedThroughKey = 'tombstones_purged_through';

/** A pull cursor: a position in the change sequence and the scope it was computed for. */
export function encodeCursor(version: number, scope: string): string {
  return `${version}.${scope}`;
}

export function decodeCursor(cursor: string | null): { version: number; scope: string } | null {
  const match = cursor ? /^(\d{1,16})\.([A-Za-z0-9_-]{16})$/.exec(cursor) : null;
  return match ? { version: Number(match[1]), scope: match[2]! } : null;
}

type Change = { version: number; table: TableName } & ({ put: Record<string, unknown> } | { deleted: string });

/** Tombstones carry the SQL table name (the triggers see `manual_accounts`); devices know the registry's (`manualAccounts`). */
const registryNameOf = new Map<string, TableName>(tableNames.map((name) => [getTableName(serverTables[name].table), name]));

/** Per table: each column's SQL name and the record key (Drizzle field name) it maps to. */
const recordKeys = new Map(
  tableNames.map((name) => [name, Object.entries(getTableColumns(serverTables[name].table)).map(([key, column]) => [column.name, key] as const)]),
);

/**
 * The records of a table changed after `from` in these scopes, in version order. The database
 * hands them over as one JSON text (`json_agg`) that `JSON.parse` reads: materialising a page of
 * 2,500 rows column by column through the driver took several times longer (PGlite especially).
 * JSON keeps every synced column's value as Drizzle would map it (numbers, day strings, jsonb).
 */
async function changedRecords(tx: Db, table: TableName, scopeIds: string[], from: number, limit: number): Promise<Record<string, unknown>[]> {
  const spec = serverTables[table];
  const result = (await tx.execute(sql`
    select coalesce(json_agg(changed order by changed.${sql.identifier(spec.version.name)}), '[]')::text as rows
    from (
      select * from ${spec.table}
      where ${inArray(spec.scope, scopeIds)} and ${gt(spec.version, from)}
      order by ${spec.version}
      limit ${limit}
    ) changed`)) as unknown as { rows: { rows: string }[] };
  const keys = recordKeys.get(table)!;
  return (JSON.parse(result.rows[0]!.rows) as Record<string, unknown>[]).map((raw) => Object.fromEntries(keys.map(([name, key]) => [key, raw[name]])));
}

/**
 * One page of the changes in the caller's scope after the cursor, read in a single
 * REPEATABLE READ snapshot so rows, tombstones and `lastMutationId` agree: the rows hold
 * exactly the effects of this client's mutations up to `lastMutationId`. Versions are unique
 * and become visible in order (the sync write lock), so `version > cursor` misses nothing.
 * A first pull, a changed scope or a cursor older than the purged tombstones starts over
 * from version 0 with `resync: true`.
 */
export async function applyPull(db: Db, userId: string, request: PullRequest, pageSize = pullPageSize): Promise<PullResponse> {
  return db.transaction(
    async (tx) => {
      const roles = await companyRolesOf(tx, userId);
      const companyIds = [...roles.keys()];
      const scope = scopeFingerprint(companyIds);
      const [[client], [purged]] = await Promise.all([
        tx
          .select({ lastMutationId: syncClients.lastMutationId })
          .from(syncClients)
          .where(and(eq(syncClients.clientId, request.clientId), eq(syncClients.userId, userId))),
        tx.select({ value: syncState.value }).from(syncState).where(eq(syncState.key, purgedThroughKey)),
      ]);
      const lastMutationId = client?.lastMutationId ?? 0;
      const cursor = decodeCursor(request.cursor);
      const resync = !cursor || cursor.scope !== scope || cursor.version < (purged?.value ?? 0);
      const from = resync ? 0 : cursor.version;

      const changes: Change[] = [];
      for (const table of tableNames) {
        const spec = serverTables[table];
        const scopeIds = scopeOf(table) === 'user' ? [userId] : companyIds;
        if (scopeIds.length === 0) continue;
        for (const record of await changedRecords(tx, table, scopeIds, from, pageSize + 1)) {
          changes.push({ version: Number(record.version), table, put: spec.toRow(record) });
        }
      }
      // From version 0 the device has dropped everything: there is nothing to delete.
      if (from > 0) {
        const tombstones = await tx
          .select()
          .from(syncTombstones)
          .where(and(inArray(syncTombstones.scopeId, [userId, ...companyIds]), gt(syncTombstones.version, from)))
          .orderBy(asc(syncTombstones.version))
          .limit(pageSize + 1);
        for (const tombstone of tombstones) {
          const table = registryNameOf.get(tombstone.tableName);
          // A table no longer synced: its deletions concern no device.
          if (table) changes.push({ version: tombstone.version, table, deleted: tombstone.rowId });
        }
      }
      changes.sort((a, b) => a.version - b.version);
      const page = changes.slice(0, pageSize);
      const hasMore = changes.length > pageSize;

      const byTable: Record<string, TableChanges> = {};
      for (const change of page) {
        const entry = (byTable[change.table] ??= { puts: [], deletes: [] });
        if ('put' in change) entry.puts.push(change.put);
        else entry.deletes.push(change.deleted);
      }
      const rejections = (await tx
        .select({ mutationId: syncRejections.mutationId, code: syncRejections.code })
        .from(syncRejections)
        .where(
          and(
            eq(syncRejections.clientId, request.clientId),
            eq(syncRejections.userId, userId),
            gt(syncRejections.mutationId, request.lastMutationId),
          ),
        )
        .orderBy(asc(syncRejections.mutationId))) as Rejection[];

      return {
        cursor: encodeCursor(page.at(-1)?.version ?? from, scope),
        lastMutationId,
        changes: byTable,
        hasMore,
        ...(resync ? { resync: true } : {}),
        rejections,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
