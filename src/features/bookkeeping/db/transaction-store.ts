import Dexie from 'dexie';
import type { Transaction } from '@domain/bookkeeping';
import { changedKeysChannel, fromThisContext, onCommittedRows, type ChangedKeys, type ChangedKeysMessage } from '@sync/client/changed-keys';
import type { AppDB } from '@sync/client/db';
import { finish, runInSlices, sliceMs, sortInSlices, yieldToBrowser } from '@src/lib/slices';
import { compareTransactions, filtersAfterEdit, filtersAfterMerge, searchTextOf, type TransactionSource } from '../filter-engine';

/**
 * A company's transactions held in memory for the bookkeeping list, kept in step with Dexie.
 *
 * `useLiveQuery` over the whole company would read every row again after each change (a
 * checkbox click re-reading 50,000 rows is hundreds of milliseconds on the main thread).
 * This store listens to the keys every committed write names (`changed-keys.ts`: this tab's,
 * the other tabs', the import worker's and the sync engine's) and re-reads only those rows, in
 * slices; a change that names no keys (a cleared table) reloads. A write of this tab (a pull page,
 * an edit) comes with its rows, which are then not read back. Dexie's own feed would not do:
 * it names no keys for a write of 50 rows or more, so every pull page and import chunk reloaded
 * the whole list while sync drained. A re-read row equal to the one shown repaints nothing.
 * Loading reads rows in slices too, yielding between slices so no task is long, and rows added
 * or moved are merged into the order in slices. Each snapshot tells how
 * it follows the one before (`changed`, `sourceOf`), so the list carries its view over rather
 * than filtering every row again.
 *
 * Dexie's feed is still counted: every commit that wrote the table is told there once and, from
 * this build, once by keys. A writer without the keys middleware (a tab still on the build before
 * an update, which keeps running until reloaded) is told only by Dexie: once both feeds have been
 * quiet for a while, more Dexie commits than keyed ones means some rows changed unnamed, and the
 * list is read again.
 */

/** How long both feeds stay quiet before their counts are compared (a keyed message trails its commit). */
export const untoldWriteSettleMs = 500;

export interface TransactionSnapshot extends TransactionSource {
  /** Bumps on every change, for memoised views. */
  version: number;
  loaded: boolean;
  /** Each row's position, by id. */
  byId: RowIndex;
  /**
   * When this snapshot only edited rows of the previous one in place (same positions, dates
   * and amounts), their positions: a view of the previous snapshot can be patched instead of
   * filtered again (`patchView`). Absent after any other change.
   */
  changed?: readonly number[];
  /**
   * When this snapshot merged rows into the previous one (added, removed or moved them), where
   * each of its rows was in the previous one, or -1 for a row added or edited: a view of the
   * previous snapshot is carried over (`viewAfterMerge`) instead of filtered again.
   */
  sourceOf?: Int32Array;
}

/** How a snapshot follows from the one before it, when a view of that one can be carried over. */
type SnapshotChange = Pick<TransactionSnapshot, 'changed' | 'sourceOf'>;

const sliceSize = 2000;
/** Rows re-read by key per task: each is an IndexedDB request of its own. */
const readSliceSize = 100;
/** The least time between two re-reads of one burst of changes. */
const turnGapMs = 100;
/** The most: a turn's time includes its waits for IndexedDB. */
const turnGapMaxMs = 500;

/**
 * The fields whose values rows repeat. IndexedDB gives every row its own copy of each string,
 * so 50,000 rows held several megabytes of equal strings, each one more object for every
 * garbage collection to mark; a load keeps one copy of each value.
 */
const repeatedFields = ['companyId', 'date', 'accountKind', 'accountId', 'category', 'merchant', 'importId', 'createdAt', 'updatedAt'] as const;

function shareStrings(row: Transaction, shared: Map<string, string>): void {
  const fields = row as unknown as Record<(typeof repeatedFields)[number], string | null>;
  for (const field of repeatedFields) {
    const value = fields[field];
    if (value === null) continue;
    const known = shared.get(value);
    if (known === undefined) shared.set(value, value);
    else fields[field] = known;
  }
}

/** A row with its search text. */
interface ShownRow {
  row: Transaction;
  text: string;
}

/** Where each row of a snapshot is, by id. */
export interface RowIndex {
  get(id: string): number | undefined;
  has(id: string): boolean;
  readonly size: number;
}

/**
 * A snapshot's positions by id, made cheaply for each snapshot: every id the store holds keeps a
 * number for as long as the store's rows are not read again (`handles`), and a snapshot keeps only
 * the positions by that number. A new Map of 100,000 ids took about 50 ms at every change that
 * added rows while sync drained; the positions are one pass over a typed array.
 */
class Positions implements RowIndex {
  constructor(
    private readonly handles: ReadonlyMap<string, number>,
    private readonly at: Int32Array,
    readonly size: number,
  ) {}

  get(id: string): number | undefined {
    const handle = this.handles.get(id);
    // A handle given after this snapshot was made is past the end of its positions.
    const position = handle === undefined ? undefined : this.at[handle];
    return position === undefined || position < 0 ? undefined : position;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }
}

export class TransactionStore {
  private rows: readonly Transaction[] = [];
  private search: readonly string[] = [];
  private handles = new Map<string, number>();
  /** Each row's handle, by position. */
  private rowHandles: Int32Array = new Int32Array(0);
  private byId = new Positions(this.handles, this.rowHandles, 0);
  private layout: object = {};
  private snapshot: TransactionSnapshot;
  private readonly listeners = new Set<() => void>();
  private pendingKeys = new Set<string>();
  /** Rows this tab wrote, among `pendingKeys`: undefined when deleted. */
  private writtenRows = new Map<string, Transaction | undefined>();
  private readonly stopRows: () => void;
  private reloadWanted = false;
  private flushing: Promise<void> | null = null;
  private closed = false;
  private readonly changes: BroadcastChannel;
  private readonly tablePart: string;
  private dexieCommits = 0;
  private keyedCommits = 0;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly db: AppDB,
    readonly companyId: string,
  ) {
    this.snapshot = this.makeSnapshot(false, 0);
    this.changes = new BroadcastChannel(changedKeysChannel(db.name));
    // This tab's writes are told with their rows; the channel tells those of the others.
    this.changes.onmessage = (event: MessageEvent<ChangedKeysMessage>) => {
      if (event.data.changes && !fromThisContext(event.data)) this.noteChanges(event.data.changes);
    };
    this.stopRows = onCommittedRows(db.name, (changes, rows) => {
      const written = rows.transactions as ReadonlyMap<string, Transaction | null> | undefined;
      this.noteChanges(changes, (key) => written?.get(key));
    });
    this.tablePart = `idb://${db.name}/transactions/`;
    Dexie.on('storagemutated', this.noteDexieCommit);
    this.reloadWanted = true;
    this.schedule();
  }

  /** Stops listening; the store is then inert. */
  close(): void {
    this.closed = true;
    this.changes.close();
    this.stopRows();
    Dexie.on('storagemutated').unsubscribe(this.noteDexieCommit);
    clearTimeout(this.settleTimer);
    this.listeners.clear();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): TransactionSnapshot => this.snapshot;

  /** Resolves once everything noticed so far is applied (tests and benchmarks). */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private makeSnapshot(loaded: boolean, version: number, change: SnapshotChange = {}): TransactionSnapshot {
    return { rows: this.rows, search: this.search, byId: this.byId, layout: this.layout, loaded, version, ...change };
  }

  private publish(change?: SnapshotChange): void {
    this.snapshot = this.makeSnapshot(true, this.snapshot.version + 1, change);
    for (const listener of this.listeners) listener();
  }

  /**
   * Shows an edit at once, before its mutation reaches the database (the optimistic repaint):
   * rows changed in place, never their date or amount. The database's change feed then
   * confirms them; `restore` reads them back when the edit was refused.
   */
  preview(rows: readonly Transaction[]): void {
    const next = this.rows.slice();
    const search = this.search.slice();
    const changed: number[] = [];
    for (const row of rows) {
      const index = this.byId.get(row.id);
      const current = index === undefined ? undefined : next[index];
      if (index === undefined || !current || current.date !== row.date || current.amountCents !== row.amountCents) continue;
      next[index] = row;
      search[index] = searchTextOf(row);
      changed.push(index);
    }
    if (changed.length === 0) return;
    filtersAfterEdit({ rows: this.rows, search: this.search }, { rows: next, search }, changed);
    this.rows = next;
    this.search = search;
    this.publish({ changed });
  }

  /** Reads rows again from the database (an edit shown by `preview` was refused). */
  restore(ids: readonly string[]): void {
    for (const id of ids) {
      this.pendingKeys.add(id);
      this.writtenRows.delete(id);
    }
    this.schedule();
  }

  /** A committed write's keys, and the row each was written with (null: deleted) when this tab wrote it: others are read back. */
  private noteChanges(changes: ChangedKeys, rowOf: (key: string) => Transaction | null | undefined = () => undefined): void {
    const keys = changes.transactions;
    if (!keys || this.closed) return;
    this.keyedCommits++;
    this.awaitQuiet();
    if (keys === 'all') this.reloadWanted = true;
    else
      for (const key of keys) {
        if (typeof key !== 'string') continue;
        this.pendingKeys.add(key);
        const row = rowOf(key);
        if (row === undefined) this.writtenRows.delete(key);
        else this.writtenRows.set(key, row ?? undefined);
      }
    this.schedule();
  }

  /** Dexie's feed: this table written (`all`: a page back from the back-forward cache, which may have missed anything). */
  private readonly noteDexieCommit = (parts: Record<string, unknown>): void => {
    if (this.closed || !(this.tablePart in parts || 'all' in parts)) return;
    this.dexieCommits++;
    this.awaitQuiet();
  };

  private awaitQuiet(): void {
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      const untold = this.dexieCommits > this.keyedCommits;
      this.dexieCommits = this.keyedCommits = 0;
      if (!untold || this.closed) return;
      this.reloadWanted = true;
      this.schedule();
    }, untoldWriteSettleMs);
  }

  private schedule(): void {
    if (this.flushing || this.closed) return;
    this.flushing = (async () => {
      try {
        // Changes arriving while one flush runs are taken by the next turn of this loop, so a
        // burst of writes (a bulk action, a sync pull) costs one re-read, not one per write.
        // Each turn waits three times as long as the one before took (from `turnGapMs` to
        // `turnGapMaxMs`): a merge copies every row's arrays, and a long burst (an import's
        // chunks, a pull's pages) merged back to back took the main thread from the person.
        // The first turn waits a task too, so the messages of one burst are taken together.
        for (let turn = 0, took = 0; !this.closed && (this.reloadWanted || this.pendingKeys.size > 0); turn++) {
          await new Promise((resolve) => setTimeout(resolve, turn > 0 ? Math.min(turnGapMaxMs, Math.max(turnGapMs, 3 * took)) : 0));
          const started = performance.now();
          if (this.reloadWanted) {
            this.reloadWanted = false;
            this.pendingKeys.clear();
            this.writtenRows.clear();
            await this.reload();
          } else {
            const keys = [...this.pendingKeys];
            const written = this.writtenRows;
            this.pendingKeys = new Set();
            this.writtenRows = new Map();
            await this.refresh(keys, written);
          }
          took = performance.now() - started;
        }
      } catch (error) {
        // The database closed (sign-out) or failed: the list keeps what it shows.
        if (!this.closed) console.error('bookkeeping list could not read transactions', error);
      } finally {
        this.flushing = null;
      }
    })();
  }

  private async reload(): Promise<void> {
    // Slices in date order, each one read (`getAll`) of the [companyId+date] index. A slice
    // stops before its last date, which the next one starts with, so no row is cut off or read
    // twice; a date with more rows than a slice is read whole. The rows are made in memory in
    // date order (the list's, reversed): a filter pass over rows strewn across the heap, in the
    // ids' random order, was two to three times slower. Reading them by primary key made one request
    // per row, whose 50,000 requests and 100,000 listeners the next full garbage collection
    // paid for (a 100 ms pause while scrolling).
    const index = this.db.transactions.where('[companyId+date]');
    const rows: Transaction[] = [];
    const search = new Map<string, string>();
    const shared = new Map<string, string>();
    let from: { date: string | typeof Dexie.minKey; included: boolean } = { date: Dexie.minKey, included: true };
    for (let more = true; more && !this.closed;) {
      let slice = await index.between([this.companyId, from.date], [this.companyId, Dexie.maxKey], from.included, true).limit(sliceSize).toArray();
      more = slice.length === sliceSize;
      if (more) {
        const last = slice[slice.length - 1]!.date;
        const end = slice.findIndex((row) => row.date === last);
        if (end === 0) slice = await index.equals([this.companyId, last]).toArray();
        else slice = slice.slice(0, end);
        from = { date: last, included: end > 0 };
      }
      // The search text is built slice by slice too, so no single step does it for every row.
      for (const row of slice) {
        shareStrings(row, shared);
        rows.push(row);
        search.set(row.id, searchTextOf(row));
      }
      if (more) await yieldToBrowser();
    }
    if (this.closed) return;
    rows.sort(compareTransactions);
    this.setAll(rows, search);
  }

  private setAll(rows: Transaction[], search: ReadonlyMap<string, string>): void {
    this.rows = rows;
    this.search = rows.map((row) => search.get(row.id)!);
    this.handles = new Map();
    this.setPositions(Int32Array.from(rows, (row) => this.handleOf(row.id)));
    this.layout = {};
    this.publish();
  }

  private handleOf(id: string): number {
    let handle = this.handles.get(id);
    if (handle === undefined) this.handles.set(id, (handle = this.handles.size));
    return handle;
  }

  private setPositions(rowHandles: Int32Array): void {
    const at = new Int32Array(this.handles.size).fill(-1);
    for (let position = 0; position < rowHandles.length; position++) at[rowHandles[position]!] = position;
    this.rowHandles = rowHandles;
    this.byId = new Positions(this.handles, at, rowHandles.length);
  }

  /** Re-reads changed rows (those `written` here are taken as written): edits in place; additions, deletions and moved dates are merged into the order. */
  private async refresh(keys: string[], written: ReadonlyMap<string, Transaction | undefined>): Promise<void> {
    // In slices, yielding between them: a pull page or an import chunk names thousands of rows,
    // and each key read is one IndexedDB request made in the same task.
    // Their search texts are made slice by slice too.
    const fresh: (Transaction | undefined)[] = [];
    const texts: string[] = [];
    let since = performance.now();
    for (let start = 0; start < keys.length; start += readSliceSize) {
      if (performance.now() - since > sliceMs) {
        await yieldToBrowser();
        since = performance.now();
      }
      if (this.closed) return;
      const slice = keys.slice(start, start + readSliceSize);
      const unread = slice.filter((key) => !written.has(key));
      const read = unread.length > 0 ? await this.db.transactions.bulkGet(unread) : [];
      let next = 0;
      for (const key of slice) {
        const row = written.has(key) ? written.get(key) : read[next++];
        fresh.push(row);
        texts.push(row?.companyId === this.companyId ? searchTextOf(row) : '');
      }
    }
    if (this.closed) return;
    let amountsChanged = false;
    // Rows re-read in place, by position.
    const updates = new Map<number, ShownRow>();
    const removed = new Set<string>();
    const added: ShownRow[] = [];
    keys.forEach((key, position) => {
      const row = fresh[position];
      const index = this.byId.get(key);
      const belongs = row !== undefined && row.companyId === this.companyId;
      if (index === undefined) {
        if (belongs) added.push({ row, text: texts[position]! });
        return;
      }
      if (!belongs) {
        removed.add(key);
        return;
      }
      const shown = this.rows[index]!;
      // A moved date moves the row: out of its place, into its new one.
      if (shown.date !== row.date) {
        removed.add(key);
        added.push({ row, text: texts[position]! });
        return;
      }
      if (shown.amountCents !== row.amountCents) amountsChanged = true;
      // Already shown (a preview, or another tab's write of the same row): nothing to repaint.
      if (sameRow(shown, row)) return;
      updates.set(index, { row, text: texts[position]! });
    });
    if (removed.size > 0 || added.length > 0) return this.merge(updates, removed, added);
    if (updates.size === 0) return;
    const { rows, search } = this.updated(updates);
    const changed = [...updates.keys()];
    filtersAfterEdit({ rows: this.rows, search: this.search }, { rows, search }, changed);
    this.rows = rows;
    this.search = search;
    // An edit in place keeps the order, so the cached amount orders stay valid.
    if (amountsChanged) this.layout = {};
    this.publish(amountsChanged ? undefined : { changed });
  }

  /** The rows shown and their search texts, with `updates` in their places (copies, unless there are none). */
  private updated(updates: ReadonlyMap<number, ShownRow>): { rows: readonly Transaction[]; search: readonly string[] } {
    if (updates.size === 0) return { rows: this.rows, search: this.search };
    const rows = this.rows.slice();
    const search = this.search.slice();
    for (const [index, { row, text }] of updates) {
      rows[index] = row;
      search[index] = text;
    }
    return { rows, search };
  }

  /**
   * Shows the rows less `removed`, with `updates` in place and `added` in their places, in
   * slices that let the browser paint between them: while sync drained an import, merging its
   * 22,500 and 27,250 rows took 64 and 117 ms in one task each. When an edit was shown meanwhile
   * (`preview` replaced rows in place), the merge is made again at once from the rows then shown.
   */
  private async merge(updates: ReadonlyMap<number, ShownRow>, removed: ReadonlySet<string>, added: readonly ShownRow[]): Promise<void> {
    const sorted = await runInSlices(sortInSlices(added, (a, b) => compareTransactions(a.row, b.row)));
    const shown = this.rows;
    let next = await runInSlices(this.merged(updates, removed, sorted));
    if (this.closed) return;
    if (this.rows !== shown) next = finish(this.merged(updates, removed, sorted));
    this.rows = next.rows;
    this.search = next.search;
    this.setPositions(next.handles);
    this.layout = {};
    this.publish({ sourceOf: next.sourceOf });
  }

  /**
   * The merge of `merge`, from the rows shown when it starts (`added` sorted), yielding every
   * few thousand rows. Each added row's place is searched for and the rows between are copied, so an import chunk
   * joining 100,000 rows neither sorts them all again nor compares each of them.
   */
  private *merged(updates: ReadonlyMap<number, ShownRow>, removed: ReadonlySet<string>, added: readonly ShownRow[]) {
    const shown = { rows: this.rows, search: this.search };
    const { rows, search } = this.updated(updates);
    const rowHandles = this.rowHandles;
    const size = rows.length - removed.size + added.length;
    const merged = new Array<Transaction>(size);
    const texts = new Array<string>(size);
    const handles = new Int32Array(size);
    // Where each row was in the rows shown, unless added or edited: their filter columns are copied.
    const sourceOf = new Int32Array(size).fill(-1);
    let length = 0;
    let from = 0;
    // Rows placed since the start: a slice ends every `sliceCheck` + 1 of them.
    let placed = 0;
    function* copyUpTo(end: number) {
      for (; from < end; from++) {
        const row = rows[from]!;
        if (removed.size > 0 && removed.has(row.id)) continue;
        if (row === shown.rows[from]) sourceOf[length] = from;
        merged[length] = row;
        texts[length] = search[from]!;
        handles[length++] = rowHandles[from]!;
        if ((++placed & sliceCheck) === 0) yield;
      }
    }
    for (const { row, text } of added) {
      // The first row the added one comes before: galloping from the last place, then a binary
      // search, so many added rows cost no more compares than the rows they join.
      let low = from;
      let high = from;
      for (let step = 1; high < rows.length && compareTransactions(row, rows[high]!) >= 0; step *= 2) {
        low = high + 1;
        high = Math.min(from + step, rows.length);
      }
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (compareTransactions(row, rows[middle]!) < 0) high = middle;
        else low = middle + 1;
      }
      yield* copyUpTo(low);
      merged[length] = row;
      texts[length] = text;
      handles[length++] = this.handleOf(row.id);
      if ((++placed & sliceCheck) === 0) yield;
    }
    yield* copyUpTo(rows.length);
    yield* filtersAfterMerge(shown, { rows: merged, search: texts }, sourceOf);
    return { rows: merged, search: texts, handles, sourceOf };
  }
}

/** How often a merge checks its time: every 2,048 rows. */
const sliceCheck = 2047;

/** Rows equal field by field: a re-read that changes nothing repaints nothing. */
function sameRow(a: Transaction, b: Transaction): boolean {
  for (const key of Object.keys(b) as (keyof Transaction)[]) {
    if (key === 'receipt' ? JSON.stringify(a.receipt) !== JSON.stringify(b.receipt) : a[key] !== b[key]) return false;
  }
  return Object.keys(a).length === Object.keys(b).length;
}
