import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach } from 'vitest';
import type { Draft } from '@domain/draft';
import { AppDB } from './db';

/**
 * Client test databases on fake-indexeddb: `openDb` opens one (a fresh factory is a fresh
 * device), and every database a test opened is closed after it.
 */
export function useTestDatabases() {
  const opened: AppDB[] = [];
  afterEach(() => {
    for (const db of opened.splice(0)) db.close();
  });
  return function openDb(factory = new IDBFactory(), name = 'ana') {
    const db = new AppDB(name, { indexedDB: factory, IDBKeyRange });
    opened.push(db);
    return db;
  };
}

/**
 * Counts the outbox entries `db` reads, request by request (`reads`, one count per request),
 * whatever the query: what a test of a bounded read looks at. Call it before the database opens.
 */
export function countOutboxReads(db: AppDB): { reads: number[] } {
  const counted = { reads: [] as number[] };
  db.use({
    stack: 'dbcore',
    name: 'count-outbox-reads',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name);
        if (name !== 'outbox') return table;
        return {
          ...table,
          query: async (request) => {
            const response = await table.query(request);
            counted.reads.push(response.result.length);
            return response;
          },
        };
      },
    }),
  });
  return counted;
}

/** A company-creation draft at step 1, with `overrides`. */
export const testDraft = (overrides: Partial<Draft> = {}): Draft => ({
  id: randomUUID(),
  kind: 'companyCreation',
  companyId: null,
  step: 1,
  data: {},
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});
