import Dexie, { type Table, type Transaction as DexieTransaction } from 'dexie';
import type { User } from '@domain/account';
import type { LinkedAccountRow } from '@domain/bank-linking';
import type { BatchImport, CategoriserRule, CategoryKey, InboxReceipt, LockedYear, ManualAccount, Transaction } from '@domain/bookkeeping';
import type { CompanySummary } from '@domain/company-views';
import type { Draft } from '@domain/draft';
import type { RejectionCode } from '@sync/protocol';
import type { HeldImport } from './held-imports';
import type { TableName } from '@sync/tables';
import { changedKeysMiddleware } from './changed-keys';
import { currentUserKey } from './current-user';
import type { DocumentFile, DocumentUpload } from './documents';
import type { ReceiptFile } from './receipts';

/**
 * The client's source of truth: one Dexie database per signed-in user (its name carries the
 * user id), created at login and deleted at logout. Each schema version is a dated constant
 * that is never edited, only followed by the next; data changes go in `.upgrade()`.
 */

export interface CachedProfile {
  key: 'me';
  user: User;
  cachedAt: string;
}

/** Read caches of online data (companies, mailing, initial page data) for offline viewing. */
export interface PageCacheEntry {
  key: string;
  value: unknown;
  cachedAt: string;
}

/** A company of the user as `GET /companies` last listed it, kept for offline viewing; `position` keeps the API's order. */
export interface CachedCompany {
  id: string;
  position: number;
  company: CompanySummary;
  cachedAt: string;
}

/** What a queued mutation overwrote, so a rebase can take it back: `before` null means the row did not exist. */
export type UndoEntry = RowUndo | InsertedRowsUndo;

/** A row's pre-image: `before` is what to put back, or null when the row did not exist. */
export interface RowUndo {
  table: TableName;
  id: string;
  before: unknown;
}

/**
 * Rows the mutation inserted (they did not exist before): one entry for a run of them, so an
 * import chunk of 2,500 new rows stores one list of ids instead of 2,500 pre-images.
 */
export interface InsertedRowsUndo {
  table: TableName;
  inserted: string[];
}

/**
 * A mutation applied locally and not yet acknowledged by the server, in id order; or one the
 * server acknowledged whose rows a pull of several pages is still bringing back (its id at or
 * below `SyncMeta.lastMutationId`, never sent again; see `Replica.applyPull`).
 */
export interface OutboxEntry {
  id: number;
  name: string;
  args: unknown;
  /** The device's clock: shown, never used for ordering. */
  createdAt: string;
  undo: UndoEntry[];
}

/**
 * The rows one page of a pull brought back while acknowledged entries wait for the pull's last
 * page (`Replica.applyPull`), with the last mutation id acknowledged as of that page: a row an
 * entry wrote is the server's once a page from its acknowledgement on brought it back.
 */
export interface PulledPage {
  seq?: number;
  acknowledged: number;
  /** The ids the page put or deleted, by table. */
  rows: Record<string, string[]>;
}

/** This database's sync position: one row, key 'state'. */
export interface SyncMeta {
  key: 'state';
  /** Identifies this database to the server; a new one after a gap the server cannot fill. */
  clientId: string;
  cursor: string | null;
  /** The last mutation the server has acknowledged. */
  lastMutationId: number;
  nextMutationId: number;
  lastSyncedAt: string | null;
  /**
   * True once a pull reached the server's last page since the device began (or last began a
   * resync): the synced tables then hold every row of the scope, not only the first pages.
   * Absent in a row written before it existed, where `lastSyncedAt` says the same.
   */
  caughtUp?: boolean;
}

type OutboxDatabase = { outbox: Table<OutboxEntry, number>; syncMeta: Table<SyncMeta, 'state'> };

/** The outbox entries the server has not acknowledged yet: what this device alone holds. */
export async function unsentChanges(db: OutboxDatabase) {
  const meta = await db.syncMeta.get('state');
  return db.outbox.where('id').above(meta?.lastMutationId ?? 0);
}

/** An entry's rows, as its undo counts them: an import chunk its lines, most entries one. */
const rowsOfEntry = (entry: OutboxEntry) =>
  Math.max(
    1,
    entry.undo.reduce((rows, undo) => rows + ('inserted' in undo ? undo.inserted.length : 1), 0),
  );

/** How `readOutboxAfter` measures what it reads, and where it stops. */
export interface OutboxRead {
  /** An entry's size: by default its rows (`rowsOfEntry`), which costs no serialization. */
  sizeOf?: (entry: OutboxEntry) => number;
  /** About the size one request reads: by default 2,500 rows, an import chunk. */
  perRequest?: number;
  /** The most entries to return. */
  maxCount?: number;
  /** The largest total size to return: the read ends before the first entry that would pass it (the first entry is always returned). */
  maxTotal?: number;
}

/**
 * The outbox entries after `after`, in id order, read a few at a time: each request asks for as
 * many as the last one's entries, by their average size, say fit in `perRequest` (or in the room
 * `maxTotal` leaves, when less), and never for more than were read so far. IndexedDB hands each
 * request's records to the page in a task of its own, so a queue holding a 50,000-line import is
 * not cloned in one task, and a read that stops early (a push's batch) clones little past its
 * end. Inside a transaction, every read sees the same outbox.
 */
export async function readOutboxAfter(
  outbox: Table<OutboxEntry, number>,
  after: number,
  { sizeOf = rowsOfEntry, perRequest = 2_500, maxCount = Infinity, maxTotal = Infinity }: OutboxRead = {},
): Promise<OutboxEntry[]> {
  const entries: OutboxEntry[] = [];
  let total = 0;
  for (let asked = 1; ;) {
    const limit = Math.min(asked, maxCount - entries.length);
    const read = await outbox
      .where('id')
      .above(entries.at(-1)?.id ?? after)
      .limit(limit)
      .toArray();
    let size = 0;
    for (const entry of read) {
      const entrySize = sizeOf(entry);
      if (entries.length > 0 && total + entrySize > maxTotal) return entries;
      entries.push(entry);
      total += entrySize;
      size += entrySize;
    }
    if (read.length < limit || entries.length >= maxCount) return entries;
    asked = Math.max(1, Math.min(entries.length, Math.floor(Math.min(perRequest, maxTotal - total) / (size / read.length))));
  }
}

export const countUnsentChanges = async (db: OutboxDatabase): Promise<number> => (await unsentChanges(db)).count();

/** Whether this database holds every synced row of its scope (a first pull or a resync finished). */
export const caughtUp = (meta: SyncMeta | undefined): boolean => (meta ? (meta.caughtUp ?? meta.lastSyncedAt !== null) : false);

/**
 * A category the person set on this device (in the list, on the detail page, or by accepting a
 * suggestion): `id` is the transaction's. The categoriser trains on it while the transaction
 * still has that category, checked or not.
 */
export interface CategoriserCorrection {
  id: string;
  companyId: string;
  category: CategoryKey;
}

/** A change the server refused for good, reverted here and listed for the user until dismissed. */
export interface RejectedChange {
  seq?: number;
  mutationId: number;
  name: string;
  args: unknown;
  code: RejectionCode;
  rejectedAt: string;
}

// 2026-11-21: first version — the cached profile and page data.
const schema20261121 = {
  profile: 'key',
  pageCache: 'key',
};

// 2026-11-22: the sync engine — outbox, sync position, rejected changes — and wizard drafts.
const schema20261122 = {
  outbox: 'id',
  syncMeta: 'key',
  rejectedChanges: '++seq',
  drafts: 'id, kind, companyId',
};

// 2026-11-23: bookkeeping — transactions, manual accounts and batch imports (synced), and
// receipt files waiting on this device to be uploaded (never synced: Blobs stay local).
const schema20261123 = {
  transactions: 'id, companyId, [companyId+date], importId, accountId',
  manualAccounts: 'id, companyId',
  batchImports: 'id, companyId, [companyId+createdAt]',
  receiptFiles: 'id, transactionId, status',
};

// 2026-11-24: the categoriser's rules made by the person from a correction ("description
// contains X → category Y"), kept on this device (never synced).
const schema20261124 = {
  categoriserRules: 'id, companyId',
};

// 2026-11-25: the user's companies (read cache of GET /companies), so the dashboard and the
// screens that name a company open offline with real names.
const schema20261125 = {
  companies: 'id, position',
};

// 2026-11-26: the company's linked bank accounts (synced, written by the server only), so
// linked transactions are named and filtered by their bank account offline.
const schema20261126 = {
  linkedAccounts: 'id, companyId',
};

// 2026-11-27: company documents for offline reading (a document opened once keeps its bytes
// here) and documents chosen for upload, waiting on this device until they are sent.
const schema20261127 = {
  documentFiles: 'key, companyId',
  documentUploads: 'id, companyId, status',
};

// 2026-11-28 (decision 024): the years locked by a sent declaration, and the inbox's uploaded
// receipts, synced per company; the categoriser's rules (same store) are synced from now on.
const schema20261128 = {
  lockedYears: 'id, companyId',
  inboxReceipts: 'id, companyId',
};

// 2026-11-29 (decision 048): the categories the person set on this device, one per
// transaction (never synced), so the categoriser learns them again at each training, checked or not.
const schema20261129 = {
  categoriserCorrections: 'id, companyId',
};

// 2026-11-30 (decision 054): imports the server refused, kept whole on this device (batch and
// rows, never synced) until the person retries or discards them.
const schema20261130 = {
  heldImports: 'id, companyId',
};

// 2026-12-01 (decision 090): the rows each page of a pull brought back while acknowledged
// mutations wait for its last page, instead of rewriting those mutations at every page.
const schema20261201 = {
  pulledPages: '++seq',
};

/**
 * What used to stay on the device is shared from now on: inbox files waiting here (status
 * `inbox`) are uploaded to the company inbox, and the categoriser rules are queued as
 * `createCategoriserRule` mutations, so they reach the server (and the company's other
 * devices) and survive a resync.
 */
async function shareDeviceOnlyData(tx: DexieTransaction): Promise<void> {
  await tx.table('receiptFiles').where('status').equals('inbox').modify({ status: 'pending' });
  const rules = await tx.table<CategoriserRule>('categoriserRules').toArray();
  if (rules.length === 0) return;
  const meta: SyncMeta = (await tx.table<SyncMeta>('syncMeta').get('state')) ?? {
    key: 'state',
    clientId: crypto.randomUUID(),
    cursor: null,
    lastMutationId: 0,
    nextMutationId: 1,
    lastSyncedAt: null,
  };
  let next = meta.nextMutationId;
  const entries: OutboxEntry[] = rules.map((rule) => ({
    id: next++,
    name: 'createCategoriserRule',
    args: rule,
    createdAt: rule.createdAt,
    undo: [{ table: 'categoriserRules', id: rule.id, before: null }],
  }));
  await tx.table<OutboxEntry>('outbox').bulkAdd(entries);
  await tx.table<SyncMeta>('syncMeta').put({ ...meta, nextMutationId: next });
}

export class AppDB extends Dexie {
  profile!: Table<CachedProfile, 'me'>;
  pageCache!: Table<PageCacheEntry, string>;
  outbox!: Table<OutboxEntry, number>;
  syncMeta!: Table<SyncMeta, 'state'>;
  rejectedChanges!: Table<RejectedChange, number, Omit<RejectedChange, 'seq'>>;
  drafts!: Table<Draft, string>;
  transactions!: Table<Transaction, string>;
  manualAccounts!: Table<ManualAccount, string>;
  batchImports!: Table<BatchImport, string>;
  receiptFiles!: Table<ReceiptFile, string>;
  categoriserRules!: Table<CategoriserRule, string>;
  companies!: Table<CachedCompany, string>;
  linkedAccounts!: Table<LinkedAccountRow, string>;
  documentFiles!: Table<DocumentFile, string>;
  documentUploads!: Table<DocumentUpload, string>;
  lockedYears!: Table<LockedYear, string>;
  inboxReceipts!: Table<InboxReceipt, string>;
  categoriserCorrections!: Table<CategoriserCorrection, string>;
  heldImports!: Table<HeldImport, string>;
  pulledPages!: Table<PulledPage, number>;

  constructor(
    readonly userId: string,
    options?: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange },
  ) {
    super(databaseName(userId), options);
    this.use(changedKeysMiddleware(this.name));
    // Only a version with an upgrade function is declared apart: Dexie compares the schema a
    // device has installed with the one declared and adds what is missing, so a device at any
    // older version reaches version 8 (tables made, then its upgrade run) and then 11. Each
    // version declared costs every page of the app that opens the database a parse of every
    // version's schema (some 30 ms of a phone's start with eleven; decision 094). A new version
    // (12) takes these three tables into its own declaration, in place of 11.
    this.version(8)
      .stores({
        ...schema20261121,
        ...schema20261122,
        ...schema20261123,
        ...schema20261124,
        ...schema20261125,
        ...schema20261126,
        ...schema20261127,
        ...schema20261128,
      })
      .upgrade(shareDeviceOnlyData);
    this.version(11).stores({ ...schema20261129, ...schema20261130, ...schema20261201 });
  }
}

/**
 * A guest's device (no account yet): only wizard drafts, kept locally and uploaded with a
 * per-draft secret until registration links the company draft to the new account.
 */
export class GuestDB extends Dexie {
  drafts!: Table<Draft, string>;

  constructor(options?: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange }) {
    super(guestDatabaseName, options);
    // 2026-11-22: first version.
    this.version(1).stores({ drafts: 'id, kind, companyId' });
  }
}

export const guestDatabaseName = 'alta-guest';

let guest: GuestDB | null = null;

/** The guest's database, opened on first use. */
export function guestDatabase(): GuestDB {
  guest ??= new GuestDB();
  return guest;
}

/** `alta-<userId>`: the database that belongs to that user. */
export const databaseName = (userId: string) => `alta-${userId}`;

let open: AppDB | null = null;

/** Opens (creating if needed) the signed-in user's database and remembers who that is for offline reloads. */
export function openUserDatabase(userId: string): AppDB {
  if (open?.userId === userId) return open;
  open?.close();
  open = new AppDB(userId);
  localStorage.setItem(currentUserKey, userId);
  return open;
}

/** The database of the user who was signed in last, even offline; null after logout. */
export function currentUserDatabase(): AppDB | null {
  if (open) return open;
  const userId = localStorage.getItem(currentUserKey);
  return userId ? openUserDatabase(userId) : null;
}

/** Logout: closes and deletes the user's database with every cached page. */
export async function deleteUserDatabase(): Promise<void> {
  const userId = open?.userId ?? localStorage.getItem(currentUserKey);
  open?.close();
  open = null;
  localStorage.removeItem(currentUserKey);
  if (userId) await Dexie.delete(databaseName(userId));
}
