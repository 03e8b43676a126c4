import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { broadcastLeadership, electionTiming, type ElectionChannel, type ElectionHost, type PageLifecycle } from './leader';

/** An in-memory BroadcastChannel: a message reaches every other open endpoint of the same name, asynchronously. */
class Bus {
  private readonly endpoints = new Set<{ name: string; tab: Tab; listener: ((message: unknown) => void) | null }>();

  open(name: string, tab: Tab): ElectionChannel {
    const endpoint = { name, tab, listener: null as ((message: unknown) => void) | null };
    this.endpoints.add(endpoint);
    return {
      post: (message) => {
        if (tab.frozen || tab.crashed) return;
        for (const other of this.endpoints) {
          if (other === endpoint || other.name !== name) continue;
          const copy = structuredClone(message);
          queueMicrotask(() => other.tab.run(() => other.listener?.(copy)));
        }
      },
      onMessage: (listener) => (endpoint.listener = listener),
      close: () => this.endpoints.delete(endpoint),
    };
  }
}

/**
 * A tab on the fake clock. A frozen tab runs nothing (its timers and messages wait until it
 * thaws, as in a frozen browser tab); a crashed one never runs anything again.
 */
class Tab implements ElectionHost {
  frozen = false;
  crashed = false;
  leading = false;
  leads = 0;
  private waiting: (() => void)[] = [];
  private hide: ((event: 'hide' | 'show') => void) | null = null;
  private endLead: (() => void) | null = null;
  cancel: () => void = () => {};

  constructor(
    private readonly bus: Bus,
    readonly id: string,
  ) {}

  run(callback: () => void) {
    if (this.crashed) return;
    if (this.frozen) this.waiting.push(callback);
    else callback();
  }

  openChannel = (name: string) => this.bus.open(name, this);
  setTimeout = (callback: () => void, ms: number) => globalThis.setTimeout(() => this.run(callback), ms);
  clearTimeout = (handle: unknown) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>);
  now = () => new Date();

  lifecycle: PageLifecycle = (listener) => {
    this.hide = listener;
    return () => (this.hide = null);
  };

  start() {
    const request = broadcastLeadership(this, { tabId: this.id, lifecycle: this.lifecycle })!;
    this.cancel = request(
      'alta-sync:test',
      () => {
        this.leading = true;
        this.leads++;
        return new Promise<void>((resolve) => (this.endLead = resolve));
      },
      () => {
        this.leading = false;
        this.endLead?.();
      },
    );
    return this;
  }

  pagehide() {
    this.hide?.('hide');
  }

  thaw() {
    this.frozen = false;
    for (const callback of this.waiting.splice(0)) callback();
  }
}

/** Tabs that can act as leader right now (a frozen or crashed tab cannot push anything). */
const activeLeaders = (tabs: Tab[]) => tabs.filter((tab) => tab.leading && !tab.frozen && !tab.crashed);

/** Advances the clock in small steps, checking after each that there is never more than one leader. */
async function run(tabs: Tab[], ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 50) {
    await vi.advanceTimersByTimeAsync(50);
    expect(activeLeaders(tabs).length).toBeLessThanOrEqual(1);
  }
}

const takeover = electionTiming.expiryMs + electionTiming.heartbeatMs + electionTiming.claimMs;

describe('BroadcastChannel leader election', () => {
  let tabs: Tab[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    tabs = [];
  });
  afterEach(() => {
    for (const tab of tabs) tab.cancel();
    vi.useRealTimers();
  });

  const open = (...ids: string[]) => {
    const bus = new Bus();
    tabs = ids.map((id) => new Tab(bus, id));
    return tabs;
  };

  it('elects exactly one leader, the lowest id, when tabs claim at the same moment', async () => {
    const [c, a, b] = open('c', 'a', 'b');
    for (const tab of [c!, a!, b!]) tab.start();
    await run(tabs, 30_000);
    expect(activeLeaders(tabs).map((tab) => tab.id)).toEqual(['a']);
    // No flapping: leadership was granted once in 30 s.
    expect(tabs.map((tab) => tab.leads)).toEqual([0, 1, 0]);
  });

  it('keeps the leader when a tab with a lower id opens later', async () => {
    const bus = new Bus();
    const b = new Tab(bus, 'b').start();
    tabs = [b];
    await run(tabs, 2000);
    expect(b.leading).toBe(true);
    const a = new Tab(bus, 'a').start();
    tabs.push(a);
    await run(tabs, 10_000);
    expect(activeLeaders(tabs).map((tab) => tab.id)).toEqual(['b']);
    expect(a.leads).toBe(0);
  });

  it('keeps a leader that is busy when a tab opens: its answer to the claim comes late, not too late', async () => {
    const bus = new Bus();
    const b = new Tab(bus, 'b').start();
    tabs = [b];
    await run(tabs, 2000);
    // The leader's main thread is busy for 600 ms (a page loading beside it on two cores): the
    // new tab's claim waits in its queue meanwhile.
    b.frozen = true;
    const a = new Tab(bus, 'a').start();
    tabs.push(a);
    await run(tabs, 600);
    b.thaw();
    await run(tabs, 10_000);
    expect(activeLeaders(tabs).map((tab) => tab.id)).toEqual(['b']);
    expect(a.leads).toBe(0);
  });

  it('replaces a leader that died without a word within a few seconds', async () => {
    const [a, b, c] = open('a', 'b', 'c');
    for (const tab of [a!, b!, c!]) tab.start();
    await run(tabs, 2000);
    expect(a!.leading).toBe(true);

    a!.crashed = true;
    await run(tabs, takeover);
    expect(activeLeaders(tabs).map((tab) => tab.id)).toEqual(['b']);
    await run(tabs, 20_000);
    expect(activeLeaders(tabs).map((tab) => tab.id)).toEqual(['b']);
    expect(c!.leads).toBe(0);
  });

  it('hands over at once when the leader tab is closed (pagehide)', async () => {
    const [a, b] = open('a', 'b');
    a!.start();
    b!.start();
    await run(tabs, 2000);
    expect(a!.leading).toBe(true);

    a!.pagehide();
    expect(a!.leading).toBe(false);
    await run(tabs, electionTiming.claimMs + 100);
    expect(b!.leading).toBe(true);
  });

  it('hands over when the leader stops (its engine stopped)', async () => {
    const [a, b] = open('a', 'b');
    a!.start();
    b!.start();
    await run(tabs, 2000);
    a!.cancel();
    a!.leading = false;
    await run(tabs, electionTiming.claimMs + 100);
    expect(b!.leading).toBe(true);
  });

  it('replaces a frozen leader, and the leader steps down when it wakes up: never two', async () => {
    const [a, b] = open('a', 'b');
    a!.start();
    b!.start();
    await run(tabs, 2000);
    expect(a!.leading).toBe(true);

    a!.frozen = true;
    await run(tabs, takeover);
    expect(b!.leading).toBe(true);
    await run(tabs, 10_000);

    a!.thaw();
    expect(a!.leading).toBe(false);
    await run(tabs, 20_000);
    expect(activeLeaders(tabs).map((tab) => tab.id)).toEqual(['b']);
    expect(a!.leading).toBe(false);
  });

  it('is unavailable without BroadcastChannel', () => {
    const host: ElectionHost = { openChannel: () => null, setTimeout: () => null, clearTimeout: () => {}, now: () => new Date() };
    expect(broadcastLeadership(host)).toBeNull();
  });
});
