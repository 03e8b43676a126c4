// Dexie's liveQuery reads the global IndexedDB classes; each test still opens its own factory.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Draft } from '@domain/draft';
import type { PullRequest, PushRequest } from '@sync/protocol';
import { MemoryServerError, MemorySyncServer } from '../testing/memory-server';
import { pushOutbox } from './cycle';
import { AppDB } from './db';
import { SyncEngine, syncTiming } from './engine';
import { electionTiming } from './leader';
import type { SyncChannel, SyncHost, TabMessage } from './host';
import { Replica } from './replica';
import type { SyncFailure, SyncResult, SyncTransport } from './transport';

/** Web Locks for several fake tabs: one holder per name, the next waiter takes over when it lets go. */
class FakeLocks {
  private readonly queues = new Map<string, { lead: () => Promise<void>; release: () => void; holding: boolean }[]>();

  request(name: string, lead: () => Promise<void>): () => void {
    const queue = this.queues.get(name) ?? [];
    this.queues.set(name, queue);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const entry = { lead: () => Promise.race([lead(), released]), release, holding: false };
    queue.push(entry);
    this.grant(name);
    return () => {
      entry.release();
      if (!entry.holding) queue.splice(queue.indexOf(entry), 1);
    };
  }

  private grant(name: string) {
    const queue = this.queues.get(name)!;
    const next = queue[0];
    if (!next || next.holding) return;
    next.holding = true;
    void next.lead().finally(() => {
      queue.shift();
      this.grant(name);
    });
  }
}

/** BroadcastChannel between fake tabs: a message reaches every other tab on the same channel name. */
class FakeBroadcast {
  private readonly tabs = new Set<{ name: string; listener: ((message: TabMessage) => void) | null }>();

  open(name: string): SyncChannel {
    const tab = { name, listener: null as ((message: TabMessage) => void) | null };
    this.tabs.add(tab);
    return {
      post: (message) => {
        for (const other of this.tabs) if (other !== tab && other.name === name) queueMicrotask(() => other.listener?.(structuredClone(message)));
      },
      onMessage: (listener) => (tab.listener = listener),
      close: () => this.tabs.delete(tab),
    };
  }
}

/** A tab's surroundings with a hand-driven clock; timers fire only when the test advances it. */
class FakeHost implements SyncHost {
  online = true;
  now_ = 1_000_000;
  private timers: { at: number; callback: () => void; id: number }[] = [];
  private nextId = 1;
  private readonly connectivity = new Set<(event: 'online' | 'offline' | 'visible') => void>();
  pokes: ((origin: string | null) => void) | null = null;
  pokesConnected: ((connected: boolean) => void) | null = null;
  readonly requestLeadership: SyncHost['requestLeadership'];

  constructor(
    locks: FakeLocks | null,
    private readonly broadcast: FakeBroadcast | null,
  ) {
    this.requestLeadership = locks ? (name, lead) => locks.request(name, lead) : null;
  }

  isOnline = () => this.online;
  isVisible = () => true;
  onConnectivity(listener: (event: 'online' | 'offline' | 'visible') => void) {
    this.connectivity.add(listener);
    return () => this.connectivity.delete(listener);
  }
  openChannel = (name: string) => this.broadcast?.open(name) ?? null;
  openPokes({ onPoke, onConnected }: { onPoke(origin: string | null): void; onConnected(connected: boolean): void }) {
    this.pokes = onPoke;
    this.pokesConnected = onConnected;
    return () => {
      this.pokes = null;
      this.pokesConnected = null;
    };
  }
  setTimeout(callback: () => void, ms: number) {
    const id = this.nextId++;
    this.timers.push({ at: this.now_ + ms, callback, id });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }
  random = () => 0.5;
  now = () => new Date(this.now_);

  emit(event: 'online' | 'offline' | 'visible') {
    this.online = event === 'offline' ? false : event === 'online' ? true : this.online;
    for (const listener of this.connectivity) listener(event);
  }

  /** Moves the clock, firing every timer that falls due (in order). */
  async advance(ms: number) {
    const until = this.now_ + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.now_ = due.at;
      due.callback();
      await settle();
    }
    this.now_ = until;
  }
}

/** Lets IndexedDB work and promise chains run (fake-indexeddb schedules with setImmediate). */
async function settle(turns = 200) {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A server behind a switch: answers from the in-memory model, or the failure the test sets. */
class SwitchableTransport implements SyncTransport {
  failure: SyncFailure | null = null;
  pushes: PushRequest[] = [];
  pulls = 0;
  constructor(
    private readonly server: MemorySyncServer,
    private readonly userId: string,
  ) {}
  async push(request: PushRequest): Promise<SyncResult<never>> {
    this.pushes.push(request);
    if (this.failure) return { ok: false, failure: this.failure };
    try {
      return { ok: true, value: (await this.server.push(this.userId, structuredClone(request))) as never };
    } catch (error) {
      if (error instanceof MemoryServerError && error.code === 'sync_mutation_gap') return { ok: false, failure: { kind: 'gap' } };
      throw error;
    }
  }
  async pull(request: PullRequest): Promise<SyncResult<never>> {
    this.pulls++;
    if (this.failure) return { ok: false, failure: this.failure };
    return { ok: true, value: structuredClone(await this.server.pull(this.userId, request)) as never };
  }
}

/** Counts pushes in flight across every tab; each push takes a few event-loop turns, as on a network. */
class CountingTransport extends SwitchableTransport {
  constructor(
    server: MemorySyncServer,
    userId: string,
    private readonly flight: { now: number; max: number },
  ) {
    super(server, userId);
  }
  override async push(request: PushRequest): Promise<SyncResult<never>> {
    this.flight.now++;
    this.flight.max = Math.max(this.flight.max, this.flight.now);
    try {
      await settle(20);
      return await super.push(request);
    } finally {
      this.flight.now--;
    }
  }
}

const userId = randomUUID();
const draft = (step = 1): Draft => ({ id: randomUUID(), kind: 'companyCreation', companyId: null, step, data: {}, updatedAt: '2026-11-21T10:00:00.000Z' });

const engines: SyncEngine[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) {
    void engine.stop();
    engine.replica.db.close();
  }
});

function tab(factory: IDBFactory, transport: SyncTransport, host: FakeHost) {
  const engine = new SyncEngine(new AppDB(userId, { indexedDB: factory, IDBKeyRange }), userId, transport, host);
  engines.push(engine);
  return engine.start();
}

/** When the engine will try again, relative to the fake clock; null when it waits for an event instead. */
const retryIn = (engine: SyncEngine, host: FakeHost) => {
  const at = engine.getStatus().nextRetryAt;
  return at === null ? null : at - host.now_;
};

const until = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 50 && !(await check()); i++) await settle(50);
  expect(await check()).toBe(true);
};

/** One leading tab on a fresh database, after its first sync. */
async function idleTab() {
  const server = new MemorySyncServer();
  const host = new FakeHost(new FakeLocks(), null);
  const transport = new SwitchableTransport(server, userId);
  const engine = tab(new IDBFactory(), transport, host);
  await settle();
  await host.advance(0);
  await until(() => engine.getStatus().phase === 'idle');
  return { server, host, transport, engine };
}

/** Holds every pull of `transport` until `release`, counting the pulls sent and answered. */
function holdPulls(transport: SwitchableTransport) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const pull = transport.pull.bind(transport);
  const pulls = { sent: 0, answered: 0, release };
  transport.pull = async (request) => {
    pulls.sent++;
    await held;
    const result = await pull(request);
    pulls.answered++;
    return result;
  };
  return pulls;
}

/** Another device of the user saves a draft on the server; returns it. */
async function changeElsewhere(server: MemorySyncServer): Promise<Draft> {
  const row = draft();
  await server.push(userId, { clientId: randomUUID(), protocolVersion: 1, mutations: [{ id: 1, name: 'saveDraft', args: row, createdAt: row.updatedAt }] });
  return row;
}

describe('sync engine', () => {
  it('pushes a new mutation and reaches the idle state with nothing pending', async () => {
    const server = new MemorySyncServer();
    const host = new FakeHost(new FakeLocks(), null);
    const engine = tab(new IDBFactory(), new SwitchableTransport(server, userId), host);
    await settle();
    await host.advance(0);
    const row = draft();
    await engine.mutate('saveDraft', row);
    await host.advance(syncTiming.coalesceMs);
    await until(() => engine.getStatus().phase === 'idle' && engine.getStatus().pendingCount === 0 && engine.getStatus().lastSyncedAt !== null);
    expect(server.snapshot(userId).drafts).toEqual([row]);
  });

  it('pushes through the pusher it is given (the push worker, on its own connection), asked only when something is unsent', async () => {
    const server = new MemorySyncServer();
    const host = new FakeHost(new FakeLocks(), null);
    const transport = new SwitchableTransport(server, userId);
    const factory = new IDBFactory();
    const asked: string[] = [];
    const engine = new SyncEngine(new AppDB(userId, { indexedDB: factory, IDBKeyRange }), userId, transport, host, (here) => {
      expect(here).toBeTypeOf('function');
      return async () => {
        asked.push('elsewhere');
        const db = new AppDB(userId, { indexedDB: factory, IDBKeyRange });
        try {
          return await pushOutbox(new Replica(db, userId), transport);
        } finally {
          db.close();
        }
      };
    });
    engines.push(engine.start());
    await settle();
    await host.advance(0);
    await until(() => engine.getStatus().phase === 'idle' && engine.getStatus().lastSyncedAt !== null);
    expect(asked).toEqual([]);

    const rows = [draft(), draft(2)];
    for (const row of rows) await engine.mutate('saveDraft', row);
    await host.advance(syncTiming.coalesceMs);
    await until(() => engine.getStatus().phase === 'idle' && engine.getStatus().pendingCount === 0);
    expect(asked).toEqual(['elsewhere']);
    expect(transport.pushes.flatMap((push) => push.mutations.map((mutation) => mutation.args))).toEqual(rows);
    expect(server.snapshot(userId).drafts).toEqual(expect.arrayContaining(rows));
  });

  it('ends quietly when its database is closed under a cycle (sign-out), with nothing logged', async () => {
    const { server, host, transport, engine } = await idleTab();
    await changeElsewhere(server);
    const { release } = holdPulls(transport);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      engine.retryNow();
      await host.advance(0);
      await settle();
      engine.replica.db.close();
      release();
      await until(() => engine.stopped);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('settles its stop once the pull in flight has its answer, and sends nothing after (sign-out waits for it)', async () => {
    const { server, host, transport, engine } = await idleTab();
    await changeElsewhere(server);
    const pulls = holdPulls(transport);
    engine.retryNow();
    await host.advance(0);
    await settle();
    expect(pulls.sent).toBe(1);
    let stopped = false;
    const stopping = engine.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    pulls.release();
    await stopping;
    expect(pulls.answered).toBe(1);
    engine.retryNow();
    await host.advance(syncTiming.pollMs * 2);
    expect(pulls.sent).toBe(1);
  });

  it('backs off exponentially with jitter, then recovers and resets the backoff', async () => {
    const server = new MemorySyncServer();
    const host = new FakeHost(new FakeLocks(), null);
    const transport = new SwitchableTransport(server, userId);
    transport.failure = { kind: 'server', status: 503, code: 'sync_unavailable', retryAfterMs: null };
    const engine = tab(new IDBFactory(), transport, host);
    await settle();
    await engine.mutate('saveDraft', draft());
    await host.advance(syncTiming.coalesceMs);
    await until(() => engine.getStatus().phase === 'retrying');

    const delays: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const delay = retryIn(engine, host)!;
      delays.push(delay);
      await host.advance(delay);
      await until(() => engine.getStatus().phase === 'retrying');
    }
    // random() = 0.5: three quarters of 1 s, 2 s, 4 s, 8 s.
    expect(delays).toEqual([750, 1500, 3000, 6000]);
    expect(engine.getStatus().lastFailure).toMatchObject({ kind: 'server', status: 503 });

    transport.failure = null;
    await host.advance(retryIn(engine, host)!);
    await until(() => engine.getStatus().phase === 'idle' && engine.getStatus().pendingCount === 0);
    expect(engine.getStatus().lastFailure).toBeNull();
  });

  it('caps the backoff and honours Retry-After', async () => {
    const host = new FakeHost(new FakeLocks(), null);
    const transport = new SwitchableTransport(new MemorySyncServer(), userId);
    transport.failure = { kind: 'server', status: 429, code: 'rate_limited', retryAfterMs: 60_000 };
    const engine = tab(new IDBFactory(), transport, host);
    await settle();
    await host.advance(0);
    await until(() => engine.getStatus().phase === 'retrying');
    expect(retryIn(engine, host)).toBe(60_000);
    transport.failure = { kind: 'server', status: 500, code: 'internal', retryAfterMs: null };
    for (let attempt = 0; attempt < 14; attempt++) {
      await host.advance(retryIn(engine, host)!);
      await until(() => engine.getStatus().phase === 'retrying');
    }
    expect(retryIn(engine, host)).toBeLessThanOrEqual(syncTiming.backoffMaxMs);
    expect(retryIn(engine, host)).toBeGreaterThanOrEqual(syncTiming.backoffMaxMs / 2);
  });

  it('pauses on 401, keeps the queue, and resumes after signing in again', async () => {
    const server = new MemorySyncServer();
    const host = new FakeHost(new FakeLocks(), null);
    const transport = new SwitchableTransport(server, userId);
    transport.failure = { kind: 'unauthorized' };
    const engine = tab(new IDBFactory(), transport, host);
    await settle();
    await engine.mutate('saveDraft', draft());
    await host.advance(syncTiming.coalesceMs);
    await until(() => engine.getStatus().phase === 'unauthorized');
    const attempts = transport.pushes.length;

    await engine.mutate('saveDraft', draft());
    host.emit('online');
    await host.advance(10 * 60_000);
    expect(transport.pushes.length).toBe(attempts);
    expect(engine.getStatus()).toMatchObject({ phase: 'unauthorized', pendingCount: 2 });

    transport.failure = null;
    engine.retryNow();
    await host.advance(0);
    await until(() => engine.getStatus().phase === 'idle' && engine.getStatus().pendingCount === 0);
    expect(server.snapshot(userId).drafts).toHaveLength(2);
  });

  it('waits offline without timers and syncs on the online event', async () => {
    const server = new MemorySyncServer();
    const host = new FakeHost(new FakeLocks(), null);
    const transport = new SwitchableTransport(server, userId);
    const engine = tab(new IDBFactory(), transport, host);
    await settle();
    host.emit('offline');
    transport.failure = { kind: 'network' };
    await engine.mutate('saveDraft', draft());
    await host.advance(syncTiming.coalesceMs);
    await until(() => engine.getStatus().phase === 'offline');
    expect(engine.getStatus().online).toBe(false);
    expect(retryIn(engine, host)).toBeNull();

    transport.failure = null;
    host.emit('online');
    await host.advance(0);
    await until(() => engine.getStatus().phase === 'idle' && engine.getStatus().pendingCount === 0);
  });

  it('stops and asks for a reload when the server needs a newer app', async () => {
    const host = new FakeHost(new FakeLocks(), null);
    const transport = new SwitchableTransport(new MemorySyncServer(), userId);
    transport.failure = { kind: 'outdated' };
    const engine = tab(new IDBFactory(), transport, host);
    await settle();
    await host.advance(0);
    await until(() => engine.getStatus().phase === 'outdated');
    expect(retryIn(engine, host)).toBeNull();
  });

  it('pulls on a poke from another device, not on its own', async () => {
    const { server, host, transport, engine } = await idleTab();
    const pulls = transport.pulls;
    host.pokes!((await engine.replica.meta()).clientId);
    await settle();
    await host.advance(0);
    expect(transport.pulls).toBe(pulls);

    const row = await changeElsewhere(server);
    host.pokes!(randomUUID());
    await settle();
    await host.advance(0);
    await until(async () => (await engine.replica.db.table('drafts').get(row.id)) !== undefined);
  });

  it('pulls again when asked just as a cycle ends, before it has let go (a poke answered in that moment)', async () => {
    const { host, transport, engine } = await idleTab();
    const pulls = transport.pulls;
    // The ask lands after the cycle's last look at `again`, in the same turn, before it stops running.
    let asked = false;
    const unsubscribe = engine.subscribe((status) => {
      if (status.phase !== 'idle' || asked) return;
      asked = true;
      queueMicrotask(() => engine.pullNow());
    });
    engine.pullNow();
    await host.advance(0);
    await until(async () => {
      await host.advance(0);
      return transport.pulls === pulls + 2;
    });
    unsubscribe();
  });

  it('pulls at once when a screen asks (a wizard opening), and says so; offline it says it cannot', async () => {
    const { server, host, transport, engine } = await idleTab();
    const row = await changeElsewhere(server);
    const pulls = transport.pulls;
    expect(engine.pullNow()).toBe(true);
    await host.advance(0);
    await until(async () => (await engine.replica.db.table('drafts').get(row.id)) !== undefined);
    expect(transport.pulls).toBe(pulls + 1);

    host.emit('offline');
    expect(engine.pullNow()).toBe(false);
    await host.advance(0);
    expect(transport.pulls).toBe(pulls + 1);
  });

  it('pulls whenever the poke stream (re)connects, so what it missed meanwhile arrives at once', async () => {
    const { server, host, transport, engine } = await idleTab();
    host.pokesConnected!(true);
    await host.advance(0);
    await until(() => engine.getStatus().phase === 'idle');

    // The stream drops; another device changes something (its poke is lost); the stream comes back.
    host.pokesConnected!(false);
    const row = await changeElsewhere(server);
    const pulls = transport.pulls;
    host.pokesConnected!(true);
    await settle();
    await host.advance(0);
    await until(async () => (await engine.replica.db.table('drafts').get(row.id)) !== undefined);
    expect(transport.pulls).toBeGreaterThan(pulls);
  });

  it('tells "cannot reach Alta" from offline, probes every few seconds, and recovers as soon as Alta answers', async () => {
    const { server, host, transport, engine } = await idleTab();
    // The browser says online, but the server is down.
    transport.failure = { kind: 'network' };
    await engine.mutate('saveDraft', draft());
    await host.advance(syncTiming.coalesceMs);
    await until(() => engine.getStatus().phase === 'unreachable');
    expect(engine.getStatus().online).toBe(true);
    const delays: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const delay = retryIn(engine, host)!;
      delays.push(delay);
      await host.advance(delay);
      await until(() => engine.getStatus().phase === 'unreachable' && engine.getStatus().nextRetryAt! > host.now_);
    }
    // random() = 0.5: three quarters of 1 s, 2 s, 4 s, then of the 5-second cap.
    expect(delays).toEqual([750, 1500, 3000, 3750, 3750, 3750, 3750, 3750]);

    // The server is back: the next probe (within seconds) sends the change.
    transport.failure = null;
    await host.advance(syncTiming.unreachableMaxMs);
    await until(() => engine.getStatus().phase === 'idle' && engine.getStatus().pendingCount === 0);
    expect(server.snapshot(userId).drafts).toHaveLength(1);
  });

  it('lets one tab push; the others hand their mutations to it, and one takes over when it closes', async () => {
    const server = new MemorySyncServer();
    const factory = new IDBFactory();
    const locks = new FakeLocks();
    const broadcast = new FakeBroadcast();
    const hosts = [new FakeHost(locks, broadcast), new FakeHost(locks, broadcast)];
    const transports = [new SwitchableTransport(server, userId), new SwitchableTransport(server, userId)];
    const first = tab(factory, transports[0]!, hosts[0]!);
    const second = tab(factory, transports[1]!, hosts[1]!);
    await settle();
    expect([first.getStatus().leader, second.getStatus().leader]).toEqual([true, false]);

    // A change made in the follower tab is pushed by the leader.
    const fromFollower = draft();
    await second.mutate('saveDraft', fromFollower);
    await settle();
    await hosts[0]!.advance(syncTiming.coalesceMs);
    await until(() => server.snapshot(userId).drafts.length === 1);
    expect(transports[1]!.pushes).toHaveLength(0);
    await until(() => second.getStatus().pendingCount === 0);

    // The leader tab closes with a change still queued; the other tab takes over and pushes it.
    hosts[0]!.emit('offline');
    transports[0]!.failure = { kind: 'network' };
    await first.mutate('saveDraft', draft());
    await hosts[0]!.advance(syncTiming.coalesceMs);
    void first.stop();
    await settle();
    expect(second.getStatus().leader).toBe(true);
    await hosts[1]!.advance(0);
    await until(() => server.snapshot(userId).drafts.length === 2);
    expect(transports[1]!.pushes.length).toBeGreaterThan(0);
  });

  it('without Web Locks, elects one tab over BroadcastChannel: never two pushes in flight, and another tab takes over when it closes', async () => {
    const server = new MemorySyncServer();
    const factory = new IDBFactory();
    const broadcast = new FakeBroadcast();
    const hosts = [new FakeHost(null, broadcast), new FakeHost(null, broadcast)];
    const flight = { now: 0, max: 0 };
    const transports = [new CountingTransport(server, userId, flight), new CountingTransport(server, userId, flight)];
    const engines = [tab(factory, transports[0]!, hosts[0]!), tab(factory, transports[1]!, hosts[1]!)];
    /** Both tabs' clocks move together, in small steps, so heartbeats flow as they would. */
    const advance = async (ms: number) => {
      for (let elapsed = 0; elapsed < ms; elapsed += 100) for (const host of hosts) await host.advance(100);
    };
    await settle();
    await advance(2000);
    expect(engines.map((engine) => engine.getStatus().leader).filter(Boolean)).toHaveLength(1);
    const leader = engines[0]!.getStatus().leader ? 0 : 1;
    const follower = 1 - leader;

    for (let round = 0; round < 3; round++) {
      await engines[0]!.mutate('saveDraft', draft(round));
      await engines[1]!.mutate('saveDraft', draft(round));
      await advance(500);
    }
    await until(() => server.snapshot(userId).drafts.length === 6);
    expect(transports[follower]!.pushes).toHaveLength(0);
    expect(flight.max).toBe(1);

    // The leader tab closes with a change queued: the other tab is elected and pushes it.
    hosts[leader]!.emit('offline');
    transports[leader]!.failure = { kind: 'network' };
    await engines[leader]!.mutate('saveDraft', draft());
    await advance(200);
    void engines[leader]!.stop();
    // The release makes the follower claim; the claim holds once no leader has answered for `claimMs`.
    await advance(electionTiming.claimMs + 500);
    expect(engines[follower]!.getStatus().leader).toBe(true);
    await until(() => server.snapshot(userId).drafts.length === 7);
    expect(transports[follower]!.pushes.length).toBeGreaterThan(0);
    expect(flight.max).toBe(1);
  });

  it('pushes when the page becomes visible again', async () => {
    const { server, host, transport, engine } = await idleTab();
    // A change waiting after a failed attempt (its retry far away): becoming visible pushes it now.
    transport.failure = { kind: 'server', status: 503, code: 'sync_unavailable', retryAfterMs: 10 * 60_000 };
    await engine.mutate('saveDraft', draft());
    await host.advance(syncTiming.coalesceMs);
    await until(() => engine.getStatus().phase === 'retrying');
    transport.failure = null;
    const pushes = transport.pushes.length;
    host.emit('visible');
    await host.advance(0);
    await until(() => engine.getStatus().phase === 'idle' && engine.getStatus().pendingCount === 0);
    expect(transport.pushes.length).toBe(pushes + 1);
    expect(server.snapshot(userId).drafts).toHaveLength(1);
  });

  it('pushes on the poll timer a change another device left in the shared outbox', async () => {
    const { server, host, transport, engine } = await idleTab();
    // Queued without telling the engine (as a tab that closed before it could ask would leave it).
    await engine.replica.mutate('saveDraft', draft());
    await settle();
    await host.advance(syncTiming.pollMs - 1000);
    expect(transport.pushes).toHaveLength(0);
    await host.advance(1000);
    await until(() => engine.getStatus().pendingCount === 0);
    expect(transport.pushes).toHaveLength(1);
    expect(server.snapshot(userId).drafts).toHaveLength(1);
  });

  it('starts over as a new client when the server refuses a gap it cannot fill', async () => {
    const server = new MemorySyncServer();
    const host = new FakeHost(new FakeLocks(), null);
    const transport = new SwitchableTransport(server, userId);
    const engine = tab(new IDBFactory(), transport, host);
    await settle();
    const row = draft();
    await engine.mutate('saveDraft', row);
    // The server lost what it knew of this client (a restored backup): its outbox starts at 2.
    await engine.replica.db.outbox.update(1, { id: 1 });
    const meta = await engine.replica.meta();
    await engine.replica.db.transaction('rw', engine.replica.db.outbox, engine.replica.db.syncMeta, async () => {
      const entry = (await engine.replica.db.outbox.get(1))!;
      await engine.replica.db.outbox.clear();
      await engine.replica.db.outbox.add({ ...entry, id: 2 });
      await engine.replica.db.syncMeta.put({ ...meta, lastMutationId: 1, nextMutationId: 3 });
    });
    await host.advance(syncTiming.coalesceMs);
    await until(() => engine.getStatus().phase === 'idle' && engine.getStatus().pendingCount === 0);
    expect(server.snapshot(userId).drafts).toEqual([row]);
    expect((await engine.replica.meta()).clientId).not.toBe(meta.clientId);
  });
});
