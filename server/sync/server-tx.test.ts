import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { transactionSchema, type Transaction } from '@domain/bookkeeping';
import { testTransaction } from '@domain/transaction-fixture';
import type { Db } from '../db/client';
import { checkSliceRows, createServerStore } from './server-tx';

/** Checking a push step's rows gives other requests turns of the event loop (decision 073). */

describe('the server store’s prepare', () => {
  const userId = randomUUID();
  const companyId = randomUUID();
  // Preparing reads nothing from the database.
  const store = createServerStore({} as Db, userId, new Map([[companyId, 'owner']]), new Set());
  const rows = (count: number) => Array.from({ length: count }, (_, i) => testTransaction({ companyId, description: `Line ${i}`, amountCents: -i }));

  it('lets another turn of the event loop run between slices of a step’s rows, and keeps their order', async () => {
    const lines = rows(checkSliceRows * 3 + 1);
    const turns: number[] = [];
    let preparing = true;
    void (async () => {
      while (preparing) {
        await setImmediate();
        turns.push(1);
      }
    })();
    const prepared = await store.prepare('transactions', lines);
    preparing = false;
    expect(prepared.map(({ row }) => row.id)).toEqual(lines.map((line) => line.id));
    expect(turns.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses the whole set when a row of a later slice is invalid', async () => {
    const lines = rows(checkSliceRows + 5);
    lines[checkSliceRows + 2] = { ...lines[checkSliceRows + 2]!, date: '2026-02-30' };
    await expect(store.prepare('transactions', lines)).rejects.toMatchObject({ code: 'invalid' });
  });

  it('parses only the first new row whole: each later one where it differs from the one before, still refusing a bad field or key', async () => {
    const parse = vi.spyOn(transactionSchema, 'safeParse');
    try {
      const lines = rows(50);
      const prepared = await store.prepare('transactions', lines);
      expect(parse).toHaveBeenCalledTimes(1);
      expect(prepared.map(({ row }) => row)).toEqual(lines.map((line) => transactionSchema.parse(line)));

      for (const bad of [{ date: '2026-02-30' }, { category: 'lottery' }, { accountKind: 'ledger' }, { amountCents: 1.5 }, { extra: 1 }]) {
        const later = rows(3);
        later[2] = { ...later[2]!, ...bad } as Transaction;
        await expect(store.prepare('transactions', later)).rejects.toMatchObject({ code: 'invalid' });
      }
      const missing = rows(2);
      const { note: _note, ...withoutNote } = missing[1]!;
      await expect(store.prepare('transactions', [missing[0]!, withoutNote as Transaction])).rejects.toMatchObject({ code: 'invalid' });
    } finally {
      parse.mockRestore();
    }
  });
});
