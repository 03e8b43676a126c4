import { describe, expect, it } from 'vitest';
import { openPokeStream, type EventSourceLike } from './poke-stream';

/** An EventSource the test drives: `emit` delivers a server event, `readyState` 2 is a stream the browser gave up on. */
class FakeSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, ((event: { data?: string }) => void)[]>();
  addEventListener(type: string, listener: (event: { data?: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: unknown) {
    if (type === 'ready') this.readyState = 1;
    for (const listener of this.listeners.get(type) ?? []) listener({ data: data === undefined ? undefined : JSON.stringify(data) });
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

/** A hand-driven clock: timers fire only when the test advances it. */
function fakeClock() {
  let now = 0;
  let timers: { at: number; callback: () => void; id: number }[] = [];
  let nextId = 1;
  return {
    now: () => now,
    setTimeout(callback: () => void, ms: number) {
      timers.push({ at: now + ms, callback, id: nextId });
      return nextId++;
    },
    clearTimeout(handle: unknown) {
      timers = timers.filter((timer) => timer.id !== handle);
    },
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        now = due.at;
        due.callback();
      }
      now = until;
    },
  };
}

function setup() {
  const clock = fakeClock();
  const sources: FakeSource[] = [];
  const connected: boolean[] = [];
  const pokes: (string | null)[] = [];
  const close = openPokeStream(
    () => {
      const source = new FakeSource();
      sources.push(source);
      return source;
    },
    { onPoke: (origin) => pokes.push(origin), onConnected: (value) => connected.push(value) },
    clock,
  );
  return { clock, sources, connected, pokes, close, latest: () => sources.at(-1)! };
}

describe('poke stream', () => {
  it('reports every (re)connection, so the engine pulls, and forwards pokes', () => {
    const { sources, connected, pokes } = setup();
    sources[0]!.emit('ready', { heartbeatMs: 1000 });
    sources[0]!.emit('poke', { clientId: 'other-device' });
    sources[0]!.emit('poke', { clientId: null });
    expect(pokes).toEqual(['other-device', null]);
    // The browser reconnects by itself after an error; its next `ready` is a reconnection.
    sources[0]!.emit('error');
    sources[0]!.emit('ready', { heartbeatMs: 1000 });
    expect(connected).toEqual([true, false, true]);
    expect(sources).toHaveLength(1);
  });

  it('stays on a stream whose heartbeats arrive, and reopens one that falls silent for two heartbeats', () => {
    const { clock, sources, connected, latest } = setup();
    sources[0]!.emit('ready', { heartbeatMs: 1000 });
    for (let beat = 0; beat < 20; beat++) {
      clock.advance(1000);
      sources[0]!.emit('heartbeat', {});
    }
    expect(sources).toHaveLength(1);

    // The stream goes quiet (a proxy, a server that lost the subscription): the browser still thinks it is open.
    clock.advance(2 * 1000 + 5000 - 1);
    expect(sources).toHaveLength(1);
    clock.advance(1);
    expect(sources).toHaveLength(2);
    expect(sources[0]!.closed).toBe(true);
    expect(connected).toEqual([true, false]);
    latest().emit('ready', { heartbeatMs: 1000 });
    expect(connected).toEqual([true, false, true]);
    // Late events of the old stream count for nothing.
    sources[0]!.emit('ready', { heartbeatMs: 1000 });
    expect(connected).toEqual([true, false, true]);
  });

  it('opens again a stream the browser gave up on (a refused reconnection)', () => {
    const { clock, sources, connected } = setup();
    sources[0]!.emit('ready', { heartbeatMs: 60_000 });
    sources[0]!.readyState = 2;
    sources[0]!.emit('error');
    clock.advance(9_999);
    expect(sources).toHaveLength(1);
    clock.advance(1);
    expect(sources).toHaveLength(2);
    expect(connected).toEqual([true, false]);
  });

  it('closes the stream and its timers for good', () => {
    const { clock, sources, close } = setup();
    close();
    clock.advance(10 * 60_000);
    expect(sources).toHaveLength(1);
    expect(sources[0]!.closed).toBe(true);
  });
});
