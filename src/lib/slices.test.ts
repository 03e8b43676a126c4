import { afterEach, describe, expect, it, vi } from 'vitest';
import { finish, runInSlices, sliceMs, sortInSlices } from './slices';

afterEach(() => vi.restoreAllMocks());

describe('work in slices', () => {
  it("lets other tasks run once a slice has run its time, not before, and returns the work's result", async () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const ran: string[] = [];
    function* work(cost: number) {
      for (let step = 0; step < 3; step++) {
        ran.push(`step ${step}`);
        now += cost;
        yield;
      }
      return 'done';
    }
    setTimeout(() => ran.push('other task'), 0);
    expect(await runInSlices(work(sliceMs))).toBe('done');
    expect(ran).toEqual(['step 0', 'other task', 'step 1', 'step 2']);

    ran.length = 0;
    setTimeout(() => ran.push('other task'), 0);
    expect(await runInSlices(work(1))).toBe('done');
    expect(ran).toEqual(['step 0', 'step 1', 'step 2']);
    expect(finish(work(sliceMs))).toBe('done');
  });

  it('sorts in slices as a stable sort would, yielding between runs', () => {
    const items = Array.from({ length: 10_000 }, (_, index) => ({ key: (index * 7919) % 97, index }));
    const steps = sortInSlices(items, (a, b) => a.key - b.key);
    let slices = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) slices++;
    expect(step.value).toEqual([...items].sort((a, b) => a.key - b.key));
    expect(slices).toBeGreaterThan(2);
    expect(finish(sortInSlices([3, 1, 2], (a, b) => a - b))).toEqual([1, 2, 3]);
    expect(finish(sortInSlices([], (a: number, b: number) => a - b))).toEqual([]);
  });
});
