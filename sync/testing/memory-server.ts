import { importCooldownSeconds } from '@domain/bookkeeping';
import { firstOfEachId, isMutationDeferral, isMutationRejection, reject, runMutator, type ServerMutatorTx } from '../mutator';
import { findMutator } from '../mutators';
import {
  minimumProtocolVersion,
  scopeCompaniesVersion,
  pullPageSize,
  type PullRequest,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  type RejectionCode,
  type TableChanges,
} from '../protocol';
import { syncedTables, tableNames, type IndexOf, type Row, type SyncedTable, type TableName } from '../tables';

/**
 * An in-memory model of the sync server for tests: the same protocol semantics as
 * `server/sync` (exactly-once by `lastMutationId`, gaps refused without effects, permanent
 * rejections recorded and skipped, one change sequence, tombstones, scoped paged pulls with a
 * position per scope, resync on a changed scope) without a database, so a model-based test can run thousands
 * of scenarios. `server/sync/memory-server.test.ts` checks it answers like the real server.
 */

type Stored = { row: Record<string, unknown> & { id: string }; scope: string; version: number };
type Tombstone = { table: string; id: string; scope: string; version: number };

export class MemoryServerError extends Error {
  constructor(
    readonly code: 'sync_mutation_gap' | 'sync_client_outdated' | 'sync_deferred',
    /** For `sync_deferred`: the seconds to wait (the server's Retry-After). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(code);
  }
}

/**
 * `clock`: the server's time in ms, for the SPEC §9 import cooldown (measured from when a batch
 * was first stored, like the server's `received_at`); without one nothing cools down.
 */
export interface MemoryServerOptions {
  clock?: () => number;
}

export class MemorySyncServer {
  constructor(private readonly options: MemoryServerOptions = {}) {}

  /** Batch import id → the server's time when it was stored. */
  private readonly received = new Map<string, number>();
  /** `companyId\u0000year` of the declarations sent. */
  private readonly sentDeclarations = new Set<string>();

  /** Sends the company's declaration of `year`: its transactions are locked from now on. */
  sendDeclaration(companyId: string, year: number): void {
    this.sentDeclarations.add(`${companyId}\u0000${year}`);
  }

  private importCooldownLeft(companyId: string): number {
    const now = this.options.clock?.();
    if (now === undefined) return 0;
    let newest: number | null = null;
    for (const stored of this.rows.get('batchImports')!.values()) {
      const at = this.received.get(stored.row.id);
      if (stored.scope === companyId && at !== undefined) newest = Math.max(newest ?? at, at);
    }
    return newest === null ? 0 : Math.max(0, Math.ceil(importCooldownSeconds - (now - newest) / 1000));
  }
  private version = 0;
  private readonly rows = new Map<TableName, Map<string, Stored>>(tableNames.map((name) => [name, new Map()]));
  private readonly tombstones = new Map<string, Tombstone>();
  private readonly clients = new Map<string, number>();
  private readonly rejections = new Map<string, Map<number, RejectionCode>>();
  /** Every mutation processed, in order: what exactly-once and per-client order are checked against. */
  readonly log: { clientId: string; userId: string; mutationId: number; name: string; rejection: RejectionCode | null }[] = [];
  /** company id → user id → role */
  private readonly companies = new Map<string, Map<string, 'owner' | 'teammate'>>();
  /** Requests are handled one at a time, each as one atomic step (the database's transactions). */
  private turn: Promise<unknown> = Promise.resolve();

  private serially<T>(handle: () => Promise<T>): Promise<T> {
    const result = this.turn.then(handle);
    this.turn = result.catch(() => {});
    return result;
  }

  /** Gives `userId` a role in a company (creating it). */
  addToCompany(companyId: string, userId: string, role: 'owner' | 'teammate'): void {
    let members = this.companies.get(companyId);
    if (!members) this.companies.set(companyId, (members = new Map()));
    members.set(userId, role);
  }

  /** Takes `userId` off a company (a removed teammate). */
  removeFromCompany(companyId: string, userId: string): void {
    this.companies.get(companyId)?.delete(userId);
  }

  /** The rows of a user's scope, per table, sorted by id: what every synced device must end up holding. */
  snapshot(userId: string): Record<TableName, Record<string, unknown>[]> {
    const scopes = this.scopeIds(userId);
    return Object.fromEntries(
      tableNames.map((table) => [
        table,
        [...this.rows.get(table)!.values()]
          .filter((stored) => scopes.has(stored.scope) && this.scopeMatches(table, stored.scope, userId))
          .map((stored) => stored.row)
          .sort((a, b) => (a.id < b.id ? -1 : 1)),
      ]),
    ) as unknown as Record<TableName, Record<string, unknown>[]>;
  }

  private roles(userId: string): Map<string, 'owner' | 'teammate'> {
    const roles = new Map<string, 'owner' | 'teammate'>();
    for (const [companyId, members] of this.companies) {
      const role = members.get(userId);
      if (role) roles.set(companyId, role);
    }
    return roles;
  }

  private scopeIds(userId: string): Set<string> {
    return new Set([userId, ...this.roles(userId).keys()]);
  }

  private visibleRow(table: TableName, id: string, userId: string): boolean {
    const stored = this.rows.get(table)!.get(id);
    return stored !== undefined && this.scopeMatches(table, stored.scope, userId);
  }

  /** Every processing of this client's mutations, in order. */
  processed(clientId: string): { mutationId: number; rejection: RejectionCode | null }[] {
    return this.log.filter((entry) => entry.clientId === clientId).map(({ mutationId, rejection }) => ({ mutationId, rejection }));
  }

  private scopeMatches(table: TableName, scope: string, userId: string): boolean {
    return scopeKind(table) === 'user' ? scope === userId : this.roles(userId).has(scope);
  }

  /** Tombstones are kept per row and scope, like the server's: a write clears only its own scope's. */
  private write(table: TableName, id: string, next: Stored | null): void {
    const previous = this.rows.get(table)!.get(id);
    if (next) {
      this.rows.get(table)!.set(id, { ...next, version: ++this.version });
      this.tombstones.delete(`${table}\u0000${id}\u0000${next.scope}`);
    } else if (previous) {
      this.rows.get(table)!.delete(id);
      this.tombstones.set(`${table}\u0000${id}\u0000${previous.scope}`, { table, id, scope: previous.scope, version: ++this.version });
    }
  }

  /** Like `applyPush` of the server; throws `MemoryServerError` for a gap or an outdated client. */
  push(userId: string, request: PushRequest): Promise<PushResponse> {
    return this.serially(() => this.pushNow(userId, request));
  }

  private async pushNow(userId: string, request: PushRequest): Promise<PushResponse> {
    if (request.protocolVersion < minimumProtocolVersion) throw new MemoryServerError('sync_client_outdated');
    const key = `${request.clientId}\u0000${userId}`;
    const known = this.clients.get(key) ?? 0;
    const pending = request.mutations.filter((mutation) => mutation.id > known);
    if (pending.length > 0 && pending[0]!.id !== known + 1) throw new MemoryServerError('sync_mutation_gap');
    const roles = this.roles(userId);
    let last = known;
    const recorded = this.rejections.get(key) ?? new Map<number, RejectionCode>();
    this.rejections.set(key, recorded);
    for (const mutation of pending) {
      const undo: (() => void)[] = [];
      let rejection: RejectionCode | null = null;
      try {
        const mutator = findMutator(mutation.name);
        if (!mutator) throw new UnknownMutator();
        await runMutator(mutator, this.tx(userId, roles, undo), mutation.args);
      } catch (error) {
        for (const step of undo.reverse()) step();
        if (isMutationDeferral(error)) {
          // Like the server: the push ends before it; 429 when nothing was processed.
          if (last === known) throw new MemoryServerError('sync_deferred', error.seconds);
          break;
        }
        rejection = error instanceof UnknownMutator ? 'unknown_mutator' : isMutationRejection(error) ? error.code : 'internal';
        recorded.set(mutation.id, rejection);
      }
      this.log.push({ clientId: request.clientId, userId, mutationId: mutation.id, name: mutation.name, rejection });
      last = mutation.id;
    }
    this.clients.set(key, last);
    const first = request.mutations[0]!.id;
    const through = Math.min(request.mutations.at(-1)!.id, last);
    return {
      lastMutationId: last,
      rejections: [...recorded]
        .filter(([id]) => id >= first && id <= through)
        .sort(([a], [b]) => a - b)
        .map(([mutationId, code]) => ({ mutationId, code })),
    };
  }

  private tx(userId: string, roles: Map<string, 'owner' | 'teammate'>, undo: (() => void)[]): ServerMutatorTx {
    const visible = (table: TableName, stored: Stored | undefined) => (stored && this.scopeMatches(table, stored.scope, userId) ? stored : undefined);
    /** The row as it will be stored and its scope, refusing what the server's `prepare` refuses. */
    const prepare = (table: TableName, row: Record<string, unknown> & { id: string }): Stored => {
      const parsed = syncedTables[table].schema.safeParse(row);
      if (!parsed.success) reject('invalid');
      const scope = scopeKind(table) === 'user' ? userId : String(row.companyId);
      if (scopeKind(table) === 'company' && !roles.has(scope)) reject('forbidden');
      return { row: parsed.data, scope, version: 0 };
    };
    const store = (table: TableName, next: Stored) => {
      this.remember(table, next.row.id, undo);
      if (table === 'batchImports' && !this.rows.get(table)!.has(next.row.id) && this.options.clock) {
        // Stamped when first stored, like the server's `received_at` trigger.
        const id = next.row.id;
        const before = this.received.get(id);
        this.received.set(id, this.options.clock());
        undo.push(() => (before === undefined ? this.received.delete(id) : this.received.set(id, before)));
      }
      this.write(table, next.row.id, next);
    };
    const upsert = (table: TableName, row: Record<string, unknown> & { id: string }) => {
      const next = prepare(table, row);
      const existing = this.rows.get(table)!.get(row.id);
      if (existing && existing.scope !== next.scope) reject('forbidden');
      store(table, next);
    };
    return {
      location: 'server',
      userId,
      // The protocol model has no uploads: nothing is uploaded.
      checks: {
        companyRole: async (companyId) => roles.get(companyId) ?? null,
        declarationSent: async (companyId, year) => roles.has(companyId) && this.sentDeclarations.has(`${companyId}\u0000${year}`),
        importCooldownLeft: async (companyId) => (roles.has(companyId) ? this.importCooldownLeft(companyId) : 0),
        verifiedUpload: async () => null,
      },
      get: async <T extends TableName>(table: T, id: string) => visible(table, this.rows.get(table)!.get(id))?.row as Row<T> | undefined,
      getMany: async <T extends TableName>(table: T, ids: readonly string[]) =>
        ids.map((id) => visible(table, this.rows.get(table)!.get(id))?.row as Row<T> | undefined),
      list: async <T extends TableName>(table: T, index: IndexOf<T>, value: string) =>
        [...this.rows.get(table)!.values()].filter((stored) => visible(table, stored) && stored.row[index] === value).map((stored) => stored.row as Row<T>),
      put: async (table, row) => upsert(table, row),
      putMany: async (table, rows) => {
        for (const row of rows) upsert(table, row);
      },
      // Every row is checked first (the server prepares the whole statement), then an id stored
      // anywhere, in any scope, is skipped (ON CONFLICT DO NOTHING).
      insertAbsent: async (table, rows) => {
        const prepared = firstOfEachId(rows).map((row) => prepare(table, row));
        for (const next of prepared) if (!this.rows.get(table)!.has(next.row.id)) store(table, next);
      },
      delete: async (table, id) => {
        if (!visible(table, this.rows.get(table)!.get(id))) {
          // Already deleted from the caller's scope is done; anything else is not the caller's to delete.
          const scopes = scopeKind(table) === 'user' ? [userId] : [...roles.keys()];
          if (!scopes.some((scope) => this.tombstones.has(`${table}\u0000${id}\u0000${scope}`))) reject('not_found');
          return;
        }
        this.remember(table, id, undo);
        this.write(table, id, null);
      },
    };
  }

  /** Saves what a write is about to change, so a rejected mutation can be taken back (the savepoint). */
  private remember(table: TableName, id: string, undo: (() => void)[]): void {
    const rows = this.rows.get(table)!;
    const before = rows.get(id);
    const prefix = `${table}\u0000${id}\u0000`;
    const tombstones = [...this.tombstones].filter(([key]) => key.startsWith(prefix));
    undo.push(() => {
      if (before) rows.set(id, before);
      else rows.delete(id);
      for (const key of [...this.tombstones.keys()]) if (key.startsWith(prefix)) this.tombstones.delete(key);
      for (const [key, tombstone] of tombstones) this.tombstones.set(key, tombstone);
    });
  }

  /** Like `applyPull` of the server. */
  pull(userId: string, request: PullRequest, pageSize = pullPageSize): Promise<PullResponse> {
    return this.serially(async () => this.pullNow(userId, request, pageSize));
  }

  /** The cursor is the company set and each scope's position, as JSON (the server's own form is compact). */
  private pullNow(userId: string, request: PullRequest, pageSize: number): PullResponse {
    if (request.protocolVersion < minimumProtocolVersion) throw new MemoryServerError('sync_client_outdated');
    const key = `${request.clientId}\u0000${userId}`;
    const scopeIds = this.scopeIds(userId);
    const scope = [...this.roles(userId).keys()].sort().join(',');
    const cursor = request.cursor ? (JSON.parse(request.cursor) as { scope: string; positions: Record<string, number> }) : null;
    const resync = !cursor || cursor.scope !== scope;
    const from = (scopeId: string) => (resync ? 0 : (cursor.positions[scopeId] ?? 0));

    type Change = { version: number; table: TableName; scope: string } & ({ put: Record<string, unknown> } | { deleted: string });
    const changes: Change[] = [];
    for (const table of tableNames) {
      for (const stored of this.rows.get(table)!.values()) {
        if (stored.version > from(stored.scope) && scopeIds.has(stored.scope) && this.scopeMatches(table, stored.scope, userId)) {
          changes.push({ version: stored.version, table, scope: stored.scope, put: stored.row });
        }
      }
    }
    for (const tombstone of this.tombstones.values()) {
      // From position 0 the device holds nothing of that scope: nothing to delete.
      if (scopeIds.has(tombstone.scope) && from(tombstone.scope) > 0 && tombstone.version > from(tombstone.scope)) {
        changes.push({ version: tombstone.version, table: tombstone.table as TableName, scope: tombstone.scope, deleted: tombstone.id });
      }
    }
    changes.sort((a, b) => a.version - b.version);
    const page = changes.slice(0, pageSize);
    const byTable: Record<string, TableChanges> = {};
    const positions = Object.fromEntries([...scopeIds].map((scopeId) => [scopeId, from(scopeId)]));
    for (const change of page) {
      positions[change.scope] = change.version;
      const entry = (byTable[change.table] ??= { puts: [], deletes: [] });
      if ('put' in change) entry.puts.push(structuredClone(change.put));
      // An id deleted in one scope but held in another of the user's is not deleted (like the server).
      else if (!this.visibleRow(change.table, change.deleted, userId)) entry.deletes.push(change.deleted);
    }
    return {
      cursor: JSON.stringify({ scope, positions }),
      lastMutationId: this.clients.get(key) ?? 0,
      changes: byTable,
      hasMore: changes.length > pageSize,
      ...(resync ? { resync: true } : {}),
      ...(resync && request.protocolVersion >= scopeCompaniesVersion ? { companyIds: [...this.roles(userId).keys()].sort() } : {}),
      rejections: [...(this.rejections.get(key) ?? [])]
        .filter(([id]) => id > request.lastMutationId)
        .sort(([a], [b]) => a - b)
        .map(([mutationId, code]) => ({ mutationId, code })),
    };
  }
}

class UnknownMutator extends Error {}

const scopeKind = (table: TableName): SyncedTable['scope'] => syncedTables[table].scope;
