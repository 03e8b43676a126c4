/**
 * Leader election over a BroadcastChannel, for browsers without Web Locks. The leader sends a
 * heartbeat every `heartbeatMs`; a tab that hears none for `expiryMs` (the leader closed, crashed
 * or was frozen) claims leadership and, unless a tab with a lower id claims or leads meanwhile,
 * takes it after `claimMs`. Ties are broken by the lowest tab id, so two tabs claiming at once
 * end with one leader, and two leaders that meet (a frozen leader waking up) end with one too.
 * A leader that leaves (`pagehide`, or its engine stops) says so and another takes over at once.
 *
 * Weaker than Web Locks (a message can be late), which is fine here: leadership only avoids
 * duplicate work; the server applies each mutation once whoever pushes it.
 */

/** The part of a BroadcastChannel the election uses (`SyncChannel` from host.ts fits). */
export interface ElectionChannel {
  post(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  close(): void;
}

export interface ElectionHost {
  openChannel(name: string): ElectionChannel | null;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): Date;
}

export const electionTiming = {
  heartbeatMs: 1000,
  /** A leader unheard of for this long is gone. */
  expiryMs: 3000,
  /**
   * How long a claim waits for a lower claim or a live leader to object. A live leader answers at
   * once, but only when its main thread is free: 300 ms was too short for a leader still busy
   * (a page loading beside another on two cores), and made a second leader.
   */
  claimMs: 1000,
} as const;

type ElectionMessage = { type: 'claim' | 'heartbeat' | 'release'; tabId: string };

const isElectionMessage = (message: unknown): message is ElectionMessage => {
  if (typeof message !== 'object' || message === null) return false;
  const { type, tabId } = message as Record<string, unknown>;
  return (type === 'claim' || type === 'heartbeat' || type === 'release') && typeof tabId === 'string';
};

/** Page lifecycle: `hide` when the tab goes away (or into the back/forward cache), `show` when it comes back from there. */
export type PageLifecycle = (listener: (event: 'hide' | 'show') => void) => () => void;

const browserLifecycle: PageLifecycle = (listener) => {
  if (typeof window === 'undefined') return () => {};
  const hide = () => listener('hide');
  const show = (event: PageTransitionEvent) => {
    if (event.persisted) listener('show');
  };
  window.addEventListener('pagehide', hide);
  window.addEventListener('pageshow', show);
  return () => {
    window.removeEventListener('pagehide', hide);
    window.removeEventListener('pageshow', show);
  };
};

/**
 * Returns a `requestLeadership` like the Web Locks one (`SyncHost.requestLeadership`), plus a
 * `lost` callback for when this tab finds out another tab leads (a lock is never lost; an
 * election can be). Null without BroadcastChannel.
 */
export function broadcastLeadership(
  host: ElectionHost,
  options: { tabId?: string; lifecycle?: PageLifecycle } = {},
): ((name: string, lead: () => Promise<void>, lost: () => void) => () => void) | null {
  const probe = host.openChannel('alta-leader-probe');
  if (!probe) return null;
  probe.close();
  return (name, lead, lost) => elect(host, `${name}:leader`, lead, lost, options.tabId ?? randomTabId(), options.lifecycle ?? browserLifecycle);
}

function randomTabId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2);
}

function elect(host: ElectionHost, name: string, lead: () => Promise<void>, lost: () => void, tabId: string, lifecycle: PageLifecycle): () => void {
  const channel = host.openChannel(name)!;
  let state: 'follower' | 'candidate' | 'leader' | 'gone' = 'follower';
  /** The tab believed to lead (or about to), and when it was last heard of; null when none is known. */
  let known: { tabId: string; at: number } | null = null;
  /** When this tab last sent a heartbeat: a leader that finds a gap longer than the expiry was frozen. */
  let lastBeatAt = 0;
  let timer: unknown = null;
  const now = () => host.now().getTime();
  const post = (type: ElectionMessage['type']) => channel.post({ type, tabId } satisfies ElectionMessage);
  const schedule = (callback: () => void, ms: number) => {
    host.clearTimeout(timer);
    timer = host.setTimeout(callback, ms);
  };

  const follow = (leaderId: string | null) => {
    const wasLeader = state === 'leader';
    state = 'follower';
    known = leaderId === null ? null : { tabId: leaderId, at: now() };
    if (wasLeader) lost();
    watch();
  };

  /** Followers check on the leader every heartbeat; without one, they claim. */
  const watch = () => {
    if (known === null || now() - known.at > electionTiming.expiryMs) return claim();
    schedule(watch, electionTiming.heartbeatMs);
  };

  const claim = () => {
    state = 'candidate';
    known = null;
    post('claim');
    schedule(() => {
      if (state === 'candidate') become();
    }, electionTiming.claimMs);
  };

  const become = () => {
    state = 'leader';
    known = { tabId, at: now() };
    beat();
    void lead().then(() => {
      // The engine stopped leading (it was stopped): let another tab lead at once.
      if (state === 'leader') resign();
    });
  };

  const beat = () => {
    if (state !== 'leader') return;
    if (lastBeatAt !== 0 && now() - lastBeatAt > electionTiming.expiryMs) {
      // This tab was frozen long enough for the others to elect someone else: step down and ask.
      lastBeatAt = 0;
      follow(null);
      return;
    }
    lastBeatAt = now();
    post('heartbeat');
    schedule(beat, electionTiming.heartbeatMs);
  };

  const resign = () => {
    if (state === 'leader') post('release');
    host.clearTimeout(timer);
    lastBeatAt = 0;
    state = 'gone';
  };

  channel.onMessage((message) => {
    if (!isElectionMessage(message) || message.tabId === tabId || state === 'gone') return;
    const lower = message.tabId < tabId;
    if (message.type === 'release') {
      if (known?.tabId === message.tabId) claim();
    } else if (message.type === 'heartbeat') {
      // Two leaders: the lower id keeps leading and the other follows it.
      if (state !== 'leader' || lower) follow(message.tabId);
      else post('heartbeat');
    } else if (state === 'leader') {
      post('heartbeat'); // A live leader answers a claim at once.
    } else if (state === 'candidate') {
      if (lower) follow(message.tabId);
    } else if (known === null || lower) {
      // Expect the claimant to lead; claim only if it does not.
      known = { tabId: message.tabId, at: now() };
    }
  });

  const stopLifecycle = lifecycle((event) => {
    if (event === 'hide') {
      const wasLeader = state === 'leader';
      resign();
      if (wasLeader) lost();
    } else if (state === 'gone') {
      state = 'follower';
      claim();
    }
  });

  claim();
  return () => {
    stopLifecycle();
    resign();
    channel.close();
  };
}
