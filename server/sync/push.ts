import { and, asc, between, eq, sql } from 'drizzle-orm';
import { isMutationRejection, runMutator, type ServerMutatorTx } from '@sync/mutator';
import { findMutator } from '@sync/mutators';
import type { PushRequest, PushResponse, Rejection, RejectionCode } from '@sync/protocol';
import type { Db } from '../db/client';
import { syncClients, syncRejections } from '../db/schema/sync';
import { ProblemError } from '../lib/problem';
import { classifyFailure } from './failures';
import { notifyScopes } from './poke';
import { companyRolesOf } from './scope';
import { createServerTx } from './server-tx';
import { syncWriteLock } from './write-lock';

/**
 * Applies a client's batch of mutations exactly once, in one database transaction:
 *
 * 1. Take the sync write lock (every writer of synced rows queues on it until commit), then
 *    lock the client's row with `SELECT … FOR UPDATE`: two pushes of the same client — two
 *    tabs, a retry racing its lost original, two server instances — run one after the other,
 *    and the second sees the first's `lastMutationId`.
 * 2. Ids at or below `lastMutationId` are acknowledged and skipped. A first new id beyond
 *    `lastMutationId + 1` is a gap: 409 `sync_mutation_gap`, rolled back, no side effects.
 * 3. A permanent rejection rolls back only its own effects (a savepoint; see
 *    `NeedsSavepoints`), is recorded with its reason code, and still advances `lastMutationId`.
 *    A transient failure aborts the whole transaction: 503 `sync_unavailable`, the client
 *    retries the same batch.
 * 4. `lastMutationId` is written in the same transaction as the effects, and the affected
 *    users are poked by NOTIFY, which PostgreSQL delivers only if the transaction commits.
 */
export async function applyPush(db: Db, userId: string, request: PushRequest): Promise<PushResponse> {
  try {
    return await pushOnce(db, userId, request, false);
  } catch (error) {
    if (!(error instanceof NeedsSavepoints)) throw error;
    return pushOnce(db, userId, request, true);
  }
}

/**
 * Savepoints cost two statements per mutation, and almost every mutation either succeeds or
 * refuses before writing anything, which needs no rollback. So a batch first runs without
 * them; if a mutation fails after it wrote (or the database refused a statement), the whole
 * transaction is rolled back and the batch runs again with a savepoint around each mutation.
 */
class NeedsSavepoints extends Error {}

async function pushOnce(db: Db, userId: string, request: PushRequest, savepoints: boolean): Promise<PushResponse> {
  const firstId = request.mutations[0]!.id;
  return db.transaction(async (tx) => {
    await syncWriteLock(tx);
    await tx.insert(syncClients).values({ clientId: request.clientId, userId, lastMutationId: 0 }).onConflictDoNothing();
    const [client] = await tx
      .select({ lastMutationId: syncClients.lastMutationId })
      .from(syncClients)
      .where(and(eq(syncClients.clientId, request.clientId), eq(syncClients.userId, userId)))
      .for('update');
    const known = client!.lastMutationId;
    let last = known;
    const pending = request.mutations.filter((mutation) => mutation.id > known);
    if (pending.length > 0 && pending[0]!.id !== known + 1) {
      throw new ProblemError(409, 'sync_mutation_gap', undefined, undefined, `expected mutation ${known + 1}, got ${pending[0]!.id}`);
    }

    const roles = await companyRolesOf(tx, userId);
    const touched = new Set<string>();
    const serverTx = createServerTx(tx, userId, roles, touched);
    let wrote = false;
    const tracked: ServerMutatorTx = {
      ...serverTx,
      put: (table, row) => ((wrote = true), serverTx.put(table, row)),
      putMany: (table, rows) => ((wrote = true), serverTx.putMany(table, rows)),
      delete: (table, id) => ((wrote = true), serverTx.delete(table, id)),
    };
    const rejected: { mutationId: number; mutationName: string; code: RejectionCode }[] = [];

    for (const mutation of pending) {
      wrote = false;
      if (savepoints) await tx.execute(sql`savepoint sync_mutation`);
      try {
        const mutator = findMutator(mutation.name);
        if (!mutator) throw new UnknownMutator();
        await runMutator(mutator, tracked, mutation.args);
        if (savepoints) await tx.execute(sql`release savepoint sync_mutation`);
      } catch (error) {
        const outcome = error instanceof UnknownMutator ? 'unknown_mutator' : classifyFailure(error);
        if (outcome === 'transient') throw new ProblemError(503, 'sync_unavailable', undefined, { 'Retry-After': '5' });
        // Without a savepoint, only a refusal that changed nothing (and left the transaction usable) can be skipped.
        if (!savepoints && (wrote || !(isMutationRejection(error) || error instanceof UnknownMutator))) throw new NeedsSavepoints();
        if (savepoints) await tx.execute(sql`rollback to savepoint sync_mutation`);
        if (outcome === 'internal') {
          console.error(JSON.stringify({ level: 'error', msg: 'mutation failed', mutation: mutation.name, error: String((error as Error)?.stack ?? error) }));
        }
        rejected.push({ mutationId: mutation.id, mutationName: mutation.name, code: outcome });
      }
      last = mutation.id;
    }

    if (rejected.length > 0) {
      await tx
        .insert(syncRejections)
        .values(rejected.map((rejection) => ({ clientId: request.clientId, userId, ...rejection })))
        .onConflictDoNothing();
    }
    if (last !== known) {
      await tx
        .update(syncClients)
        .set({ lastMutationId: last, updatedAt: sql`now()` })
        .where(and(eq(syncClients.clientId, request.clientId), eq(syncClients.userId, userId)));
    }
    await notifyScopes(tx, touched, request.clientId);

    const lastPushed = request.mutations.at(-1)!.id;
    const rejections: Rejection[] = await tx
      .select({ mutationId: syncRejections.mutationId, code: syncRejections.code })
      .from(syncRejections)
      .where(
        and(
          eq(syncRejections.clientId, request.clientId),
          eq(syncRejections.userId, userId),
          between(syncRejections.mutationId, firstId, Math.min(lastPushed, last)),
        ),
      )
      .orderBy(asc(syncRejections.mutationId)) as Rejection[];
    return { lastMutationId: last, rejections };
  });
}

class UnknownMutator extends Error {}
