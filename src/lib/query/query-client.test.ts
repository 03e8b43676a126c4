import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api';
import { createQueryClient, retryPolicy } from './query-client';

describe('the reads’ retry policy (SPEC §7)', () => {
  afterEach(() => vi.useRealTimers());

  it('tries up to 3 times what another try might fix (no network, a timeout, a 5xx), and a 4xx once', () => {
    const unreachable = new NetworkError('down');
    expect([0, 1, 2].map((failures) => retryPolicy.retry(failures, unreachable))).toEqual([true, true, false]);
    expect(retryPolicy.retry(0, new ApiError(503, 'internal'))).toBe(true);
    expect(retryPolicy.retry(0, new ApiError(404, 'not_found'))).toBe(false);
    expect(retryPolicy.retry(0, new ApiError(401, 'unauthorized'))).toBe(false);
    expect(retryPolicy.retryDelay).toBe(1000);
  });

  it('reads 3 times, 1 s apart, then fails; a 404 fails at the first answer', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const at: number[] = [];
    const unreachable = vi.fn(async () => {
      at.push(Date.now());
      throw new NetworkError('down');
    });
    const read = client.fetchQuery({ queryKey: ['down'], queryFn: unreachable });
    const failed = expect(read).rejects.toBeInstanceOf(NetworkError);
    await vi.advanceTimersByTimeAsync(2_000);
    await failed;
    expect(unreachable).toHaveBeenCalledTimes(3);
    expect(at.map((time) => time - at[0]!)).toEqual([0, 1_000, 2_000]);

    const gone = vi.fn(async () => {
      throw new ApiError(404, 'not_found');
    });
    await expect(client.fetchQuery({ queryKey: ['gone'], queryFn: gone })).rejects.toMatchObject({ status: 404 });
    expect(gone).toHaveBeenCalledTimes(1);
  });
});
