import '@domain/zod-jitless';
import * as Comlink from 'comlink';
import { pushOutbox } from '@sync/client/cycle';
import { AppDB } from '@sync/client/db';
import { Replica } from '@sync/client/replica';
import type { SyncFailure } from '@sync/client/transport';
import { createHttpTransport } from '@sync/client/transport';

const transport = createHttpTransport();

/**
 * The pushes of the tab that leads sync: the outbox is read over this worker's own connection
 * to the user's database and posted from here, so neither the entries' reading (an import chunk
 * is 2,500 lines and their pre-images) nor the body's hand-over to `fetch` runs on the page's
 * main thread. The protocol is `pushOutbox`'s, the same as on the main thread.
 */
const api = {
  /** Answers once the worker has loaded. */
  ready(): true {
    return true;
  },

  /** Pushes the user's whole outbox; the failure that stopped it, or null. */
  async push(userId: string): Promise<SyncFailure | null> {
    // Opened for each push and closed after: a database kept open here would outlive a sign-out
    // that deletes it.
    const db = new AppDB(userId);
    try {
      return await pushOutbox(new Replica(db, userId), transport);
    } finally {
      db.close();
    }
  },
};

export type SyncPushWorker = typeof api;

Comlink.expose(api);
