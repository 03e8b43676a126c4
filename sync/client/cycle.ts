import type { PullRequest, PullResponse } from '@sync/protocol';
import type { Replica } from './replica';
import type { SyncFailure, SyncTransport } from './transport';

/** How often a pull page may find its cursor moved by another tab before the cycle gives up for now. */
const staleLimit = 3;

/**
 * Sends the whole outbox: returns the failure that stopped it, or null. `pushOutbox` on this
 * thread, or the same function in the sync push worker (`workers/sync-push.worker.ts`), which
 * reads the outbox over its own connection: an import chunk's entry (2,500 lines and their
 * pre-images) takes tens of milliseconds to read from IndexedDB and as long again to hand to
 * `fetch`, which the page's main thread then does not pay.
 */
export type OutboxPusher = () => Promise<SyncFailure | null>;

/**
 * One sync cycle: push the whole outbox (`push`, by default `pushOutbox` on this thread), then
 * pull every page and rebase. Returns the failure that stopped it, or null. Pushing first means
 * a pull never has to replay what the server already holds; pulling even with nothing to push
 * brings other devices' changes.
 */
export async function syncCycle(
  replica: Replica,
  transport: SyncTransport,
  push: OutboxPusher = () => pushOutbox(replica, transport),
): Promise<SyncFailure | null> {
  const failure = await push();
  if (failure) return failure;
  return pullAll(replica, transport);
}

/**
 * Pushes the whole outbox in id order, batch after batch, each continuing after what the
 * server acknowledged. Returns the failure that stopped it, or null.
 */
export async function pushOutbox(replica: Replica, transport: SyncTransport): Promise<SyncFailure | null> {
  let acknowledged = (await replica.meta()).lastMutationId;
  let next = replica.nextPush(acknowledged);
  for (;;) {
    const request = await next;
    if (!request) break;
    const answer = transport.push(request);
    // The batch after this one is read from the outbox while this one is on its way: a guess
    // that the server takes all of it, which it does unless it stops short (below). Only this
    // cycle changes entries already queued (a pull's rebase, after the pushes), and new ones
    // come after, so the guess reads what a read after the answer would.
    const sent = request.mutations.at(-1)!.id;
    const ahead = replica.nextPush(sent);
    // A guess dropped (a failed push) must not surface as an unhandled rejection.
    ahead.catch(() => {});
    const result = await answer;
    if (!result.ok) return result.failure;
    // A push answered short stopped before a deferred mutation (decision 054): the next push
    // starts with it, and is answered 429 with Retry-After while it must wait. One that moved
    // nothing ends the pushes rather than loop.
    if (result.value.lastMutationId <= acknowledged) break;
    acknowledged = result.value.lastMutationId;
    next = acknowledged === sent ? ahead : replica.nextPush(acknowledged);
  }
  return null;
}

/** Pulls every page from the stored cursor and rebases. Returns the failure that stopped it, or null. */
async function pullAll(replica: Replica, transport: SyncTransport): Promise<SyncFailure | null> {
  // The next pages are asked for while this one is applied, so the server and the network work
  // while Dexie writes: each answer, as it arrives, asks for the page after it, up to
  // `pullAhead` pages beyond the one being applied. A request is a guess of what `nextPull`
  // gives once the pages before it are applied; when a guess is wrong (another tab moved the
  // cursor, the replica took a new identity) the early answers are dropped and the right
  // request sent. The cursor only moves as a page is applied, in order: an early request that
  // fails ends the cycle after the pages before it, and the next cycle asks again from there.
  const pages: EarlyPage[] = [];
  // Once the cycle has ended (done, failed or stale), an answer still arriving asks for nothing more:
  // a 429's Retry-After or a 401 is not followed by further pulls.
  let ended = false;
  const ask = (request: PullRequest) => {
    const early: EarlyPage = { request, answer: transport.pull(request), page: null };
    pages.push(early);
    early.answer.then(
      (result) => {
        if (ended || !result.ok) return;
        early.page = result.value;
        askAhead();
      },
      // A dropped early answer must not surface as an unhandled rejection.
      () => {},
    );
  };
  const askAhead = () => {
    const last = pages.at(-1);
    if (!last?.page?.hasMore || pages.length > pullAhead) return;
    ask({ ...last.request, cursor: last.page.cursor, lastMutationId: Math.max(last.request.lastMutationId, last.page.lastMutationId) });
  };
  ask(await replica.nextPull());
  try {
    for (let stale = 0; ;) {
      const { request, answer } = pages[0]!;
      const result = await answer;
      if (!result.ok) return result.failure;
      const page = result.value;
      const outcome = await replica.applyPull(request, page);
      if (outcome === 'stale' && ++stale > staleLimit) return { kind: 'server', status: 0, code: 'stale', retryAfterMs: null };
      if (outcome === 'applied' && !page.hasMore) return null;
      pages.shift();
      const next = await replica.nextPull();
      if (pages[0] && samePull(pages[0].request, next)) askAhead();
      else {
        pages.length = 0;
        ask(next);
      }
    }
  } finally {
    ended = true;
  }
}

/** Pages asked for beyond the one being applied. */
const pullAhead = 2;

/** A pull request sent ahead, its answer, and the page once it arrived. */
interface EarlyPage {
  request: PullRequest;
  answer: ReturnType<SyncTransport['pull']>;
  page: PullResponse | null;
}

const samePull = (a: PullRequest, b: PullRequest) =>
  a.clientId === b.clientId && a.cursor === b.cursor && a.lastMutationId === b.lastMutationId && a.protocolVersion === b.protocolVersion;
