/**
 * Has a short-lived worker load the region names of `language` (see `region-names.worker.ts`)
 * while the app starts, so a form that lists countries (the phone field, a country select)
 * renders without loading them on the main thread. Nothing depends on it: a browser that keeps
 * locale data per thread, or no worker at all, only loses the head start.
 */
export function warmRegionNames(language: string): void {
  if (typeof Worker === 'undefined') return;
  const worker = new Worker(new URL('./region-names.worker.ts', import.meta.url), { type: 'module', name: 'alta-region-names' });
  worker.onmessage = worker.onerror = () => worker.terminate();
  worker.postMessage(language);
}
