import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from './context';
import { transactions } from './db/schema/bookkeeping';
import { companies } from './db/schema/companies';
import { users } from './db/schema/users';
import { demoOwner, ensureAdmin, prepareAccounts } from './seed';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalStorage } from './providers/storage/local-storage';
import { createUser, signIn } from './test/accounts';
import { answeredWith, createTestApp, type TestApp } from './test/harness';

const depsOf = (t: TestApp, env: Partial<AppDeps['env']> = {}): AppDeps => ({
  env: { ...t.env, ...env },
  database: t.database,
  mailer: { send: async () => {} },
  now: () => t.clock.now,
});

describe('admin and demo data at start', () => {
  // One database for the file (opening one runs every migration, slow on a busy machine),
  // emptied before each test: every test starts from a first start.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(companies);
    await t.database.db.delete(users);
  });

  it('creates the admin and, on an empty database, the demo owner with a company in progress; prints how to sign in', async () => {
    const lines: string[] = [];
    await prepareAccounts(depsOf(t, { NODE_ENV: 'development' }), (line) => lines.push(line));
    const rows = await t.database.db.select().from(users);
    expect(rows.map((row) => row.email).sort()).toEqual([t.env.ADMIN_EMAIL, demoOwner.email].sort());
    const demo = rows.find((row) => row.email === demoOwner.email)!;
    expect(demo).toMatchObject({ firstName: 'Demo', lastName: 'Owner', language: 'es' });
    expect(await t.database.db.select().from(companies).where(eq(companies.ownerId, demo.id))).toEqual([
      expect.objectContaining({ type: 'LLC', state: 'WY', status: 'ObtainingEin' }),
    ]);
    // A year of books, so the bookkeeping workspace shows work on a first start.
    const [company] = await t.database.db.select().from(companies).where(eq(companies.ownerId, demo.id));
    const books = await t.database.db.select().from(transactions).where(eq(transactions.companyId, company!.id));
    expect(books.length).toBeGreaterThan(300);
    expect(books.some((row) => row.category === null)).toBe(true);
    expect(lines.join('\n')).toContain('http://localhost:3000/es/login');
    expect(lines.join('\n')).toContain(`${demoOwner.email} / ${demoOwner.password}`);

    const login = await t.request('/api/v1/login', { method: 'POST', json: { email: demoOwner.email, password: demoOwner.password } });
    expect((await login.json()).data.companies).toHaveLength(1);
    // Formed in an earlier year and last year's return never sent: pending. Its renewal is settled,
    // so the demo meets the declarations reminder and no renewal one.
    const cookies = await signIn(t, demoOwner.email, demoOwner.password);
    const pending = await (await t.request('/api/v1/tax-forms/pending', { headers: { cookie: cookies } })).json();
    expect(pending.llcSingleMemberOrCcorpResult).toMatchObject({ companiesCount: 1, companyName: 'Demo Ventures LLC' });
    const renewals = await (await t.request('/api/v1/renewals/summary', { headers: { cookie: cookies } })).json();
    expect(renewals).toMatchObject({ pendingCount: 0, overdueCount: 0 });

    await prepareAccounts(depsOf(t, { NODE_ENV: 'development' }), () => {});
    expect(await t.database.db.select().from(users)).toHaveLength(2);
  });

  it('gives the demo company sample mail, scanned PDFs in storage, listed for the demo owner', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'alta-seed-'));
    try {
      const deps = depsOf(t, { NODE_ENV: 'development', DATA_DIR: dataDir });
      const storage = createLocalStorage({ dataDir, appUrl: t.env.APP_URL, secret: t.env.SESSION_SECRET, now: deps.now });
      await prepareAccounts(deps, () => {}, storage);
      const cookies = await signIn(t, demoOwner.email, demoOwner.password);
      const [company] = await t.database.db.select().from(companies);
      const mail = (await (await t.request(`/api/v1/companies/${company!.id}/mail`, { cookies })).json()).items;
      expect(mail.map((item: { sender: string }) => item.sender)).toEqual(['Internal Revenue Service', 'Wyoming Secretary of State', 'First Federal Bank']);
      const stored = await storage.head(mail[0].file.key);
      expect(new TextDecoder().decode(stored!.leadingBytes.slice(0, 5))).toBe('%PDF-');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('never seeds a database that has users', async () => {
    await createUser(t);
    await prepareAccounts(depsOf(t, { NODE_ENV: 'development' }), () => {});
    expect((await t.database.db.select().from(users).where(eq(users.email, demoOwner.email))).length).toBe(0);
  });

  it('never seeds in production, and prints no credentials there', async () => {
    const lines: string[] = [];
    await prepareAccounts(depsOf(t, { NODE_ENV: 'production' }), (line) => lines.push(line));
    expect((await t.database.db.select().from(users)).map((row) => row.email)).toEqual([t.env.ADMIN_EMAIL]);
    expect(lines).toEqual([]);
  });

  it('brings the admin back to ADMIN_PASSWORD and active at every start', async () => {
    await ensureAdmin(depsOf(t));
    await t.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.email, t.env.ADMIN_EMAIL));
    await ensureAdmin(depsOf(t, { ADMIN_PASSWORD: 'Changed#2026' }));
    const login = await t.request('/api/v1/login', { method: 'POST', json: { email: t.env.ADMIN_EMAIL, password: 'Changed#2026' } });
    expect(login.status).toBe(200);
    expect((await login.json()).data.role).toBe('admin');
    expect(await answeredWith(await t.request('/api/v1/login', { method: 'POST', json: { email: t.env.ADMIN_EMAIL, password: t.env.ADMIN_PASSWORD } }))).toBe(
      '401 invalid_credentials',
    );
  });

  it('refuses to start with a weak admin password', async () => {
    await expect(ensureAdmin(depsOf(t, { ADMIN_PASSWORD: 'admin' }))).rejects.toThrow(/ADMIN_PASSWORD/);
  });
});
