import { useEffect, useState } from 'react';

/** What `load` (a `loadOnce`) resolves to, started at mount: null until it has loaded, and after a failed load. */
export function useLoaded<T>(load: () => Promise<T>): T | null {
  const [loaded, setLoaded] = useState<T | null>(null);
  useEffect(() => {
    let mounted = true;
    load().then(
      (value) => mounted && setLoaded(() => value),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [load]);
  return loaded;
}
