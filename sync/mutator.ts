import type { z } from 'zod';
import type { UploadType } from '@domain/files';
import { storable, type Storable } from '@domain/text';
import { reject } from './refusals';
import type { IndexOf, Row, TableName } from './tables';

// Refusals live apart from the mutators' schemas, so a screen can tell them without loading zod.
export { defer, isMutationDeferral, isMutationRejection, MutationRejection, reject } from './refusals';

/**
 * Mutators are pure functions over a small transaction interface, run twice: optimistically
 * by the client on Dexie, then authoritatively by the server on PostgreSQL. They must not
 * read clocks, random numbers or anything but `tx` and their arguments, so both runs (and
 * every replay during a rebase) compute the same rows.
 */
interface MutatorTxBase {
  /** The signed-in user; null on a guest's device. */
  readonly userId: string | null;
  /** The row with this id, or undefined when absent (on the server: absent from the caller's scope). */
  get<T extends TableName>(table: T, id: string): Promise<Row<T> | undefined>;
  /** `get` for many ids at once (imports), in the same order; one round trip instead of one per row. */
  getMany<T extends TableName>(table: T, ids: readonly string[]): Promise<(Row<T> | undefined)[]>;
  /** Inserts or replaces the row with the same id. */
  put<T extends TableName>(table: T, row: Row<T>): Promise<void>;
  /** `put` for many rows at once (imports): one round trip instead of one per row. */
  putMany<T extends TableName>(table: T, rows: readonly Row<T>[]): Promise<void>;
  /**
   * Inserts the rows whose id is not stored yet and leaves every stored one as it is, without
   * reading them first (imports: a line imported before keeps the person's category, note and
   * check). An id taken by a row the caller cannot see is skipped too, never overwritten. When
   * `rows` repeats an id, the first row wins.
   */
  insertAbsent<T extends TableName>(table: T, rows: readonly Row<T>[]): Promise<void>;
  /**
   * Deletes the row. On the device deleting an absent row does nothing; on the server a row
   * already deleted from the caller's scope does nothing either (deleting twice is deleting
   * once), but a row the caller cannot see (another user's, or none) refuses with `not_found`.
   */
  delete(table: TableName, id: string): Promise<void>;
  /** The rows whose indexed field equals `value`. */
  list<T extends TableName>(table: T, index: IndexOf<T>, value: string): Promise<Row<T>[]>;
}

/** The optimistic run on the device, over the local Dexie database. */
export interface ClientMutatorTx extends MutatorTxBase {
  readonly location: 'client';
}

/**
 * The authoritative run on the server, in the database transaction that also records the
 * client's `lastMutationId`. Scope is structural: `get` and `list` only see the caller's
 * rows; `put` rejects with `forbidden` a row of another user or of a company the caller is
 * neither owner nor teammate of, and a company row moved to another company.
 */
export interface ServerMutatorTx extends MutatorTxBase {
  readonly location: 'server';
  readonly userId: string;
  readonly checks: ServerChecks;
}

/** Facts only the server knows; a mutator asks them inside `if (tx.location === 'server')`. */
export interface ServerChecks {
  /** The caller's role in the company, or null when it is not theirs. */
  companyRole(companyId: string): Promise<'owner' | 'teammate' | null>;
  /** True when the company's IRS declaration of `year` is sent: that year's transactions are locked. */
  declarationSent(companyId: string, year: number): Promise<boolean>;
  /** Seconds before the company may start another batch import (SPEC §9 cooldown), by the server's clock: a delay, never a refusal. */
  importCooldownLeft(companyId: string): Promise<number>;
  /** A verified upload of one of the caller's companies (see POST /uploads/complete), or null. */
  verifiedUpload(key: string): Promise<{ companyId: string; uploadType: UploadType; fileName: string; size: number; contentType: string } | null>;
}

export type MutatorTx = ClientMutatorTx | ServerMutatorTx;

/** A row a mutator is about to read: its table and id. */
export type RowRef = readonly [table: TableName, id: string];

export interface Mutator<Name extends string = string, Args extends z.ZodType = z.ZodType> {
  readonly name: Name;
  readonly args: Args;
  readonly run: (tx: MutatorTx, args: z.output<Args>) => Promise<void>;
  /**
   * The rows `run` will `get`, known from the arguments alone. Only a hint: the server reads
   * them for a whole push batch in one query per table instead of one query per mutation;
   * a row missing from the hint is still read when asked for.
   */
  readonly reads?: (args: z.output<Args>) => readonly RowRef[];
  /**
   * For a mutation that may write thousands of rows (an import chunk): its size in rows, and
   * how to cut it into parts of at most `rows` rows. Applying the parts one after the other
   * must have the mutation's effect, and applying a part again must change nothing, so the
   * server can commit the parts in separate short transactions and a retry after a crash
   * between them finishes the rest without doubling anything.
   */
  readonly parts?: {
    size: (args: z.output<Args>) => number;
    split: (args: z.output<Args>, rows: number) => z.output<Args>[];
    /**
     * The raw arguments, before they are parsed, cut into whole arguments of at most `rows` rows
     * each, or null when they have not the shape to cut (they are then parsed whole). Parsing
     * every piece and `join`ing them must give what parsing the whole gives, and a piece refused
     * must mean the whole is refused: the server parses a big mutation piece by piece, so its
     * parse is never one long block of the event loop (`parseArgsInPieces`,
     * server/sync/push.ts).
     */
    cut: (rawArgs: unknown, rows: number) => unknown[] | null;
    join: (pieces: z.output<Args>[]) => z.output<Args>;
  };
  /**
   * The server writes exactly the rows the device wrote: they follow from the arguments and the
   * rows `run` reads in the caller's scopes, with nothing only the server adds (a clock, a
   * trigger's column, a branch on `tx.location` that writes). A pull then need not send them
   * back to the device that pushed them (decision 091). Claim it only after reading every
   * trigger of the tables it writes.
   */
  readonly mirrored?: true;
}

/**
 * Declares a mutator: its name (a camelCase verb), its arguments' schema, its pure body and the
 * rows it reads. The schema gets the text rule of every input (`storable`, domain/text.ts): a
 * NUL, a lone surrogate or hostile nesting anywhere in the arguments refuses the mutation as
 * `invalid`, on the device and on the server, before any of it reaches a column. A push body
 * is exempt from the request-wide rule so that only the bad mutation is refused.
 */
export function defineMutator<const Name extends string, Args extends z.ZodType>(
  name: Name,
  args: Args,
  run: (tx: MutatorTx, args: z.output<Args>) => Promise<void>,
  options: Pick<Mutator<Name, Args>, 'reads' | 'parts' | 'mirrored'> = {},
): Mutator<Name, Storable<Args>> {
  return { name, args: storable(args), run, ...options };
}

/** The rows of `insertAbsent` that can be stored: the first of each id (the later ones would find it taken). */
export function firstOfEachId<R extends { id: string }>(rows: readonly R[]): R[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
}

/**
 * The mutator's parsed arguments, or undefined when they do not pass its schema. A schema that
 * throws on hostile input (a stack overflow on absurdly nested data) counts as not passing:
 * arguments that cannot even be checked are refused, never retried.
 */
export function parseMutatorArgs(mutator: Mutator, rawArgs: unknown): { data: unknown } | undefined {
  try {
    const parsed = mutator.args.safeParse(rawArgs);
    return parsed.success ? { data: parsed.data } : undefined;
  } catch {
    return undefined;
  }
}

/** Validates raw arguments (rejecting with `invalid`) and runs the mutator; returns the parsed arguments. */
export async function runMutator(mutator: Mutator, tx: MutatorTx, rawArgs: unknown): Promise<unknown> {
  const parsed = parseMutatorArgs(mutator, rawArgs) ?? reject('invalid');
  await mutator.run(tx, parsed.data);
  return parsed.data;
}
