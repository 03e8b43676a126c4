import { z } from 'zod';
import {
  pullResponseSchema,
  pushResponseSchema,
  tableChangesSchema,
  type PullRequest,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from '@sync/protocol';

/** Why a sync request did not succeed; each kind has its own reaction in the engine. */
export type SyncFailure =
  /** No answer at all (offline, DNS, connection reset): retried on `online` and with backoff. */
  | { kind: 'network' }
  /** The session is over: sync pauses, the queue is kept, the user is asked to sign in again. */
  | { kind: 'unauthorized' }
  /** This app version speaks an older protocol: sync pauses until the page is reloaded. */
  | { kind: 'outdated' }
  /** The server cannot continue this client's mutation ids: the replica resets its identity. */
  | { kind: 'gap' }
  /** Anything else (5xx, 429, an unexpected 4xx): retried with backoff. */
  | { kind: 'server'; status: number; code: string | null; retryAfterMs: number | null };

export type SyncResult<T> = { ok: true; value: T } | { ok: false; failure: SyncFailure };

/** How the engine talks to the server; the model tests plug a simulated network in here. */
export interface SyncTransport {
  push(request: PushRequest): Promise<SyncResult<PushResponse>>;
  pull(request: PullRequest): Promise<SyncResult<PullResponse>>;
}

/**
 * A pull page as the device checks it: the envelope by the protocol's schema, each row only for
 * being an object with an id. Checking 1,000 rows field by field with zod took several times
 * longer than `JSON.parse` itself, and a row's fields are the server's own (validated when
 * written); a page that fails this is still refused as malformed.
 */
const pullPageEnvelope = pullResponseSchema.extend({ changes: z.record(z.string(), tableChangesSchema.extend({ puts: z.array(z.unknown()) })) });
const isRow = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { id?: unknown }).id === 'string';
export const pullPageSchema = {
  safeParse(value: unknown): { success: true; data: PullResponse } | { success: false } {
    const parsed = pullPageEnvelope.safeParse(value);
    if (!parsed.success) return { success: false };
    for (const changes of Object.values(parsed.data.changes)) if (!changes.puts.every(isRow)) return { success: false };
    return { success: true, data: parsed.data as PullResponse };
  },
};

/**
 * The HTTP transport: `POST /api/v1/sync/push|pull` with the session cookies. A 401 first
 * tries one `POST /api/v1/auth/refresh` (access tokens are short-lived) and the call again.
 */
export function createHttpTransport(options: { baseUrl?: string; fetch?: typeof fetch } = {}): SyncTransport {
  const base = options.baseUrl ?? '/api/v1';
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  async function post<T>(
    path: string,
    body: unknown,
    schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  ): Promise<SyncResult<T>> {
    const send = () =>
      doFetch(`${base}${path}`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
    let response: Response;
    try {
      response = await send();
      if (response.status === 401) {
        const refreshed = await doFetch(`${base}/auth/refresh`, { method: 'POST', credentials: 'include' });
        if (!refreshed.ok) return { ok: false, failure: { kind: 'unauthorized' } };
        response = await send();
      }
    } catch {
      return { ok: false, failure: { kind: 'network' } };
    }
    if (response.ok) {
      const parsed = schema.safeParse(await response.json().catch(() => null));
      if (parsed.success) return { ok: true, value: parsed.data };
      return { ok: false, failure: { kind: 'server', status: response.status, code: 'malformed_response', retryAfterMs: null } };
    }
    const problem = (await response.json().catch(() => null)) as { code?: unknown } | null;
    const code = typeof problem?.code === 'string' ? problem.code : null;
    if (response.status === 401) return { ok: false, failure: { kind: 'unauthorized' } };
    if (code === 'sync_client_outdated') return { ok: false, failure: { kind: 'outdated' } };
    if (code === 'sync_mutation_gap') return { ok: false, failure: { kind: 'gap' } };
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      ok: false,
      failure: { kind: 'server', status: response.status, code, retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null },
    };
  }

  return {
    push: (request) => post('/sync/push', request, pushResponseSchema),
    pull: (request) => post('/sync/pull', request, pullPageSchema),
  };
}
