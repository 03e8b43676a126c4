import { randomUUID } from 'node:crypto';
import { inArray, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { testTransaction } from '@domain/transaction-fixture';
import type { Db } from '../db/client';
import { transactions } from '../db/schema/bookkeeping';
import { insertAbsentRows, upsertRows } from './set-writes';
import { serverTables } from './tables';
import { database, insertTestCompany, insertTestUser, useSyncTestApp } from './test-fixtures';

/**
 * A set write of 100 rows or more sends the values its rows share once, as parameters, and the
 * rest in its JSON: what is stored is each record as given, whichever way its values travelled.
 */

useSyncTestApp();

/** The database, keeping every statement it is asked to run. */
function recording() {
  const statements: SQL[] = [];
  const db = { execute: (statement: SQL) => (statements.push(statement), database.db.execute(statement)) } as unknown as Db;
  return { db, statements };
}

/** The keys of the first row of the JSON a statement reads its rows from. */
function jsonColumnsOf(statement: SQL) {
  const json = new PgDialect().sqlToQuery(statement).params.find((param) => typeof param === 'string' && param.startsWith('['));
  return Object.keys((JSON.parse(json as string) as Record<string, unknown>[])[0]!).sort();
}

const storedRows = async (ids: string[]) =>
  (await database.db.select().from(transactions).where(inArray(transactions.id, ids))).map(({ version: _, ...row }) => row);

describe('set writes', () => {
  it('sends a value every row shares once, and stores each row as given', async () => {
    const userId = await insertTestUser(database.db);
    const companyId = await insertTestCompany(database.db, userId);
    const receipt = { key: `receipts/${randomUUID()}`, name: 'invoice.pdf', size: 10, contentType: 'application/pdf' };
    const rows = Array.from({ length: 100 }, (_, n) =>
      testTransaction({
        companyId,
        // Shared: a date, an empty note, false, null, a number. A JSON column's value never travels apart.
        date: '2026-02-01',
        amountCents: -500,
        receipt,
        // Not shared: a value in some rows and null in others, or a different value in each.
        category: n % 3 === 1 ? null : 'software',
        description: `Line ${n}`,
      }),
    );
    const records = rows.map((row) => serverTables.transactions.toRecord(row, userId));
    const { db, statements } = recording();

    await insertAbsentRows(db, serverTables.transactions, records);
    expect(jsonColumnsOf(statements[0]!)).toEqual(['category', 'description', 'id', 'receipt']);
    const ids = rows.map((row) => row.id);
    expect(await storedRows(ids)).toEqual(expect.arrayContaining(rows.map((row) => expect.objectContaining(row))));

    // Written again with one value changed in all of them, and one in a single row.
    const changed = rows.map((row, n) => ({ ...row, note: 'Paid', checked: n === 2, updatedAt: '2026-02-02T10:00:00.000Z' }));
    expect(
      await upsertRows(
        db,
        serverTables.transactions,
        changed.map((row) => serverTables.transactions.toRecord(row, userId)),
      ),
    ).toBe(100);
    expect(jsonColumnsOf(statements[1]!)).toEqual(['category', 'checked', 'description', 'id', 'receipt']);
    expect(await storedRows(ids)).toEqual(expect.arrayContaining(changed.map((row) => expect.objectContaining(row))));
  });

  // A push's ordinary writes keep one statement text per table and columns, which the pool names once.
  it('sends every value of a write of fewer than 100 rows in its JSON', async () => {
    const userId = await insertTestUser(database.db);
    const companyId = await insertTestCompany(database.db, userId);
    const rows = Array.from({ length: 99 }, () => testTransaction({ companyId }));
    const { db, statements } = recording();
    await insertAbsentRows(
      db,
      serverTables.transactions,
      rows.map((row) => serverTables.transactions.toRecord(row, userId)),
    );
    expect(jsonColumnsOf(statements[0]!)).toContain('company_id');
    expect(await storedRows(rows.map((row) => row.id))).toEqual(expect.arrayContaining(rows.map((row) => expect.objectContaining(row))));
  });
});
