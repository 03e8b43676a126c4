import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> = { kind: 'loading' } | { kind: 'ready'; value: T } | { kind: 'failed' };

/**
 * Online-only billing data (decision 031: payments are never cached offline): loaded on mount,
 * `reload` after a change, `set` to show a change's answer at once.
 */
export function useBillingLoad<T>(load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => (previous.kind === 'ready' ? previous : { kind: 'loading' }));
    load(controller.signal).then(
      (value) => setState({ kind: 'ready', value }),
      () => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [load, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  const set = useCallback((value: T) => setState({ kind: 'ready', value }), []);
  return { state, reload, set };
}
