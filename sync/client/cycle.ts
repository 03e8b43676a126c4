import type { PullRequest } from '@sync/protocol';
import type { Replica } from './replica';
import type { SyncFailure, SyncTransport } from './transport';

/** How often a pull page may find its cursor moved by another tab before the cycle gives up for now. */
const staleLimit = 3;

/**
 * One sync cycle: push the whole outbox in id order (batch after batch, each continuing after
 * what the server acknowledged), then pull every page and rebase. Returns the failure that
 * stopped it, or null. Pushing first means a pull never has to replay what the server
 * already holds; pulling even with nothing to push brings other devices' changes.
 */
export async function syncCycle(replica: Replica, transport: SyncTransport): Promise<SyncFailure | null> {
  let acknowledged = (await replica.meta()).lastMutationId;
  for (;;) {
    const request = await replica.nextPush(acknowledged);
    if (!request) break;
    const result = await transport.push(request);
    if (!result.ok) return result.failure;
    // A push answered short stopped before a deferred mutation (decision 054): the next push
    // starts with it, and is answered 429 with Retry-After while it must wait. One that moved
    // nothing ends the pushes rather than loop.
    if (result.value.lastMutationId <= acknowledged) break;
    acknowledged = result.value.lastMutationId;
  }
  // The next page is asked for while this one is applied, so the server and the network work
  // while Dexie writes. Its request is a guess of what `nextPull` gives once this page is applied;
  // when the guess is wrong (another tab moved the cursor, the replica took a new identity) the
  // early answer is dropped and the right request sent.
  let request = await replica.nextPull();
  let answer = transport.pull(request);
  for (let stale = 0; ;) {
    const result = await answer;
    if (!result.ok) return result.failure;
    const page = result.value;
    const guess: PullRequest | null = page.hasMore
      ? { ...request, cursor: page.cursor, lastMutationId: Math.max(request.lastMutationId, page.lastMutationId) }
      : null;
    const early = guess ? transport.pull(guess) : null;
    // A dropped early answer must not surface as an unhandled rejection.
    early?.catch(() => {});
    const outcome = await replica.applyPull(request, page);
    if (outcome === 'stale' && ++stale > staleLimit) return { kind: 'server', status: 0, code: 'stale', retryAfterMs: null };
    if (outcome === 'applied' && !page.hasMore) return null;
    const next = await replica.nextPull();
    if (early && guess && samePull(guess, next)) {
      request = guess;
      answer = early;
    } else {
      request = next;
      answer = transport.pull(next);
    }
  }
}

const samePull = (a: PullRequest, b: PullRequest) =>
  a.clientId === b.clientId && a.cursor === b.cursor && a.lastMutationId === b.lastMutationId && a.protocolVersion === b.protocolVersion;
