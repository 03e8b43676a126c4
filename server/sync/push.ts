import { setImmediate, setTimeout } from 'node:timers/promises';
import { and, asc, between, eq, sql, type SQL } from 'drizzle-orm';
import { isMutationDeferral, isMutationRejection, parseMutatorArgs, reject, type Mutator, type RowRef } from '@sync/mutator';
import { findMutator } from '@sync/mutators';
import type { PushRequest, PushResponse, Rejection, RejectionCode } from '@sync/protocol';
import type { Db } from '../db/client';
import { syncRejections } from '../db/schema/sync';
import { ProblemError } from '../lib/problem';
import { logError } from '../lib/log-error';
import { classifyFailure } from './failures';
import { notifyStatement } from './poke';
import { createBatchedTx } from './batched-tx';
import { createServerStore } from './server-tx';
import { openPushStep } from './write-lock';

/**
 * Applies a client's batch of mutations exactly once, in one database transaction:
 *
 * 1. Take the write lock of every scope the user sees (own rows, each company; see
 *    `write-lock.ts`): every writer of those scopes queues on it until commit, writers of other
 *    scopes do not. Then lock the client's row with `SELECT … FOR UPDATE`: two pushes of the
 *    same client — two tabs, a retry racing its lost original, two server instances — run one
 *    after the other, and the second sees the first's `lastMutationId`.
 * 2. Ids at or below `lastMutationId` are acknowledged and skipped. A first new id beyond
 *    `lastMutationId + 1` is a gap: 409 `sync_mutation_gap`, rolled back, no side effects.
 * 3. A permanent rejection loses only its own effects (staged writes dropped, or a savepoint;
 *    see `NeedsSavepoints`), is recorded with its reason code, and still advances `lastMutationId`.
 *    A transient failure aborts the whole transaction: 503 `sync_unavailable`, the client
 *    retries the same batch.
 * 4. `lastMutationId` is written in the same transaction as the effects, and the affected
 *    users are poked by NOTIFY, which PostgreSQL delivers only if the transaction commits.
 * 5. A deferred mutation (`defer`: the import cooldown) ends the push before it: the ones before
 *    it are applied and answered; when it is the first, 429 `sync_deferred` with Retry-After,
 *    which the device waits out before sending it again (decision 054).
 */
export async function applyPush(db: Db, userId: string, request: PushRequest, options: PushOptions = {}): Promise<PushResponse> {
  const rejections = new Map<number, Rejection>();
  let lastMutationId = 0;
  let finished = 0;
  let progressed = false;
  for (const step of (options.plan ?? (await planPush(request.mutations, options.stepRows))).steps) {
    const { id } = step.mutations[0]!;
    // The rest of a mutation already processed (before, or refused by an earlier part) is skipped.
    if (step.part && id <= finished) continue;
    const { deferredSeconds, progress, ...response } = await applyStep(db, userId, request.clientId, step, options.permitted);
    for (const rejection of response.rejections) rejections.set(rejection.mutationId, rejection);
    lastMutationId = response.lastMutationId;
    finished = Math.max(finished, lastMutationId);
    progressed ||= progress;
    if (deferredSeconds !== null) {
      // Nothing after a deferred mutation may be applied before it (per-client order).
      if (!progressed) throw new ProblemError(429, 'sync_deferred', undefined, { 'Retry-After': String(deferredSeconds) });
      break;
    }
    // Embedded PGlite answers in microtasks only: without a turn of the event loop, timers and
    // other requests would wait for the whole push however short its transactions. And it runs
    // one query at a time, first come first served: a request waiting for it gets one query in
    // per step unless the push pauses long enough for its next queries too (`stepPauseMs`).
    await setTimeout(options.stepPauseMs ?? 0);
  }
  return { lastMutationId, rejections: [...rejections.values()].sort((a, b) => a.mutationId - b.mutationId) };
}

/**
 * Rows one push transaction writes at most. A batch is applied in steps of consecutive
 * mutations up to this many rows (an ordinary mutation counts as one), each its own
 * transaction that advances `lastMutationId`, so no request holds its scopes' locks (or, on
 * PGlite, the whole database) for long, and other requests run between the steps. A mutation
 * bigger than this (an import chunk of thousands of lines) is cut into its parts
 * (`Mutator.parts`): every part but the last commits without advancing `lastMutationId`, so a
 * retry after a crash re-applies the parts, which changes nothing for those already stored,
 * and finishes the rest. A step's rows are written in one statement per table (`set-writes.ts`),
 * so a step of 100 rows spent most of its time on its own dozen round trips. A step's
 * JavaScript (the mutator, each row's check, the statement's parameters) is a block of the
 * event loop that other people's requests wait behind: 1,000 rows held it 35–60 ms when
 * decision 077 made steps of 500. With rows built as literals (decision 104), the values rows
 * share sent once (`set-writes.ts`) and an import chunk parsed in pieces, the event loop waits
 * at most 21–28 ms during an import in steps of 1,000, which store a fifth more lines a second
 * than steps of 500 (decision 106).
 */
export const pushStepRows = 1000;

/** The rows one unit of the push rate limit pays for (`pushRateLimit`), whatever the step size. */
const pushCostRows = 100;

/**
 * How a push is cut into steps: at most `stepRows` rows each (default `pushStepRows`), `stepPauseMs`
 * between two; `plan`: the steps already worked out for this request (`planPush`); `permitted`:
 * the only mutators this caller may run (an admin acting as the user), any other rejected with
 * `impersonation_forbidden`.
 */
export interface PushOptions {
  stepRows?: number;
  stepPauseMs?: number;
  plan?: PushPlan;
  permitted?: ReadonlySet<string>;
}

/** Consecutive mutations applied in one transaction; `parsed`: the arguments already parsed by `planPush` (a part's), by position. */
type PushStep = { mutations: PushRequest['mutations']; parsed: (Parsed | undefined)[]; part?: 'partial' | 'last' };

type Parsed = { data: unknown };

/**
 * A push cut into its steps, and what it costs the rate limit (`pushRateLimit`): the number of
 * pieces of at most `pushCostRows` rows it is cut into, whatever the database's step size. The
 * arguments of a mutation with parts (a 5,000-line import chunk) are parsed here once, for
 * both, piece by piece (`parseArgsInPieces`).
 */
export interface PushPlan {
  steps: PushStep[];
  cost: number;
}

export async function planPush(mutations: PushRequest['mutations'], stepRows = pushStepRows): Promise<PushPlan> {
  const sized: SizedMutation[] = [];
  for (const mutation of mutations) {
    const mutator = findMutator(mutation.name);
    if (!mutator?.parts) {
      sized.push({ mutation, mutator, parsed: undefined, size: 1 });
      continue;
    }
    const parsed = await parseArgsInPieces(mutator, mutator.parts, mutation.args);
    sized.push({ mutation, mutator, parsed, size: parsed ? mutator.parts.size(parsed.data) : 1 });
  }
  return { steps: pushSteps(sized, stepRows), cost: pushSteps(sized, pushCostRows).length };
}

/**
 * Rows of a mutation with parts parsed in one block of the event loop. A 1,000-line import
 * chunk parsed whole held it 35–75 ms (with the collection of its garbage), and another
 * person's request waited behind that block: their p99 during an import was over 100 ms.
 */
const parsePieceRows = 200;

/**
 * A mutation with parts (thousands of lines) parsed piece by piece (`parts.cut`), with a turn
 * of the event loop before each piece, so other requests never wait behind a whole chunk's
 * parse. Undefined, as `parseMutatorArgs`, when any piece is refused: the whole mutation is.
 */
async function parseArgsInPieces(mutator: Mutator, parts: NonNullable<Mutator['parts']>, rawArgs: unknown): Promise<Parsed | undefined> {
  const pieces: unknown[] = [];
  for (const piece of parts.cut(rawArgs, parsePieceRows) ?? [rawArgs]) {
    await setImmediate();
    const parsed = parseMutatorArgs(mutator, piece);
    if (!parsed) return undefined;
    pieces.push(parsed.data);
  }
  return { data: pieces.length === 1 ? pieces[0] : parts.join(pieces) };
}

type SizedMutation = { mutation: PushRequest['mutations'][number]; mutator: Mutator | undefined; parsed: Parsed | undefined; size: number };

function pushSteps(mutations: SizedMutation[], stepRows: number): PushStep[] {
  const steps: PushStep[] = [];
  let current: PushStep | null = null;
  let rows = 0;
  for (const { mutation, mutator, parsed, size } of mutations) {
    if (parsed && size > stepRows) {
      const parts = mutator!.parts!.split(parsed.data, stepRows);
      parts.forEach((args, index) =>
        steps.push({ mutations: [{ ...mutation, args }], parsed: [{ data: args }], part: index === parts.length - 1 ? 'last' : 'partial' }),
      );
      current = null;
      continue;
    }
    if (!current || rows + size > stepRows) {
      steps.push((current = { mutations: [], parsed: [] }));
      rows = 0;
    }
    current.mutations.push(mutation);
    current.parsed.push(parsed);
    rows += size;
  }
  return steps;
}

/**
 * What one step did: the push's answer so far, whether it advanced `lastMutationId`, and the
 * seconds a deferred mutation asks to wait (null when none was deferred).
 */
type StepOutcome = PushResponse & { progress: boolean; deferredSeconds: number | null };

/** One step in one transaction; a part of a mutation that is not its last (`partial`) leaves `lastMutationId` unless refused. */
async function applyStep(db: Db, userId: string, clientId: string, step: PushStep, permitted: ReadonlySet<string> | undefined): Promise<StepOutcome> {
  // Each mutation's arguments are parsed once for the step, for its read hint and its run (and a
  // rerun with savepoints): a 1,000-line import part was parsed three times before.
  const pending = step.mutations.map((mutation, index) => {
    const mutator = findMutator(mutation.name);
    return { mutation, mutator, parsed: step.parsed[index] ?? (mutator ? parseMutatorArgs(mutator, mutation.args) : undefined) };
  });
  const partial = step.part === 'partial';
  try {
    return await pushOnce(db, userId, clientId, pending, false, partial, permitted);
  } catch (error) {
    if (!(error instanceof NeedsSavepoints)) throw error;
    return pushOnce(db, userId, clientId, pending, true, partial, permitted);
  }
}

/**
 * A batch first runs batched (`batched-tx.ts`): rows read ahead in one query per table, a
 * per-push cache of rows and of declaration status, writes stored at the end in multi-row
 * statements, and no savepoints: a refused mutation's writes were only staged, so dropping
 * them is its rollback. When that cannot be done — a mutation refused after it reached the
 * database, a statement the database refused, writes that cannot be stored as batched (an id
 * of another scope) — the whole transaction is rolled back and the batch runs again the plain
 * way: each mutation's statements at once, inside its own savepoint, so the failure is pinned
 * on the mutation that caused it.
 */
class NeedsSavepoints extends Error {}

type Pending = { mutation: PushRequest['mutations'][number]; mutator: Mutator | undefined; parsed: Parsed | undefined };

async function pushOnce(
  db: Db,
  userId: string,
  clientId: string,
  step: Pending[],
  savepoints: boolean,
  partial: boolean,
  permitted: ReadonlySet<string> | undefined,
): Promise<StepOutcome> {
  const firstId = step[0]!.mutation.id;
  return db.transaction(async (tx) => {
    // A mutation can only write in these scopes (`put` refuses any other), so their locks cover
    // every write; the client's row stays locked until commit.
    // Only a step of mirrored mutators may record its own writes (below): only it needs where they start.
    const mirroredStep = step.every(({ mutator }) => mutator?.mirrored);
    const { roles, lastMutationId: known, ownWritesFrom } = await openPushStep(tx, userId, clientId, mirroredStep);
    let last = known;
    const pending = step.filter(({ mutation }) => mutation.id > known);
    if (pending.length > 0 && pending[0]!.mutation.id !== known + 1) {
      throw new ProblemError(409, 'sync_mutation_gap', undefined, undefined, `expected mutation ${known + 1}, got ${pending[0]!.mutation.id}`);
    }

    const touched = new Set<string>();
    const store = createServerStore(tx, userId, roles, touched);
    const batched = savepoints ? null : createBatchedTx(store);
    if (batched) await batched.readAhead(pending.flatMap(({ mutator, parsed }) => readsOf(mutator, parsed)));
    const mutatorTx = batched?.tx ?? store.tx;
    const rejected: { mutationId: number; mutationName: string; code: RejectionCode }[] = [];
    let deferredSeconds: number | null = null;

    for (const { mutation, mutator, parsed } of pending) {
      if (savepoints) await tx.execute(sql`savepoint sync_mutation`);
      try {
        if (!mutator) throw new UnknownMutator();
        if (permitted && !permitted.has(mutator.name)) reject('impersonation_forbidden');
        await mutator.run(mutatorTx, (parsed ?? reject('invalid')).data);
        if (savepoints) await tx.execute(sql`release savepoint sync_mutation`);
        batched?.commit();
      } catch (error) {
        if (isMutationDeferral(error)) {
          // Taken back like a refusal, but not processed: it and everything after it come again.
          if (batched && !batched.discard()) throw new NeedsSavepoints();
          if (savepoints) await tx.execute(sql`rollback to savepoint sync_mutation`);
          deferredSeconds = error.seconds;
          break;
        }
        const outcome = error instanceof UnknownMutator ? 'unknown_mutator' : classifyFailure(error);
        if (outcome === 'transient') throw new ProblemError(503, 'sync_unavailable', undefined, { 'Retry-After': '5' });
        if (batched) {
          // Batched, only a refusal that left the database untouched (and the transaction usable) can be skipped.
          const refusal = isMutationRejection(error) || error instanceof UnknownMutator;
          if (!batched.discard() || !refusal) throw new NeedsSavepoints();
        }
        if (savepoints) await tx.execute(sql`rollback to savepoint sync_mutation`);
        if (outcome === 'internal') {
          logError('mutation failed', { mutation: mutation.name }, error);
        }
        rejected.push({ mutationId: mutation.id, mutationName: mutation.name, code: outcome });
      }
      last = mutation.id;
    }
    if (batched) {
      try {
        await batched.flush();
      } catch (error) {
        if (classifyFailure(error) === 'transient') throw new ProblemError(503, 'sync_unavailable', undefined, { 'Retry-After': '5' });
        throw new NeedsSavepoints();
      }
    }

    // A part that was applied leaves the mutation open: its next part follows in the next step.
    if (partial && rejected.length === 0) last = known;
    // Every mutation applied as the device applied it: its pull need not bring these writes back.
    const mirrored = ownWritesFrom !== null && rejected.length === 0 && deferredSeconds === null;
    const ownWrites =
      mirrored && touched.size > 0
        ? { after: ownWritesFrom.lockedAt, scopes: [...touched].map((scopeId) => ({ scopeId, before: ownWritesFrom.lastVersions.get(scopeId)! })) }
        : null;
    await tx.execute(closingStatement(clientId, userId, rejected, last !== known ? last : null, touched, ownWrites));

    const lastPushed = step.at(-1)!.mutation.id;
    // When every pushed id was processed just now, its rejections are the ones just recorded.
    const rejections: Rejection[] =
      known < firstId
        ? rejected.map(({ mutationId, code }) => ({ mutationId, code }))
        : ((await tx
            .select({ mutationId: syncRejections.mutationId, code: syncRejections.code })
            .from(syncRejections)
            .where(
              and(
                eq(syncRejections.clientId, clientId),
                eq(syncRejections.userId, userId),
                between(syncRejections.mutationId, firstId, Math.min(lastPushed, last)),
              ),
            )
            .orderBy(asc(syncRejections.mutationId))) as Rejection[]);
    return { lastMutationId: last, rejections, progress: last !== known, deferredSeconds };
  });
}

/**
 * The rows a mutation's hint names. None when its arguments do not parse or the hint itself
 * fails: the mutation is then refused (or fails) on its own when it runs, and the rest of the
 * batch goes on — a hostile mutation must not fail the batch, or the queue behind it stays stuck.
 */
function readsOf(mutator: Mutator | undefined, parsed: Parsed | undefined): readonly RowRef[] {
  if (!mutator?.reads || !parsed) return [];
  try {
    return mutator.reads(parsed.data);
  } catch {
    return [];
  }
}

class UnknownMutator extends Error {}

/**
 * A step's last statement: records its refusals, advances the client's `lastMutationId` (when
 * `advanceTo` is set), records the stretch of each written scope's versions this step wrote
 * alone and the version it built on (`ownWrites`: from `lockedAt` to a value taken now;
 * decision 091), and pokes the users of the written scopes (NOTIFY, delivered on commit), in
 * one round trip instead of four.
 */
function closingStatement(
  clientId: string,
  userId: string,
  rejected: { mutationId: number; mutationName: string; code: RejectionCode }[],
  advanceTo: number | null,
  touched: Set<string>,
  ownWrites: { after: number; scopes: { scopeId: string; before: number }[] } | null,
): SQL {
  const writes: SQL[] = [];
  if (ownWrites) {
    writes.push(sql`own as (
      insert into sync_own_writes (client_id, user_id, scope_id, before_version, after_version, through_version)
      select ${clientId}::uuid, ${userId}::uuid, s.scope_id, s.before, ${ownWrites.after}, nextval('sync_version')
      from jsonb_to_recordset(${JSON.stringify(ownWrites.scopes.map(({ scopeId, before }) => ({ scope_id: scopeId, before })))}::jsonb)
        as s(scope_id text, before bigint))`);
  }
  if (rejected.length > 0) {
    writes.push(sql`rejected as (
      insert into sync_rejections (client_id, user_id, mutation_id, mutation_name, code)
      select ${clientId}::uuid, ${userId}::uuid, r.mutation_id, r.mutation_name, r.code
      from jsonb_to_recordset(${JSON.stringify(rejected.map(({ mutationId, mutationName, code }) => ({ mutation_id: mutationId, mutation_name: mutationName, code })))}::jsonb)
        as r(mutation_id bigint, mutation_name text, code text)
      on conflict do nothing)`);
  }
  if (advanceTo !== null) {
    writes.push(sql`advanced as (
      update sync_clients set last_mutation_id = ${advanceTo}, updated_at = now()
      where client_id = ${clientId}::uuid and user_id = ${userId}::uuid)`);
  }
  const result = touched.size > 0 ? notifyStatement(touched, clientId) : sql`select 1`;
  return writes.length > 0 ? sql`with ${sql.join(writes, sql`, `)} ${result}` : result;
}
