import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the PostgreSQL connections', () => {
  it('are open from the start: a burst of concurrent statements opens none', async () => {
    const t = await createTestApp();
    try {
      const backends = async () =>
        (
          (await t.database.db.execute(
            sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
          )) as { rows: { count: number }[] }
        ).rows[0]!.count;
      const before = await backends();
      await Promise.all([1, 2, 3].map(() => t.database.db.execute(sql`select pg_sleep(0.05)`)));
      expect(await backends()).toBe(before);
    } finally {
      await t.close();
    }
  });
});
