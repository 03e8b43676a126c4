import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testTransaction } from '@domain/transaction-fixture';
import type { RowUndo } from './db';
import { compactUndo, createLocalTx, revert, revertAll, WriteBatch } from './local-tx';
import { Replica } from './replica';
import { testDraft, useTestDatabases } from './test-databases';

const openDb = useTestDatabases();
const at = '2026-11-22T10:00:00.000Z';

describe('the device MutatorTx', () => {
  it('inserts only absent rows without reading them, keeps the stored ones, and undoes only what it inserted', async () => {
    const db = openDb();
    const stored = testDraft({ step: 4 });
    await db.drafts.put(stored);
    const fresh = testDraft();
    const undo = new Map<string, RowUndo>();
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

describe('a burst of mutations (WriteBatch)', () => {
  it('answers an index query again from its first answer until the batch writes that table, then asks again', async () => {
    const db = openDb();
    const accountId = randomUUID();
    const stored = testTransaction({ accountKind: 'manual', accountId });
    await db.transactions.put(stored);
    const listed: string[][] = [];
    await db.transaction('rw', db.transactions, async (trans) => {
      const batch = new WriteBatch(trans);
      const tx = createLocalTx(trans, 'ana', new Map(), batch);
      const ids = async () => listed.push((await tx.list('transactions', 'accountId', accountId)).map((row) => row.id).sort());
      await ids();
      const held = testTransaction({ accountKind: 'manual', accountId });
      await tx.put('transactions', held);
      await ids();
      const inserted = testTransaction({ accountKind: 'manual', accountId });
      await tx.insertAbsent('transactions', [inserted]);
      await ids();
      // An answer is a copy: changing it changes nothing kept.
      (await tx.list('transactions', 'accountId', accountId))[0]!.note = 'changed';
      await ids();
      expect(listed).toEqual([[stored.id], [stored.id, held.id].sort(), [stored.id, held.id, inserted.id].sort(), [stored.id, held.id, inserted.id].sort()]);
      expect((await tx.list('transactions', 'accountId', accountId)).every((row) => row.note === '')).toBe(true);
    });
  });
});

describe('undo logs', () => {
  it('store a run of inserted rows as one list of ids, and revert it as the rows one by one', async () => {
    const db = openDb();
    const stored = testDraft({ step: 1 });
    await db.drafts.put(stored);
    const [a, b, c] = [testDraft(), testDraft(), testDraft()];
    const undo: RowUndo[] = [
      { table: 'drafts', id: a.id, before: null },
      { table: 'drafts', id: b.id, before: null },
      { table: 'drafts', id: stored.id, before: stored },
      { table: 'drafts', id: c.id, before: null },
    ];
    const compact = compactUndo(undo);
    expect(compact).toEqual([
      { table: 'drafts', inserted: [a.id, b.id] },
      { table: 'drafts', id: stored.id, before: stored },
      { table: 'drafts', id: c.id, before: null },
    ]);
    await db.drafts.bulkPut([a, b, c, { ...stored, step: 7 }]);
    await revert(db, compact);
    expect(await db.drafts.toArray()).toEqual([stored]);
    await db.drafts.bulkPut([a, b, c, { ...stored, step: 7 }]);
    await revertAll(db, [compact, [{ table: 'drafts', id: stored.id, before: { ...stored, step: 3 } }]]);
    expect(await db.drafts.toArray()).toEqual([stored]);
  });
});

describe('locked years on the device', () => {
  it('refuses at once an edit in a year whose declaration is sent, before any round trip', async () => {
    const db = openDb();
    const replica = new Replica(db, 'ana');
    const companyId = randomUUID();
    const [lastYear, thisYear] = [randomUUID(), randomUUID()];
    const form = (date: string) => ({
      date,
      description: 'AWS',
      amountCents: -1_000,
      accountKind: null,
      accountId: null,
      category: null,
      merchant: null,
      note: '',
    });
    await replica.mutate('createTransaction', { id: lastYear, companyId, createdAt: at, transaction: form('2025-12-30') });
    await replica.mutate('createTransaction', { id: thisYear, companyId, createdAt: at, transaction: form('2026-01-02') });
    // As a pull delivers it once the declaration of 2025 is sent.
    await db.lockedYears.put({ id: randomUUID(), companyId, year: 2025, lockedAt: at });
    await expect(replica.mutate('setTransactionCategory', { id: lastYear, category: 'software', updatedAt: at })).rejects.toMatchObject({
      code: 'declaration_sent',
    });
    await expect(replica.mutate('setTransactionsChecked', { ids: [thisYear, lastYear], checked: true, updatedAt: at })).rejects.toMatchObject({
      code: 'declaration_sent',
    });
    await replica.mutate('setTransactionCategory', { id: thisYear, category: 'software', updatedAt: at });
    expect(await db.transactions.get(lastYear)).toMatchObject({ category: null, checked: false });
    expect(await db.outbox.count()).toBe(3);
  });
});
