import { describe, expect, it } from 'vitest';
import type { UndoEntry } from './db';
import { createLocalTx, revert } from './local-tx';
import { testDraft, useTestDatabases } from './test-databases';

const openDb = useTestDatabases();

describe('the device MutatorTx', () => {
  it('inserts only absent rows without reading them, keeps the stored ones, and undoes only what it inserted', async () => {
    const db = openDb();
    const stored = testDraft({ step: 4 });
    await db.drafts.put(stored);
    const fresh = testDraft();
    const undo = new Map<string, UndoEntry>();
    // In one transaction that goes on after the taken key: its failure is caught, not fatal.
    await db.transaction('rw', db.drafts, async () => {
      const tx = createLocalTx(db, 'ana', undo);
      await tx.insertAbsent('drafts', [{ ...stored, step: 1 }, fresh, { ...fresh, step: 9 }]);
      await tx.put('drafts', testDraft({ id: stored.id, step: 5 }));
    });
    expect(await db.drafts.get(fresh.id)).toEqual(fresh);
    expect(await db.drafts.get(stored.id)).toMatchObject({ step: 5 });
    expect([...undo.values()]).toEqual([
      { table: 'drafts', id: fresh.id, before: null },
      { table: 'drafts', id: stored.id, before: stored },
    ]);
    await revert(db, [...undo.values()]);
    expect(await db.drafts.toArray()).toEqual([stored]);
  });
});
