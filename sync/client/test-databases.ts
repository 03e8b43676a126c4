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
