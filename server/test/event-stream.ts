/**
 * Reads a server-sent event stream in a server test: `until` waits for the `count`-th event
 * of a name (failing when the stream ends first), `quietFor` checks that no event of that
 * name arrives for a while, `cancel` closes the stream as a browser leaving would.
 */
export interface EventStreamReader {
  /** Resolves once the stream has sent `count` events named `event` in all. */
  until(event: string, count?: number): Promise<void>;
  /** How many events named `event` arrived so far. */
  count(event: string): number;
  /** The text received so far. */
  readonly received: string;
  /** True when no further event named `event` arrives within `ms`. */
  quietFor(event: string, ms: number): Promise<boolean>;
  cancel(): Promise<void>;
}

export function readEventStream(response: Response): EventStreamReader {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let received = '';
  let ended = false;
  let reading: Promise<void> | null = null;
  const readMore = () =>
    (reading ??= reader.read().then(({ value, done }) => {
      reading = null;
      if (done) ended = true;
      else received += decoder.decode(value, { stream: true });
    }));
  const count = (event: string) => received.split(`event: ${event}\n`).length - 1;
  return {
    get received() {
      return received;
    },
    count,
    async until(event, wanted = 1) {
      while (count(event) < wanted) {
        if (ended) throw new Error(`the stream ended before ${wanted} "${event}" events; received: ${received}`);
        await readMore();
      }
    },
    async quietFor(event, ms) {
      const before = count(event);
      const deadline = Date.now() + ms;
      while (Date.now() < deadline && !ended && count(event) === before) {
        await Promise.race([readMore(), new Promise((resolve) => setTimeout(resolve, deadline - Date.now()))]);
      }
      return count(event) === before;
    },
    cancel: () => reader.cancel(),
  };
}
