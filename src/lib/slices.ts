/**
 * Work over many rows written as a generator that yields every few thousand of them, run either
 * in slices that let the browser paint between them (`runInSlices`) or at once (`finish`).
 */

/** The longest a slice runs before the browser may paint. */
export const sliceMs = 8;

export const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Like `yieldToBrowser`, but through a message, not a timer: a timer may be clamped, or held back
 * by a paused clock (browser tests pause it to time a popup), and a form sent before the app waits
 * for it (decision 082). For a start cut into steps (the app's, the sync runtime's), so it is
 * several short tasks instead of one long one.
 */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/**
 * Waits until the browser is idle (its input handled, its frame painted), or at most
 * `idleWaitMs`; a task where it has no idle callbacks (tests).
 */
const whenIdle = () =>
  new Promise<void>((resolve) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: idleWaitMs }) : setTimeout(resolve, 0),
  );
const idleWaitMs = 50;

/**
 * Runs `steps` to their end, in slices of `sliceMs`, each after the first run when the browser
 * is idle: a person's keystroke or click is handled, and its frame painted, before the next
 * slice. Their result.
 */
export async function runInSlices<T>(steps: Generator<void, T>): Promise<T> {
  let since = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - since < sliceMs) continue;
    await whenIdle();
    since = performance.now();
  }
}

/** Runs `steps` to their end at once; their result. */
export function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Elements sorted in one slice: 4,096 rows sort in a few milliseconds. */
const sortRun = 4096;

/**
 * `items` sorted by `compare` (stable), yielding between runs of `sortRun` sorted apart and then
 * between merges of runs: an import's 27,000 new rows took 45 to 60 ms to sort at once.
 */
export function* sortInSlices<T>(items: readonly T[], compare: (a: T, b: T) => number): Generator<void, T[]> {
  let from: T[] = [];
  for (let start = 0; start < items.length; start += sortRun) {
    from.push(...items.slice(start, start + sortRun).sort(compare));
    yield;
  }
  let to = new Array<T>(items.length);
  for (let width = sortRun; width < items.length; width *= 2) {
    for (let start = 0; start < items.length; start += 2 * width) {
      const middle = Math.min(start + width, items.length);
      const end = Math.min(start + 2 * width, items.length);
      let left = start;
      let right = middle;
      for (let out = start; out < end; out++)
        to[out] = right >= end || (left < middle && compare(from[left]!, from[right]!) <= 0) ? from[left++]! : from[right++]!;
      yield;
    }
    [from, to] = [to, from];
  }
  return from;
}
