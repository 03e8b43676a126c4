import { openPokeStream, type PokeStreamHandlers } from './poke-stream';

/** What the engine needs from its surroundings; the browser's by default, a fake one in tests. */
export interface SyncHost {
  isOnline(): boolean;
  isVisible(): boolean;
  /** Calls back on `online`, `offline` and the page becoming visible; returns an unsubscribe. */
  onConnectivity(listener: (event: 'online' | 'offline' | 'visible') => void): () => void;
  /**
   * Runs `lead` while this tab holds the exclusive lock `name` (Web Locks); the lock is
   * released when the promise `lead` returns settles, or when the tab dies. Returns a cancel
   * that gives up waiting or holding. Null when the browser has no Web Locks.
   */
  requestLeadership: ((name: string, lead: () => Promise<void>) => () => void) | null;
  /** A channel to the other tabs of this origin; null without BroadcastChannel. */
  openChannel(name: string): SyncChannel | null;
  /** Opens the server's poke stream, kept alive by its heartbeat (poke-stream.ts); returns a close. */
  openPokes(handlers: PokeStreamHandlers): () => void;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  random(): number;
  now(): Date;
}

export interface SyncChannel {
  post(message: TabMessage): void;
  onMessage(listener: (message: TabMessage) => void): void;
  close(): void;
}

/** What tabs tell each other: followers ask the leader to sync; the leader shares its status. */
export type TabMessage = { type: 'sync' } | { type: 'status'; status: unknown };

/** The browser host: Web Locks, BroadcastChannel, `online`/`offline`/`visibilitychange`, EventSource. */
export function browserHost(eventsUrl = '/api/v1/sync/events'): SyncHost {
  return {
    isOnline: () => navigator.onLine,
    isVisible: () => document.visibilityState === 'visible',
    onConnectivity(listener) {
      const online = () => listener('online');
      const offline = () => listener('offline');
      const visible = () => {
        if (document.visibilityState === 'visible') listener('visible');
      };
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      document.addEventListener('visibilitychange', visible);
      return () => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
        document.removeEventListener('visibilitychange', visible);
      };
    },
    requestLeadership:
      typeof navigator !== 'undefined' && navigator.locks
        ? (name, lead) => {
            const abort = new AbortController();
            let release: () => void = () => {};
            const held = new Promise<void>((resolve) => (release = resolve));
            navigator.locks
              .request(name, { signal: abort.signal }, async () => {
                await Promise.race([lead(), held]);
              })
              .catch(() => {
                // Aborted while waiting: this tab is closing its engine.
              });
            return () => {
              abort.abort();
              release();
            };
          }
        : null,
    openChannel(name) {
      if (typeof BroadcastChannel === 'undefined') return null;
      const channel = new BroadcastChannel(name);
      return {
        post: (message) => channel.postMessage(message),
        onMessage: (listener) => channel.addEventListener('message', (event) => listener(event.data as TabMessage)),
        close: () => channel.close(),
      };
    },
    openPokes(handlers) {
      if (typeof EventSource === 'undefined') return () => {};
      return openPokeStream(() => new EventSource(eventsUrl, { withCredentials: true }), handlers, {
        setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
        clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
        now: () => Date.now(),
      });
    },
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    random: () => Math.random(),
    now: () => new Date(),
  };
}
