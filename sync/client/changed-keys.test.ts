import { describe, expect, it } from 'vitest';
import { testTransaction } from '@domain/transaction-fixture';
import { changedKeysChannel, fromThisContext, onCommittedRows, type ChangedKeys, type ChangedKeysMessage, type CommittedRows } from './changed-keys';
import { testDraft, useTestDatabases } from './test-databases';

const openDb = useTestDatabases();

/** What the database's channel tells while `write` runs, once it settled. */
async function told(name: string, write: () => Promise<unknown>): Promise<ChangedKeys[]> {
  const heard: ChangedKeys[] = [];
  const channel = new BroadcastChannel(changedKeysChannel(`alta-${name}`));
  channel.onmessage = (event: MessageEvent<ChangedKeysMessage>) => {
    expect(fromThisContext(event.data)).toBe(true);
    heard.push(event.data.changes);
  };
  await write().catch(() => {});
  await new Promise((resolve) => setTimeout(resolve, 20));
  channel.close();
  return heard;
}

describe('the keys each committed write changed', () => {
  it('names every key of a write of any size, once per transaction, per table', async () => {
    const db = openDb(undefined, 'keys-1');
    const rows = Array.from({ length: 300 }, () => testTransaction());
    const draft = testDraft();
    const heard = await told('keys-1', () =>
      db.transaction('rw', db.transactions, db.drafts, async () => {
        await db.transactions.bulkPut(rows);
        await db.transactions.delete(rows[0]!.id);
        await db.drafts.put(draft);
      }),
    );
    expect(heard).toHaveLength(1);
    expect(new Set(heard[0]!.transactions)).toEqual(new Set(rows.map((row) => row.id)));
    expect(heard[0]!.drafts).toEqual([draft.id]);
  });

  it('says the whole table for a write without keys, and nothing for a transaction that aborts', async () => {
    const db = openDb(undefined, 'keys-2');
    await db.transactions.bulkPut([testTransaction()]);
    expect(await told('keys-2', () => db.transactions.clear())).toEqual([{ transactions: 'all' }]);
    const aborted = await told('keys-2', () =>
      db.transaction('rw', db.transactions, async () => {
        await db.transactions.put(testTransaction());
        throw new Error('taken back');
      }),
    );
    expect(aborted).toEqual([]);
  });

  it('tells this context the rows each committed write left: the last of each key, null when deleted', async () => {
    const db = openDb(undefined, 'keys-3');
    const [kept, edited, deleted] = [testTransaction(), testTransaction(), testTransaction()];
    await db.transactions.bulkPut([deleted]);
    const heard: [ChangedKeys, CommittedRows][] = [];
    const stop = onCommittedRows(db.name, (changes, rows) => heard.push([changes, rows]));
    await db.transaction('rw', db.transactions, async () => {
      await db.transactions.bulkPut([kept, edited]);
      await db.transactions.put({ ...edited, note: 'later' });
      await db.transactions.delete(deleted.id);
    });
    await db
      .transaction('rw', db.transactions, async () => {
        await db.transactions.put(testTransaction());
        throw new Error('taken back');
      })
      .catch(() => {});
    stop();
    await db.transactions.put(testTransaction());
    expect(heard).toHaveLength(1);
    const [changes, rows] = heard[0]!;
    expect(changes.transactions).toEqual([kept.id, edited.id, deleted.id]);
    expect([...rows.transactions!]).toEqual([
      [kept.id, kept],
      [edited.id, { ...edited, note: 'later' }],
      [deleted.id, null],
    ]);
  });
});
