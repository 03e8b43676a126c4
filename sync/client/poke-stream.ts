import { heartbeatEvent, pokeEvent, readyEvent } from '@sync/protocol';

/** The part of `EventSource` the poke stream uses (a fake one in tests). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: { data?: string }) => void): void;
  close(): void;
}

export interface PokeStreamHandlers {
  onPoke(originClientId: string | null): void;
  /** True on every (re)connection — the device may have missed pokes meanwhile, so it pulls — and false when the stream is lost. */
  onConnected(connected: boolean): void;
}

export interface PokeStreamClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** Until the first `ready` says otherwise: the server's default heartbeat interval. */
const defaultHeartbeatMs = 15_000;
/** A stream is dead when it has been silent for this many heartbeats, plus some slack for a busy device. */
const missedHeartbeats = 2;
const slackMs = 5_000;
/** EventSource gives up for good on some answers (a 401, a 5xx page): the stream is opened again after this. */
const reopenClosedMs = 10_000;
const closed = 2;

/**
 * The server's poke stream, kept alive: `onConnected(true)` on each `ready` (first connection
 * and every reconnection), a poke forwarded as it comes. A stream that says nothing for two
 * heartbeats (a proxy, a sleeping laptop, a server that lost the subscription) is closed and
 * opened anew, and so is one the browser stopped retrying. Returns a close.
 */
export function openPokeStream(open: () => EventSourceLike, handlers: PokeStreamHandlers, clock: PokeStreamClock): () => void {
  let source: EventSourceLike | null = null;
  let heartbeatMs = defaultHeartbeatMs;
  let lastHeard = clock.now();
  let connected = false;
  let watchdog: unknown = null;
  let stopped = false;

  const setConnected = (value: boolean) => {
    if (value === connected && !value) return;
    connected = value;
    handlers.onConnected(value);
  };

  const arm = (ms: number) => {
    clock.clearTimeout(watchdog);
    watchdog = clock.setTimeout(check, ms);
  };
  function check() {
    if (stopped) return;
    const silentFor = clock.now() - lastHeard;
    const limit = source?.readyState === closed ? reopenClosedMs : missedHeartbeats * heartbeatMs + slackMs;
    if (silentFor >= limit) reopen();
    else arm(limit - silentFor);
  }

  function connect() {
    lastHeard = clock.now();
    const current = open();
    source = current;
    const heard = (listener?: (event: { data?: string }) => void) => (event: { data?: string }) => {
      if (current !== source) return;
      lastHeard = clock.now();
      listener?.(event);
    };
    current.addEventListener(
      readyEvent,
      heard((event) => {
        const announced = Number((parse(event.data) as { heartbeatMs?: unknown }).heartbeatMs);
        if (Number.isFinite(announced) && announced > 0) heartbeatMs = announced;
        arm(missedHeartbeats * heartbeatMs + slackMs);
        setConnected(true);
      }),
    );
    current.addEventListener(heartbeatEvent, heard());
    current.addEventListener(
      pokeEvent,
      heard((event) => handlers.onPoke((parse(event.data) as { clientId?: string | null }).clientId ?? null)),
    );
    // EventSource reconnects by itself (its next `ready` says so); meanwhile the engine polls.
    current.addEventListener('error', () => {
      if (current !== source) return;
      setConnected(false);
      if (current.readyState === closed) arm(reopenClosedMs);
    });
    arm(missedHeartbeats * heartbeatMs + slackMs);
  }

  function reopen() {
    source?.close();
    setConnected(false);
    connect();
  }

  connect();
  return () => {
    stopped = true;
    clock.clearTimeout(watchdog);
    source?.close();
    source = null;
  };
}

function parse(data: string | undefined): object {
  try {
    const value: unknown = JSON.parse(data || '{}');
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}
