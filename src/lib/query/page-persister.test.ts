import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { companyPageKey, dropCompaniesOutside } from '@sync/client/company-caches';
import { useTestDatabases } from '@sync/client/test-databases';
import type { AppDB } from '@sync/client/db';
import { createPagePersister, type PagePersister } from './page-persister';
import { dehydrateOptions, forgetQueries, persistDelayMs, queryCacheOf } from './query-cache';
import { createQueryClient } from './query-client';

const openDb = useTestDatabases();
const mail = (sender: string) => ({ items: [{ id: 'm1', sender }] });
const save = (client: QueryClient, persister: PagePersister) => persister.persist(dehydrate(client, dehydrateOptions));
const offline = { meta: { offline: true } };
const keys = async (db: AppDB) => (await db.pageCache.toArray()).map((row) => row.key);

describe('the query cache kept in the user’s database', () => {
  it('keeps the offline pages (one pageCache row each, by their key) and not the online-only answers, and restores them into a new cache', async () => {
    const db = openDb();
    const client = createQueryClient();
    const mailing = companyPageKey('c1', 'mailing');
    await client.fetchQuery({ queryKey: [mailing], queryFn: async () => mail('IRS'), ...offline });
    await client.fetchQuery({ queryKey: ['billing', 'cards'], queryFn: async () => [{ last4: '4242' }] });
    await save(
      client,
      createPagePersister(() => db.pageCache),
    );
    expect(await keys(db)).toEqual([mailing]);

    const restored = createQueryClient();
    hydrate(restored, { queries: await createPagePersister(() => db.pageCache).restore(), mutations: [] });
    expect(restored.getQueryData([mailing])).toEqual(mail('IRS'));
    expect(restored.getQueryData(['billing', 'cards'])).toBeUndefined();
  });

  it('does not write back a page the sync engine dropped (a company the user left), until a new answer comes', async () => {
    const db = openDb();
    const client = createQueryClient();
    const persister = createPagePersister(() => db.pageCache);
    const page = companyPageKey('c1');
    await client.fetchQuery({ queryKey: [page], queryFn: async () => mail('IRS'), ...offline });
    await save(client, persister);
    await db.transaction('rw', db.tables, () => dropCompaniesOutside(db, []));
    await save(client, persister);
    expect(await db.pageCache.get(page)).toBeUndefined();

    await new Promise((resolve) => setTimeout(resolve, 2));
    await client.fetchQuery({ queryKey: [page], queryFn: async () => mail('State'), ...offline, staleTime: 0 });
    await save(client, persister);
    expect(await db.pageCache.get(page)).toMatchObject({ value: { state: { data: mail('State') } } });
  });

  it('reads a bare page left by the cache before this one as nothing, to be read again online', async () => {
    const db = openDb();
    await db.pageCache.put({ key: 'boi-report', value: [{ companyId: 'c1' }], cachedAt: '2026-11-21T09:00:00.000Z' });
    expect(await createPagePersister(() => db.pageCache).restore()).toEqual([]);
  });

  it('is one per user: restored from their database at start, saved back as answers arrive, forgotten at logout', async () => {
    const db = openDb();
    const seed = createQueryClient();
    await seed.fetchQuery({ queryKey: ['mailing:c1'], queryFn: async () => mail('IRS'), ...offline });
    await save(
      seed,
      createPagePersister(() => db.pageCache),
    );

    const ana = queryCacheOf('ana', () => db);
    await ana.restored;
    expect(ana.client.getQueryData(['mailing:c1'])).toEqual(mail('IRS'));
    expect(queryCacheOf('ana', () => db)).toBe(ana);
    await ana.client.fetchQuery({ queryKey: ['mailing:c2'], queryFn: async () => mail('State'), ...offline });
    await new Promise((resolve) => setTimeout(resolve, persistDelayMs + 200));
    expect((await keys(db)).sort()).toEqual(['mailing:c1', 'mailing:c2']);

    const bruno = queryCacheOf('bruno', () => db);
    expect(bruno.client).not.toBe(ana.client);
    expect(ana.client.getQueryCache().getAll()).toEqual([]);

    forgetQueries();
    expect(bruno.client.getQueryCache().getAll()).toEqual([]);
    expect(queryCacheOf('bruno', () => db).client).not.toBe(bruno.client);

    const nobody = queryCacheOf(null, () => db);
    await nobody.client.fetchQuery({ queryKey: ['mailing:c3'], queryFn: async () => mail('IRS'), ...offline });
    await new Promise((resolve) => setTimeout(resolve, persistDelayMs + 200));
    expect(await keys(db)).not.toContain('mailing:c3');
    forgetQueries();
  });
});
