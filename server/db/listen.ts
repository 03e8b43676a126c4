import pg from 'pg';

/** Receives a NOTIFY payload; `null` means notifications may have been missed (the connection was re-established). */
export type NotificationHandler = (payload: string | null) => void;

/**
 * PostgreSQL LISTEN on one dedicated connection per process (a pooled connection cannot
 * hold a LISTEN). When the connection drops it reconnects with backoff, listens again and
 * tells every handler `null`, since whatever was notified meanwhile is lost.
 */
export function createPgListener(connectionString: string) {
  const handlers = new Map<string, Set<NotificationHandler>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | null = null;

  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  function connect(): Promise<pg.Client> {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      next.on('error', () => dropped(next));
      next.on('end', () => dropped(next));
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${quote(channel)}`);
      client = next;
      retryMs = 500;
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  function dropped(which: pg.Client) {
    if (client !== which || closed) return;
    client = null;
    which.end().catch(() => {});
    const reconnect = () => {
      retryTimer = null;
      if (closed) return;
      connect().then(
        () => {
          for (const set of handlers.values()) for (const handler of set) handler(null);
        },
        () => {
          retryMs = Math.min(retryMs * 2, 30_000);
          retryTimer = setTimeout(reconnect, retryMs);
        },
      );
    };
    retryTimer = setTimeout(reconnect, retryMs);
  }

  return {
    async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const current = client ?? (await connect());
        // connect() already listened to every channel known when it ran; this one may be new.
        await current.query(`LISTEN ${quote(channel)}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
