import { liveQuery, type Subscription } from 'dexie';
import type { MutatorArgs, MutatorName } from '@sync/mutators';
import { countUnsentChanges, type RejectedChange } from './db';
import type { SyncChannel, SyncHost, TabMessage } from './host';
import { pushOutbox, syncCycle, type OutboxPusher } from './cycle';
import { broadcastLeadership } from './leader';
import { Replica, type ReplicaDatabase } from './replica';
import type { SyncFailure, SyncTransport } from './transport';

/**
 * - `idle`: nothing to do or waiting for the next trigger.
 * - `syncing`: pushing or pulling now.
 * - `retrying`: a failure; the next attempt is at `nextRetryAt` (jittered exponential backoff).
 * - `offline`: the browser says there is no network; resumes on `online`.
 * - `unreachable`: the browser says online but Alta does not answer (server down, captive
 *   portal, a dead proxy): probed again every few seconds (`unreachableMaxMs`) until it does.
 * - `unauthorized`: the session ended; the queue is kept until the user signs in again.
 * - `outdated`: the server needs a newer app; the queue is kept until the page is reloaded.
 */
export type SyncPhase = 'idle' | 'syncing' | 'retrying' | 'offline' | 'unreachable' | 'unauthorized' | 'outdated';

export interface SyncStatus {
  online: boolean;
  /** True in the one tab that pushes and pulls for this database. */
  leader: boolean;
  phase: SyncPhase;
  pendingCount: number;
  lastSyncedAt: string | null;
  lastFailure: SyncFailure | null;
  nextRetryAt: number | null;
  /** Changes the server refused for good, already reverted here, with their reason codes. */
  rejections: RejectedChange[];
}

/** Tunables; the defaults suit the browser. */
export const syncTiming = {
  backoffBaseMs: 1000,
  backoffMaxMs: 5 * 60_000,
  /** The cap of the backoff while Alta cannot be reached: a network failure costs nothing, and the device should notice the server's return within seconds. */
  unreachableMaxMs: 5_000,
  /** A new mutation waits this long so a burst of changes goes in one push. */
  coalesceMs: 100,
  /** Polling while the poke stream is down, and a safety net while it is up. */
  pollMs: 30_000,
  pollWithPokesMs: 5 * 60_000,
} as const;

type SharedStatus = Pick<SyncStatus, 'phase' | 'lastFailure' | 'nextRetryAt'>;

/**
 * Drives a replica: one leader tab (Web Locks, else leader.ts) pushes the outbox in order then pulls, on a new
 * mutation, `online`, the page becoming visible, a timer and a server poke; failures back off
 * exponentially with jitter. Other tabs write their mutations to the shared outbox and ask
 * the leader to sync over a BroadcastChannel; when the leader tab dies the lock passes on.
 */
export class SyncEngine {
  readonly replica: Replica;
  private status: SyncStatus;
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  private channel: SyncChannel | null = null;
  private cleanups: (() => void)[] = [];
  private subscription: Subscription | null = null;
  private running = false;
  /** The cycles running now (or the last ones), which `stop` lets its caller wait for. */
  private cycles: Promise<void> = Promise.resolve();
  private again = false;
  private attempt = 0;
  private timer: unknown = null;
  private pollTimer: unknown = null;
  private pokesConnected = false;
  private lastCycleAt = 0;
  private isStopped = false;
  private readonly lockName: string;
  private readonly push: OutboxPusher;

  constructor(
    db: ReplicaDatabase,
    userId: string,
    private readonly transport: SyncTransport,
    private readonly host: SyncHost,
    /**
     * Pushes the outbox from elsewhere (the sync push worker), given the push on this thread to
     * fall back on; asked only when the outbox holds unsent changes.
     */
    pushElsewhere?: (here: OutboxPusher) => OutboxPusher,
  ) {
    this.replica = new Replica(db, userId, undefined, () => host.now());
    const here = () => pushOutbox(this.replica, this.transport);
    const elsewhere = pushElsewhere?.(here);
    this.push = elsewhere ? async () => ((await countUnsentChanges(db)) > 0 ? elsewhere() : null) : here;
    this.lockName = `alta-sync:${db.name}`;
    this.status = {
      online: host.isOnline(),
      leader: false,
      phase: host.isOnline() ? 'idle' : 'offline',
      pendingCount: 0,
      lastSyncedAt: null,
      lastFailure: null,
      nextRetryAt: null,
      rejections: [],
    };
  }

  /** Starts watching the database, competing for leadership and listening to the triggers. */
  start(): this {
    const db = this.replica.db;
    this.subscription = liveQuery(() => Promise.all([countUnsentChanges(db), db.rejectedChanges.toArray(), db.syncMeta.get('state')])).subscribe({
      next: ([pendingCount, rejections, meta]) => this.update({ pendingCount, rejections, lastSyncedAt: meta?.lastSyncedAt ?? null }),
      error: () => {
        // The database was closed or deleted (sign-out): this engine is done.
        void this.stop();
      },
    });

    this.channel = this.host.openChannel(this.lockName);
    this.channel?.onMessage((message) => this.onTabMessage(message));
    this.cleanups.push(
      this.host.onConnectivity((event) => {
        if (event === 'offline') return this.update({ online: false, ...(this.status.leader ? { phase: 'offline' } : {}) });
        this.update({ online: this.host.isOnline() });
        if (event === 'online') this.attempt = 0;
        this.requestSync(0);
      }),
    );

    // Without Web Locks the tabs elect a leader over a BroadcastChannel (leader.ts).
    const requestLeadership: ((name: string, lead: () => Promise<void>, lost: () => void) => () => void) | null =
      this.host.requestLeadership ?? broadcastLeadership(this.host);
    if (requestLeadership) {
      this.cleanups.push(
        requestLeadership(
          this.lockName,
          () => this.lead(),
          () => this.demote(),
        ),
      );
    } else {
      // Neither: every tab pushes. Still correct — the server applies each mutation
      // once and a pull page is applied only on the cursor it was asked with — only busier.
      void this.lead();
    }
    return this;
  }

  /** True once stopped (explicitly, or because its database was closed). */
  get stopped(): boolean {
    return this.isStopped;
  }

  /**
   * Stops everything this engine started; the outbox stays in the database. Nothing new is
   * sent, but a cycle already under way finishes its requests: the promise settles when it has,
   * so a caller about to end the session (sign-out) does not race a pull still in flight.
   */
  stop(): Promise<void> {
    if (!this.isStopped) {
      this.isStopped = true;
      this.subscription?.unsubscribe();
      for (const cleanup of this.cleanups.splice(0)) cleanup();
      this.host.clearTimeout(this.timer);
      this.host.clearTimeout(this.pollTimer);
      this.channel?.close();
      this.resolveLeadership?.();
    }
    return this.cycles;
  }

  private resolveLeadership: (() => void) | null = null;

  /** An election found another leader (leader.ts; a Web Lock is never lost): stop leading. */
  private demote(): void {
    this.update({ leader: false });
    this.host.clearTimeout(this.timer);
    this.host.clearTimeout(this.pollTimer);
    this.closePokes?.();
    this.resolveLeadership?.();
  }

  private closePokes: (() => void) | null = null;

  private lead(): Promise<void> {
    if (this.isStopped) return Promise.resolve();
    this.update({ leader: true });
    this.cleanups.push(
      (this.closePokes = this.host.openPokes({
        onPoke: (origin) => {
          void this.replica.meta().then((meta) => {
            if (origin !== meta.clientId) this.requestSync(0);
          });
        },
        onConnected: (connected) => {
          this.pokesConnected = connected;
          // (Re)connected: pokes sent while the stream was down were missed, and the server answers again.
          if (connected) {
            this.attempt = 0;
            this.requestSync(0);
          }
        },
      })),
    );
    this.schedulePoll();
    this.requestSync(0);
    return new Promise((resolve) => (this.resolveLeadership = resolve));
  }

  /** The current status. */
  getStatus(): SyncStatus {
    return this.status;
  }

  /** Calls `listener` on every status change; returns an unsubscribe. */
  subscribe(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Applies a change locally at once and queues it for the server (see `Replica.mutate`). */
  async mutate<Name extends MutatorName>(name: Name, args: MutatorArgs<Name>): Promise<void> {
    await this.replica.mutate(name, args);
    this.requestSync(syncTiming.coalesceMs);
  }

  /** "Retry now": forgets the backoff and a paused state (after signing in again) and syncs. */
  retryNow(): void {
    this.attempt = 0;
    if (this.status.phase === 'unauthorized' || this.status.phase === 'outdated') this.setShared({ phase: 'idle', lastFailure: null, nextRetryAt: null });
    this.requestSync(0);
  }

  /**
   * Pulls now (through the leading tab): a screen about to show what another device may have
   * changed asks for it rather than waiting for the next poke or poll. Whether it could:
   * offline, unreachable or paused, nothing is pulled.
   */
  pullNow(): boolean {
    const { online, phase } = this.status;
    if (!online || phase === 'offline' || phase === 'unreachable' || phase === 'unauthorized' || phase === 'outdated') return false;
    this.requestSync(0);
    return true;
  }

  /** Sends a refused import again under the same batch id (see `Replica.retryImport`). */
  async retryImport(importId: string): Promise<void> {
    await this.replica.retryImport(importId);
    this.requestSync(0);
  }

  /** Forgets a refused import with its rows (see `Replica.discardImport`). */
  discardImport(importId: string): Promise<void> {
    return this.replica.discardImport(importId);
  }

  /** Forgets a rejected change the user has read. */
  dismissRejection(seq: number): Promise<void> {
    return this.replica.dismissRejection(seq);
  }

  private requestSync(delayMs: number): void {
    if (this.isStopped) return;
    if (!this.status.leader) {
      this.channel?.post({ type: 'sync' });
      return;
    }
    if (this.status.phase === 'unauthorized' || this.status.phase === 'outdated') return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.host.clearTimeout(this.timer);
    this.timer = this.host.setTimeout(() => this.run(), delayMs);
  }

  private onTabMessage(message: TabMessage): void {
    if (message.type === 'sync') {
      if (this.status.leader) this.requestSync(syncTiming.coalesceMs);
    } else if (!this.status.leader) {
      this.update(message.status as SharedStatus);
    }
  }

  private schedulePoll(): void {
    this.host.clearTimeout(this.pollTimer);
    this.pollTimer = this.host.setTimeout(() => {
      const due = this.pokesConnected ? syncTiming.pollWithPokesMs : syncTiming.pollMs;
      if (this.host.now().getTime() - this.lastCycleAt >= due - 1000 && this.status.phase === 'idle') this.requestSync(0);
      this.schedulePoll();
    }, syncTiming.pollMs);
  }

  private run(): void {
    if (this.running || this.isStopped) return;
    this.running = true;
    this.cycles = this.cycle().finally(() => {
      this.running = false;
      // A sync asked for after the cycle's last look at `again` (a poke whose answer came as the
      // cycle ended) found it still running: it runs now rather than waiting for the next poll.
      if (this.again) this.requestSync(0);
    });
  }

  private async cycle(): Promise<void> {
    let gapResets = 0;
    try {
      do {
        this.again = false;
        this.setShared({ phase: 'syncing', nextRetryAt: null });
        const failure = await syncCycle(this.replica, this.transport, this.push);
        this.lastCycleAt = this.host.now().getTime();
        if (!failure) {
          this.attempt = 0;
          this.setShared({ phase: 'idle', lastFailure: null, nextRetryAt: null });
          continue;
        }
        if (failure.kind === 'gap' && gapResets++ === 0) {
          await this.replica.resetIdentity();
          this.again = true;
          continue;
        }
        // The retry it schedules also answers any sync asked for meanwhile.
        this.again = false;
        this.onFailure(failure);
        return;
      } while (this.again && !this.isStopped && this.status.leader);
    } catch (error) {
      // Its database was closed under this cycle (sign-out deletes it): this engine is done.
      if (this.isStopped || !this.replica.db.isOpen()) {
        void this.stop();
        return;
      }
      // A local failure (IndexedDB quota): back off like a server failure.
      console.error('sync failed locally', error);
      this.again = false;
      this.onFailure({ kind: 'server', status: 0, code: 'local', retryAfterMs: null });
    }
  }

  private onFailure(failure: SyncFailure): void {
    if (failure.kind === 'unauthorized' || failure.kind === 'outdated') {
      this.setShared({ phase: failure.kind, lastFailure: failure, nextRetryAt: null });
      return;
    }
    if (failure.kind === 'network' && !this.host.isOnline()) {
      // Nothing to try until the browser is back online (the `online` event resumes).
      this.setShared({ phase: 'offline', lastFailure: failure, nextRetryAt: null });
      return;
    }
    // Online but no answer: Alta is unreachable, probed again within seconds rather than minutes.
    const unreachable = failure.kind === 'network';
    const exponential = Math.min(unreachable ? syncTiming.unreachableMaxMs : syncTiming.backoffMaxMs, syncTiming.backoffBaseMs * 2 ** this.attempt);
    // Jitter (half to full delay) so devices failing together do not retry together.
    let delay = exponential / 2 + (this.host.random() * exponential) / 2;
    if (failure.kind === 'server' && failure.retryAfterMs) delay = Math.max(delay, failure.retryAfterMs);
    this.attempt = Math.min(this.attempt + 1, 30);
    this.setShared({ phase: unreachable ? 'unreachable' : 'retrying', lastFailure: failure, nextRetryAt: this.host.now().getTime() + delay });
    this.host.clearTimeout(this.timer);
    this.timer = this.host.setTimeout(() => this.run(), delay);
  }

  private setShared(shared: Partial<SharedStatus>): void {
    this.update(shared);
    const { phase, lastFailure, nextRetryAt } = this.status;
    this.channel?.post({ type: 'status', status: { phase, lastFailure, nextRetryAt } satisfies SharedStatus });
  }

  private update(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener(this.status);
  }
}
