import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protocolVersion, type Mutation } from '@sync/protocol';
import { rateLimits } from '../db/schema/auth';
import { draftRow, insertTestCompany } from '../sync/test-fixtures';
import { guestDraftRateRule } from './drafts';
import { createUser, signIn } from '../test/accounts';
import { readEventStream } from '../test/event-stream';
import { cookiesFrom, createTestApp, serveOverHttp, type TestApp } from '../test/harness';

let t: TestApp;
let ana: { id: string; cookies: string };
let bruno: { id: string; cookies: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t);
  const b = await createUser(t);
  ana = { id: a.id, cookies: await signIn(t, a.email) };
  bruno = { id: b.id, cookies: await signIn(t, b.email) };
});
afterAll(() => t.close());

const createdAt = '2026-11-21T10:00:00.000Z';
const mutation = (id: number, name: string, args: unknown): Mutation => ({ id, name, args, createdAt });
const push = (cookies: string, body: unknown) => t.request('/api/v1/sync/push', { method: 'POST', cookies, json: body });
const pull = (cookies: string, body: unknown) => t.request('/api/v1/sync/pull', { method: 'POST', cookies, json: body });

describe('POST /api/v1/sync/push and /pull', () => {
  it('pushes and pulls the signed-in user’s drafts', async () => {
    const clientId = randomUUID();
    const draft = draftRow();
    const pushed = await push(ana.cookies, { clientId, protocolVersion, mutations: [mutation(1, 'saveDraft', draft)] });
    expect(pushed.status).toBe(200);
    expect(await pushed.json()).toEqual({ lastMutationId: 1, rejections: [] });

    const pulled = await pull(ana.cookies, { clientId, protocolVersion, cursor: null, lastMutationId: 0 });
    expect(pulled.status).toBe(200);
    expect(await pulled.json()).toMatchObject({ lastMutationId: 1, hasMore: false, resync: true, changes: { drafts: { puts: [draft], deletes: [] } } });

    const other = await pull(bruno.cookies, { clientId: randomUUID(), protocolVersion, cursor: null, lastMutationId: 0 });
    expect((await other.json()).changes).toEqual({});
  });

  it('answers 401 without a session and keeps nothing', async () => {
    const response = await push('', { clientId: randomUUID(), protocolVersion, mutations: [mutation(1, 'saveDraft', draftRow())] });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('unauthorized');
    expect((await pull('', { clientId: randomUUID(), protocolVersion, cursor: null, lastMutationId: 0 })).status).toBe(401);
  });

  it('tells a client speaking an old protocol to reload', async () => {
    const response = await push(ana.cookies, { clientId: randomUUID(), protocolVersion: 0, mutations: [mutation(1, 'saveDraft', draftRow())] });
    expect(response.status).toBe(409);
    expect((await response.json()).code).toBe('sync_client_outdated');
  });

  it('refuses a gap with 409 sync_mutation_gap', async () => {
    const clientId = randomUUID();
    const response = await push(ana.cookies, { clientId, protocolVersion, mutations: [mutation(5, 'saveDraft', draftRow())] });
    expect(response.status).toBe(409);
    expect((await response.json()).code).toBe('sync_mutation_gap');
  });

  it('refuses a batch whose ids do not increase by one, and unknown fields', async () => {
    const clientId = randomUUID();
    const disordered = await push(ana.cookies, {
      clientId,
      protocolVersion,
      mutations: [mutation(1, 'saveDraft', draftRow()), mutation(3, 'saveDraft', draftRow())],
    });
    expect(disordered.status).toBe(400);
    const extra = await push(ana.cookies, {
      clientId,
      protocolVersion,
      mutations: [mutation(1, 'saveDraft', draftRow())],
      __proto__: { admin: true },
      userId: bruno.id,
    });
    expect(extra.status).toBe(400);
    expect((await extra.json()).errors).toMatchObject({ userId: ['validation.unknownField'] });
  });

  it('pokes the user’s other devices over server-sent events, not other users', async () => {
    const anaEvents = await t.request('/api/v1/sync/events', { cookies: ana.cookies });
    const brunoEvents = await t.request('/api/v1/sync/events', { cookies: bruno.cookies });
    expect(anaEvents.status).toBe(200);
    expect(anaEvents.headers.get('content-type')).toContain('text/event-stream');
    const anaStream = readEventStream(anaEvents);
    const brunoStream = readEventStream(brunoEvents);
    await anaStream.until('ready');
    expect(anaStream.received).toContain(`"heartbeatMs":${t.env.SYNC_HEARTBEAT_MS}`);

    const clientId = randomUUID();
    await push(ana.cookies, { clientId, protocolVersion, mutations: [mutation(1, 'saveDraft', draftRow())] });
    await anaStream.until('poke');
    expect(anaStream.received).toContain(`"clientId":"${clientId}"`);

    // Bruno's stream only said hello.
    await brunoStream.until('ready');
    expect(await brunoStream.quietFor('poke', 300)).toBe(true);
    await anaStream.cancel();
    await brunoStream.cancel();
  });

  it("pokes a company's teammates when its rows change", async () => {
    const companyId = await insertTestCompany(t.database.db, ana.id, [bruno.id]);
    const events = readEventStream(await t.request('/api/v1/sync/events', { cookies: bruno.cookies }));
    await events.until('ready');
    const account = { id: randomUUID(), companyId, name: 'Petty cash', createdAt };
    const pushed = await push(ana.cookies, { clientId: randomUUID(), protocolVersion, mutations: [mutation(1, 'createManualAccount', account)] });
    expect((await pushed.json()).rejections).toEqual([]);
    await events.until('poke');
    await events.cancel();
  });

  it('refuses the event stream without a session', async () => {
    expect((await t.request('/api/v1/sync/events')).status).toBe(401);
  });
});

describe('GET /api/v1/sync/events when a stream replaces another', () => {
  // Over real HTTP, as a browser: heartbeats every second, so the old stream's loop wakes (and
  // used to unsubscribe a second time) after the new stream subscribed, as after a reload.
  let live: TestApp;
  let server: Awaited<ReturnType<typeof serveOverHttp>>;
  let user: { id: string; cookies: string };
  beforeAll(async () => {
    live = await createTestApp({ SYNC_HEARTBEAT_MS: '1000' });
    const created = await createUser(live);
    user = { id: created.id, cookies: await signIn(live, created.email) };
    server = await serveOverHttp(live.app);
  });
  afterAll(async () => {
    await server.close();
    await live.close();
  });
  const open = async () => readEventStream(await fetch(`${server.base}/api/v1/sync/events`, { headers: { cookie: user.cookies } }));
  let next = 1;
  const clientId = randomUUID();
  const change = () =>
    live.request('/api/v1/sync/push', {
      method: 'POST',
      cookies: user.cookies,
      json: { clientId, protocolVersion, mutations: [mutation(next++, 'saveDraft', draftRow())] },
    });

  it('keeps poking the new stream after the old one closed, at once and after its next heartbeat', async () => {
    // A tab reloads: stream X opens and is aborted, stream Y replaces it.
    const x = await open();
    await x.until('ready');
    await x.cancel();
    const y = await open();
    await y.until('ready');

    expect((await change()).status).toBe(200);
    await y.until('poke', 1);
    // Y opened after X closed, so by Y's first heartbeat X's loop has woken and ended (unsubscribing again); Y still gets every poke.
    await y.until('heartbeat', 1);
    expect((await change()).status).toBe(200);
    expect((await change()).status).toBe(200);
    await y.until('poke', 3);
    await y.cancel();
  });

  it('sends a heartbeat event the device can check, at the configured interval', async () => {
    const stream = readEventStream(await live.request('/api/v1/sync/events', { cookies: user.cookies }));
    await stream.until('ready');
    expect(stream.received).toContain('data: {"heartbeatMs":1000}');
    const started = Date.now();
    await stream.until('heartbeat', 2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 1000 - 100);
    await stream.cancel();
  });

  it('ends the stream after its lifetime, so the device reconnects and the session is checked again', async () => {
    const short = await createTestApp({ SYNC_HEARTBEAT_MS: '100', SYNC_STREAM_LIFETIME_MS: '1000' });
    try {
      const created = await createUser(short);
      const stream = readEventStream(await short.request('/api/v1/sync/events', { cookies: await signIn(short, created.email) }));
      await stream.until('ready');
      await expect(stream.until('never')).rejects.toThrow('the stream ended');
      expect(stream.count('heartbeat')).toBeGreaterThanOrEqual(5);
    } finally {
      await short.close();
    }
  }, 60_000);
});

describe('PUT /api/v1/drafts/:id (guest drafts)', () => {
  const secret = 'g'.repeat(43);
  const upload = { secret, kind: 'companyCreation', step: 2, data: { companyName: 'Acme' }, updatedAt: createdAt };

  it('stores a guest draft and lets only the same secret update it', async () => {
    const id = randomUUID();
    expect((await t.request(`/api/v1/drafts/${id}`, { method: 'PUT', json: upload })).status).toBe(200);
    expect((await t.request(`/api/v1/drafts/${id}`, { method: 'PUT', json: { ...upload, step: 3 } })).status).toBe(200);
    const stolen = await t.request(`/api/v1/drafts/${id}`, { method: 'PUT', json: { ...upload, secret: 'h'.repeat(43), data: {} } });
    expect(stolen.status).toBe(404);
  });

  it('refuses wizards a guest cannot start, bad secrets and huge drafts', async () => {
    const id = randomUUID();
    expect((await t.request(`/api/v1/drafts/${id}`, { method: 'PUT', json: { ...upload, kind: 'taxForm' } })).status).toBe(400);
    expect((await t.request(`/api/v1/drafts/${id}`, { method: 'PUT', json: { ...upload, secret: 'short' } })).status).toBe(400);
    const huge = await t.request(`/api/v1/drafts/${id}`, { method: 'PUT', json: { ...upload, data: { text: 'x'.repeat(250_000) } } });
    expect(huge.status).toBe(400);
    expect((await t.request('/api/v1/drafts/not-a-uuid', { method: 'PUT', json: upload })).status).toBe(400);
  });

  it('moves the guest draft under the account registered with its companyDraftId', async () => {
    const id = randomUUID();
    // The server stamps its own time on the upload: the version devices compare.
    const { updatedAt } = (await (await t.request(`/api/v1/drafts/${id}`, { method: 'PUT', json: upload })).json()) as { updatedAt: string };
    const registered = await t.request('/api/v1/users', {
      method: 'POST',
      json: {
        firstName: 'Lucía',
        lastName: 'Gómez',
        email: `lucia-${id}@example.com`,
        password: 'Secret#2026',
        acceptTerms: true,
        language: 'es',
        companyDraftId: id,
      },
      headers: { 'x-draft-secret': upload.secret },
    });
    expect(registered.status).toBe(201);
    const cookies = cookiesFrom(registered);
    const pulled = await pull(cookies, { clientId: randomUUID(), protocolVersion, cursor: null, lastMutationId: 0 });
    expect((await pulled.json()).changes.drafts.puts).toEqual([
      { id, kind: 'companyCreation', companyId: null, step: 2, data: { companyName: 'Acme' }, updatedAt },
    ]);
    // Linked: the guest secret no longer opens it.
    expect((await t.request(`/api/v1/drafts/${id}`, { method: 'PUT', json: upload })).status).toBe(404);
  });

  it("cannot overwrite a signed-in user's draft", async () => {
    const draft = draftRow();
    await push(ana.cookies, { clientId: randomUUID(), protocolVersion, mutations: [mutation(1, 'saveDraft', draft)] });
    expect((await t.request(`/api/v1/drafts/${draft.id}`, { method: 'PUT', json: upload })).status).toBe(404);
  });
});

describe('guest draft rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => limited.close());
  const upload = { secret: 'g'.repeat(43), kind: 'companyCreation', step: 2, data: {}, updatedAt: createdAt };
  const at = (ip: string) => ({ method: 'PUT', json: upload, headers: { 'x-forwarded-for': ip } });
  const key = 'guestDraft:ip:203.0.113.9';

  it('counts every upload per address and refuses a locked address', async () => {
    expect((await limited.request(`/api/v1/drafts/${randomUUID()}`, at('203.0.113.9'))).status).toBe(200);
    const [counter] = await limited.database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(counter!.hits).toBe(1);
    // The budget's last upload locks the address (priming the counter instead of sending 300 requests).
    await limited.database.db
      .update(rateLimits)
      .set({ hits: guestDraftRateRule.max - 1 })
      .where(eq(rateLimits.key, key));
    expect((await limited.request(`/api/v1/drafts/${randomUUID()}`, at('203.0.113.9'))).status).toBe(200);
    const refused = await limited.request(`/api/v1/drafts/${randomUUID()}`, at('203.0.113.9'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.request(`/api/v1/drafts/${randomUUID()}`, at('198.51.100.4'))).status).toBe(200);
  });
});
