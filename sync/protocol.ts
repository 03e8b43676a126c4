import { z } from 'zod';
import { storableTextSchema } from '@domain/text';

/**
 * The sync protocol (docs/architecture.md "Data flow"): a client pushes its ordered mutations to
 * `POST /api/v1/sync/push` and pulls the changes of its scope from `POST /api/v1/sync/pull`.
 */

/**
 * Bumped on any incompatible change of these schemas or of a mutator's meaning. A server
 * refuses clients below `minimumProtocolVersion` with `sync_client_outdated`: the client
 * then asks the user to reload (its outbox stays in Dexie and is pushed by the new code).
 */
export const protocolVersion = 3;
export const minimumProtocolVersion = 1;
/** From this version on, a resync page names the companies of the scope (`companyIds`, decision 030). */
export const scopeCompaniesVersion = 2;
/** From this version on, a pull whose changes are all the client's own mirrored writes answers `ownChangesOnly` without them (decision 091). */
export const ownChangesVersion = 3;

/** Mutations per push request; the client sends its outbox in batches of this size. */
export const pushBatchMax = 500;
/**
 * Serialized size limits that keep every push request under the server's 1 MB body limit:
 * a device refuses to queue a mutation larger than `mutationArgsMaxChars` (it could never be
 * sent), and batches mutations up to `pushBatchMaxChars`.
 */
export const mutationArgsMaxChars = 600_000;
export const pushBatchMaxChars = 700_000;

/**
 * Changed rows per pull page. Bigger pages cost the server fewer queries per row (measured in
 * decision 004); 2,500 transaction rows are about 0.9 MB of JSON, which a device still parses
 * in one short main-thread task (the page's rows are written in slices, see `Replica.applyPull`).
 */
export const pullPageSize = 2500;

/**
 * Reason codes of a permanent rejection: the server will never apply the mutation, so it
 * advances `lastMutationId` past it and the client reverts it and shows the reason
 * (`sync:rejections.<code>` in the locales).
 */
export const rejectionCodes = [
  /** The arguments do not pass the mutator's schema, or contradict the stored row. */
  'invalid',
  /** The row belongs to someone else, or the company is not the caller's. */
  'forbidden',
  /** The row the mutation changes does not exist (any more). */
  'not_found',
  /** The transaction is blocked. */
  'blocked',
  /** The declaration of that year is already sent: its transactions are locked. */
  'declaration_sent',
  /** The company's KYB is submitted: its draft is read-only (SPEC §4). */
  'kyb_submitted',
  /**
   * A batch import started within the SPEC §9 cooldown of the company's previous one. No longer
   * given (the cooldown delays a push since decision 054); kept so refusals recorded before
   * still read and translate.
   */
  'cooldown',
  /** An admin acting as the user may not make this change: the server runs only the mutators it lets an impersonation push. */
  'impersonation_forbidden',
  /** This server does not know the mutation (renamed or removed in a newer version). */
  'unknown_mutator',
  /** The server failed in a way retrying cannot fix; logged on the server. */
  'internal',
] as const;
export type RejectionCode = (typeof rejectionCodes)[number];

const clientIdSchema = z.uuid();

export const mutationSchema = z.strictObject({
  /** Per client, starting at 1 and increasing by exactly 1. */
  id: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
  name: storableTextSchema().min(1).max(100),
  args: z.unknown(),
  /** The device's clock when the user made the change: informational only, never used for ordering. */
  createdAt: z.iso.datetime({ offset: true }),
});
export type Mutation = z.infer<typeof mutationSchema>;

export const pushRequestSchema = z.strictObject({
  clientId: clientIdSchema,
  protocolVersion: z.int().min(0),
  mutations: z
    .array(mutationSchema)
    .min(1)
    .max(pushBatchMax)
    .refine((mutations) => mutations.every((mutation, i) => i === 0 || mutation.id === mutations[i - 1]!.id + 1), {
      error: 'validation.invalid',
    }),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export const rejectionSchema = z.strictObject({
  mutationId: z.int(),
  code: z.enum(rejectionCodes),
});
export type Rejection = z.infer<typeof rejectionSchema>;

export const pushResponseSchema = z.strictObject({
  /** The last mutation of this client the server has processed (applied or rejected). */
  lastMutationId: z.int().min(0),
  /** Rejections among the pushed mutations (also for ones processed by an earlier, lost response). */
  rejections: z.array(rejectionSchema),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

export const pullRequestSchema = z.strictObject({
  clientId: clientIdSchema,
  protocolVersion: z.int().min(0),
  /** Opaque; null for a first pull. */
  cursor: z.string().max(25_000).nullable(),
  /** The last mutation id the client has seen acknowledged: rejections after it are returned. */
  lastMutationId: z.int().min(0),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

export const tableChangesSchema = z.strictObject({
  puts: z.array(z.record(z.string(), z.unknown())),
  deletes: z.array(z.string()),
});
export type TableChanges = z.infer<typeof tableChangesSchema>;

export const pullResponseSchema = z.strictObject({
  cursor: z.string(),
  /** The last mutation of this client the server has processed. */
  lastMutationId: z.int().min(0),
  /** Table name → rows to put and ids to delete; a client applies deletes before puts. */
  changes: z.record(z.string(), tableChangesSchema),
  /** More pages follow: pull again with the returned cursor. */
  hasMore: z.boolean(),
  /** The pages from this one on hold the whole scope: the client drops its synced rows first. */
  resync: z.boolean().optional(),
  /**
   * With `resync`, to clients of `scopeCompaniesVersion` or later: the companies the scope now
   * holds. The client drops what it keeps of any other company outside the synced tables
   * (cached lists and details, opened documents, waiting uploads): a removed teammate's device
   * keeps nothing of the company (decision 030).
   */
  companyIds: z.array(z.uuid()).optional(),
  /**
   * To clients of `ownChangesVersion` or later: every change after the cursor was written by
   * this client's acknowledged mutations, each one the server ran exactly as the device did
   * (`mirrored` mutators, none refused), and no one else wrote those scopes since the cursor.
   * The page carries none of those rows: the device keeps what its acknowledged mutations wrote
   * as the server's rows, and moves to the returned cursor (decision 091).
   */
  ownChangesOnly: z.boolean().optional(),
  rejections: z.array(rejectionSchema),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;

/** The server-sent event that tells a user's other devices and tabs to pull. */
export const pokeEvent = 'poke';
/** The first event of a stream: `{ heartbeatMs }`, how often `heartbeatEvent` follows. */
export const readyEvent = 'ready';
/** Sent every `heartbeatMs`: a stream silent for longer is dead, whatever the browser says. */
export const heartbeatEvent = 'heartbeat';
