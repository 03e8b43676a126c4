import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rateLimits } from '../schema/auth';

export interface RateRule {
  /** Events allowed within `windowMs` before the key locks. */
  max: number;
  /** A key forgets its events once none happened for this long. */
  windowMs: number;
  /** First lock; each further event past `max` doubles it, up to `maxLockMs`. */
  baseLockMs: number;
  maxLockMs: number;
}

/** The latest lock end among `keys`, if any is still locked at `now`. */
export async function lockedUntil(db: Db, keys: string[], now: Date): Promise<Date | null> {
  const rows = await db.select({ lockedUntil: rateLimits.lockedUntil }).from(rateLimits).where(inArray(rateLimits.key, keys));
  let latest: Date | null = null;
  for (const row of rows) {
    if (row.lockedUntil && row.lockedUntil > now && (!latest || row.lockedUntil > latest)) latest = row.lockedUntil;
  }
  return latest;
}

type RateRow = typeof rateLimits.$inferSelect;

/**
 * The count after one more event on `row` at `now`: the event that reaches `rule.max` locks
 * the key for `baseLockMs`; each later one doubles the lock, up to `maxLockMs`. A key is
 * forgotten only after `windowMs` of quiet counted from its last event or the end of its
 * lock, whichever is later, so waiting out a lock does not reset the progression.
 */
function countEvent(row: RateRow | undefined, rule: RateRule, now: Date): { hits: number; lockedUntil: Date | null } {
  const quietSince = Math.max(row?.lastHitAt.getTime() ?? 0, row?.lockedUntil?.getTime() ?? 0);
  const fresh = !row || now.getTime() - quietSince >= rule.windowMs;
  const hits = fresh ? 1 : row.hits + 1;
  let until = fresh ? null : row.lockedUntil;
  if (hits >= rule.max) {
    const lockMs = Math.min(rule.baseLockMs * 2 ** (hits - rule.max), rule.maxLockMs);
    until = new Date(now.getTime() + lockMs);
  }
  return { hits, lockedUntil: until };
}

/**
 * Counts one event on `key` (see `countEvent`). The row is locked (SELECT ... FOR UPDATE) so
 * instances sharing the database count every event once.
 */
export async function recordHit(db: Db, key: string, rule: RateRule, now: Date): Promise<{ hits: number; lockedUntil: Date | null }> {
  return db.transaction(async (tx) => {
    await tx.insert(rateLimits).values({ key, hits: 0, lastHitAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.key, key)).for('update');
    const counted = countEvent(row, rule, now);
    await tx.update(rateLimits).set({ hits: counted.hits, lastHitAt: now, lockedUntil: counted.lockedUntil }).where(eq(rateLimits.key, key));
    return counted;
  });
}

/** An event `takeHit` counted: what `refundHit` needs to take it back. */
export interface TakenHit {
  key: string;
  /** The lock the event left, and the one it found. */
  lockedUntil: Date | null;
  previousLockedUntil: Date | null;
}

/**
 * Counts one event on `key` before the work it guards, unless the key is locked at `now`:
 * then nothing is counted and the lock is answered. Requests side by side each wait for the
 * row, so each sees the others' events: a burst is refused past the limit, where reading the
 * lock first and counting after the work would let the whole burst through.
 */
export async function takeHit(db: Db, key: string, rule: RateRule, now: Date): Promise<{ taken: TakenHit } | { lockedUntil: Date }> {
  return db.transaction(async (tx) => {
    await tx.insert(rateLimits).values({ key, hits: 0, lastHitAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.key, key)).for('update');
    if (row?.lockedUntil && row.lockedUntil > now) return { lockedUntil: row.lockedUntil };
    const counted = countEvent(row, rule, now);
    await tx.update(rateLimits).set({ hits: counted.hits, lastHitAt: now, lockedUntil: counted.lockedUntil }).where(eq(rateLimits.key, key));
    return { taken: { key, lockedUntil: counted.lockedUntil, previousLockedUntil: row?.lockedUntil ?? null } };
  });
}

/**
 * Takes back an event `takeHit` counted (the request turned out not to be one the rule
 * counts): one hit less, and the lock it found again if the lock is still the one it left.
 */
export async function refundHit(db: Db, hit: TakenHit) {
  const left = hit.lockedUntil ? sql`${rateLimits.lockedUntil} = ${hit.lockedUntil.toISOString()}::timestamptz` : sql`${rateLimits.lockedUntil} is null`;
  const found = hit.previousLockedUntil ? sql`${hit.previousLockedUntil.toISOString()}::timestamptz` : sql`null`;
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)`, lockedUntil: sql`case when ${left} then ${found} else ${rateLimits.lockedUntil} end` })
    .where(eq(rateLimits.key, hit.key));
}

/** Forgets a key (a successful login clears its account's failures). */
export async function clearKey(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops keys whose quiet period has passed: they would start afresh anyway. */
export async function pruneRateLimits(db: Db, now: Date, windowMs: number) {
  const cutoff = new Date(now.getTime() - windowMs);
  await db.delete(rateLimits).where(and(lte(rateLimits.lastHitAt, cutoff), or(isNull(rateLimits.lockedUntil), lte(rateLimits.lockedUntil, cutoff))));
}

/** A token bucket: holds at most `capacity` units and refills `perSecond` units every second. */
export interface BucketRule {
  capacity: number;
  perSecond: number;
}

/**
 * Spends `cost` units of `key`'s bucket, or spends nothing and answers how long until they
 * would be there (never more than a full bucket's refill: a cost above capacity is capped).
 * The level is kept in thousandths in `hits`, refilled by the time since `lastHitAt`.
 *
 * One statement: the upsert locks the row, refills and spends only when the units are there,
 * so instances sharing the database spend every unit once. Only a refused spend reads the
 * level again (the same expression), for its wait. (Insert, lock, read and update in a
 * transaction cost every push five round trips.)
 */
export async function spendFromBucket(db: Db, key: string, rule: BucketRule, cost: number, now: Date): Promise<{ retryAfterMs: number } | null> {
  const spent = Math.min(cost, rule.capacity);
  const at = sql`${now.toISOString()}::timestamptz`;
  const level = sql<number>`greatest(0, ${rateLimits.hits}::float8 / 1000 - greatest(0, extract(epoch from ${at} - ${rateLimits.lastHitAt}))::float8 * ${rule.perSecond}::float8)`;
  const taken = await db
    .insert(rateLimits)
    .values({ key, hits: Math.ceil(spent * 1000), lastHitAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { hits: sql`ceil((${level} + ${spent}::float8) * 1000)::int`, lastHitAt: now },
      setWhere: sql`${level} + ${spent}::float8 <= ${rule.capacity}::float8`,
    })
    .returning({ hits: rateLimits.hits });
  if (taken.length > 0) return null;
  const [row] = await db
    .select({ level: level.mapWith(Number) })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return { retryAfterMs: (Math.max(0, row!.level + spent - rule.capacity) / rule.perSecond) * 1000 };
}
