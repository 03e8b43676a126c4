import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import { companyPageKey, dropCompaniesOutside } from '@sync/client/company-caches';
import { useTestDatabases } from '@sync/client/test-databases';
import type { AppDB } from '@sync/client/db';
import { createPagePersister } from './page-persister';
import { dehydrateOptions, forgetQueries, queryCacheOf } from './query-cache';
import { createQueryClient } from './query-client';

const openDb = useTestDatabases();
const mail = (sender: string) => ({ items: [{ id: 'm1', sender }] });
const save = (db: AppDB, client = createQueryClient(), persister = createPagePersister(() => db.pageCache)) =>
  persistQueryClientSave({ queryClient: client, persister, dehydrateOptions }).then(() => ({ client, persister }));

describe('the query cache kept in the user’s database', () => {
  it('keeps the offline pages (one pageCache row each, by their key) and not the online-only answers, and restores them into a new cache', async () => {
    const db = openDb();
    const client = createQueryClient();
    const mailing = companyPageKey('c1', 'mailing');
    await client.fetchQuery({ queryKey: [mailing], queryFn: async () => mail('IRS'), meta: { offline: true } });
    await client.fetchQuery({ queryKey: ['billing', 'cards'], queryFn: async () => [{ last4: '4242' }] });
    await save(db, client);
    expect((await db.pageCache.toArray()).map((row) => row.key)).toEqual([mailing]);

    const restored = createQueryClient();
    await persistQueryClientRestore({ queryClient: restored, persister: createPagePersister(() => db.pageCache), maxAge: Infinity });
    expect(restored.getQueryData([mailing])).toEqual(mail('IRS'));
    expect(restored.getQueryData(['billing', 'cards'])).toBeUndefined();
  });

  it('does not write back a page the sync engine dropped (a company the user left), until a new answer comes', async () => {
    const db = openDb();
    const client = createQueryClient();
    const page = companyPageKey('c1');
    await client.fetchQuery({ queryKey: [page], queryFn: async () => mail('IRS'), meta: { offline: true } });
    const { persister } = await save(db, client);
    await db.transaction('rw', db.tables, () => dropCompaniesOutside(db, []));
    await save(db, client, persister);
    expect(await db.pageCache.get(page)).toBeUndefined();

    await client.fetchQuery({ queryKey: [page], queryFn: async () => mail('State'), meta: { offline: true }, staleTime: 0 });
    await save(db, client, persister);
    expect(await db.pageCache.get(page)).toMatchObject({ value: { state: { data: mail('State') } } });
  });

  it('reads a bare page left by the cache before this one as nothing, to be read again online', async () => {
    const db = openDb();
    await db.pageCache.put({ key: 'boi-report', value: [{ companyId: 'c1' }], cachedAt: '2026-11-21T09:00:00.000Z' });
    const restored = createQueryClient();
    await persistQueryClientRestore({ queryClient: restored, persister: createPagePersister(() => db.pageCache), maxAge: Infinity });
    expect(restored.getQueryData(['boi-report'])).toBeUndefined();
  });

  it('is one per user and is forgotten at logout; with no one signed in nothing is written', async () => {
    const db = openDb();
    const ana = queryCacheOf('ana', () => db);
    ana.client.setQueryData(['mailing:c1'], mail('IRS'));
    expect(queryCacheOf('ana', () => db)).toBe(ana);

    const bruno = queryCacheOf('bruno', () => db);
    expect(bruno.client).not.toBe(ana.client);
    expect(ana.client.getQueryCache().getAll()).toEqual([]);

    bruno.client.setQueryData(['mailing:c2'], mail('IRS'));
    forgetQueries();
    expect(bruno.client.getQueryCache().getAll()).toEqual([]);
    expect(queryCacheOf('bruno', () => db).client).not.toBe(bruno.client);

    const nobody = queryCacheOf(null, () => db);
    await nobody.client.fetchQuery({ queryKey: ['mailing:c3'], queryFn: async () => mail('IRS'), meta: { offline: true } });
    await save(db, nobody.client, nobody.persister);
    expect(await db.pageCache.count()).toBe(0);
    forgetQueries();
  });
});
