import { ensureDatabaseTemplates } from '../server/test/database-templates';

/** Once before the tests: the migrated database templates every test database is copied from. */
export default async function setup() {
  await ensureDatabaseTemplates(process.env.TEST_DATABASE_URL || undefined);
}
