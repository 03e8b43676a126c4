import { afterEach, describe, expect, it, vi } from 'vitest';
import { backToAdmin } from './impersonation';

// "Return to admin" racing the screen's own requests (decision 028): a request of the customer's
// that met the switch was refused, and its refresh spent the admin's new refresh token.

const server = vi.hoisted(() => {
  const requests: string[] = [];
  let answerReminder: () => void = () => {};
  const reminderAnswered = new Promise<void>((resolve) => (answerReminder = resolve));
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  const admin = {
    id: '0d1f6a52-3c1e-4b8a-9a61-2f4a9c7e5b10',
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'admin@alta.test',
    phone: null,
    status: 'active',
    role: 'admin',
    language: 'en',
    companies: [],
    emailVerified: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    intercomUserHash: null,
    impersonatedBy: null,
  };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    requests.push(path);
    if (path === '/api/v1/renewals/summary') {
      await reminderAnswered;
      return json({ due: [] });
    }
    if (path === '/api/v1/admin/return') return json({ status: 'ok', data: admin });
    throw new Error(`unexpected request ${path}`);
  };
  return { requests, answerReminder, fetch, admin };
});

vi.mock('@src/lib/api', async (importOriginal) => {
  const original = await importOriginal<typeof import('@src/lib/api')>();
  return { ...original, api: original.createApiClient({ prefixUrl: 'http://alta.test/api/v1', fetch: server.fetch }) };
});
vi.mock('@src/features/session/hooks/use-sign-out', () => ({ sendUnsentWorkFirst: async () => {} }));
vi.mock('@src/features/sync/sync-runtime', () => ({ stopSyncEngine: async () => {} }));
const switched = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('@src/features/session/local-session', () => ({ switchBackToAdmin: switched }));

afterEach(() => vi.unstubAllGlobals());

describe('return to admin', () => {
  it("lets the screen's request on its way be answered first, and sends none of the customer's during the switch", async () => {
    const { api } = await import('@src/lib/api');
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    const reminder = api.get('renewals/summary');
    await vi.waitFor(() => expect(server.requests).toEqual(['/api/v1/renewals/summary']));

    const back = backToAdmin('en');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The switch waits for the request on its way; one asked for now stays on the device.
    expect(server.requests).toEqual(['/api/v1/renewals/summary']);
    await expect(api.get('renewals/summary')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    server.answerReminder();

    await expect(back).resolves.toEqual(server.admin);
    await expect(reminder).resolves.toEqual({ due: [] });
    expect(server.requests).toEqual(['/api/v1/renewals/summary', '/api/v1/admin/return']);
    expect(switched).toHaveBeenCalledWith(server.admin);
    expect(assign).toHaveBeenCalledWith('/en/admin');
  });
});
