import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** A user row for sync tests (accounts are not what these tests are about). */
export async function insertTestUser(db: Db, name = 'Ana'): Promise<string> {
  const id = randomUUID();
  await db.execute(sql`insert into users (id, email, first_name, last_name) values (${id}, ${`${name.toLowerCase()}-${id}@example.com`}, ${name}, 'Test')`);
  return id;
}

/** A company owned by `ownerId`, with optional teammates. */
export async function insertTestCompany(db: Db, ownerId: string, teammates: string[] = []): Promise<string> {
  const id = randomUUID();
  // Raw SQL: only the columns the sync scope depends on, whatever else companies grows.
  await db.execute(sql`insert into companies (id, owner_id, type, name_option_1) values (${id}, ${ownerId}, 'LLC', 'Acme')`);
  for (const userId of teammates) await db.execute(sql`insert into company_members (company_id, user_id) values (${id}, ${userId})`);
  return id;
}

export function draftRow(overrides: Partial<{ id: string; kind: string; companyId: string | null; step: number; data: Record<string, unknown>; updatedAt: string }> = {}) {
  return {
    id: randomUUID(),
    kind: 'companyCreation',
    companyId: null,
    step: 1,
    data: { name: 'Acme' },
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}
