import { useEffect, useRef, useState } from 'react';

/** Counts whole seconds down from `seconds` and calls `onDone` once at zero. */
export function useCountdown(seconds: number, onDone: () => void, running = true): number {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (!running) return;
    setLeft(seconds);
    const startedAt = Date.now();
    let fired = false;
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - startedAt) / 1000));
      setLeft(remaining);
      if (remaining === 0 && !fired) {
        fired = true;
        clearInterval(timer);
        done.current();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [seconds, running]);

  return left;
}
