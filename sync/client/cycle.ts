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
    // The server cannot acknowledge less than it was sent without a gap error; stop rather than loop.
    if (result.value.lastMutationId < request.mutations.at(-1)!.id) break;
    acknowledged = result.value.lastMutationId;
  }
  for (let stale = 0; ; ) {
    const request = await replica.nextPull();
    const result = await transport.pull(request);
    if (!result.ok) return result.failure;
    const outcome = await replica.applyPull(request, result.value);
    if (outcome === 'stale' && ++stale > staleLimit) return { kind: 'server', status: 0, code: 'stale', retryAfterMs: null };
    if (outcome === 'applied' && !result.value.hasMore) return null;
  }
}
