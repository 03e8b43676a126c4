import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { spendFromBucket } from './rate-limits';

/** The token bucket of pushes and banking code resets: one statement per spend, every unit spent once. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rule = { capacity: 10, perSecond: 1 };
const start = new Date('2026-11-25T10:00:00.000Z');
const later = (ms: number) => new Date(start.getTime() + ms);

describe('spendFromBucket', () => {
  it('spends while units are left, answers the wait when they are not, and refills with time', async () => {
    const key = 'bucket:refill';
    expect(await spendFromBucket(t.database.db, key, rule, 4, start)).toBeNull();
    expect(await spendFromBucket(t.database.db, key, rule, 4, start)).toBeNull();
    expect(await spendFromBucket(t.database.db, key, rule, 4, start)).toEqual({ retryAfterMs: 2000 });
    // A refused spend takes nothing: after the wait it answered, the same spend goes through.
    expect(await spendFromBucket(t.database.db, key, rule, 4, later(1500))).toEqual({ retryAfterMs: 500 });
    expect(await spendFromBucket(t.database.db, key, rule, 4, later(2000))).toBeNull();
    expect(await spendFromBucket(t.database.db, key, rule, 0.5, later(2000))).toEqual({ retryAfterMs: 500 });
  });

  it('caps a cost above the capacity at a full bucket', async () => {
    const key = 'bucket:cap';
    expect(await spendFromBucket(t.database.db, key, rule, 50, start)).toBeNull();
    expect(await spendFromBucket(t.database.db, key, rule, 50, start)).toEqual({ retryAfterMs: 10_000 });
    expect(await spendFromBucket(t.database.db, key, rule, 1, later(1000))).toBeNull();
  });

  it('spends every unit once when spends of one key arrive side by side', async () => {
    const key = 'bucket:race';
    const answers = await Promise.all(Array.from({ length: 25 }, () => spendFromBucket(t.database.db, key, rule, 1, start)));
    expect(answers.filter((answer) => answer === null)).toHaveLength(10);
    expect(answers.filter((answer) => answer !== null)).toHaveLength(15);
  });
});
