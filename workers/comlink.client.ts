import * as Comlink from 'comlink';
import { portFromSignal } from './cancel';

/**
 * The UI side of Alta's workers (files named `*.client.ts` run on the main thread; the
 * rest of `workers/` runs inside workers). A job is one call on a comlink-wrapped worker:
 * its progress callback goes through `Comlink.proxy`, its `AbortSignal` through a
 * transferred port, and expected failures come back as values.
 */

export interface WorkerJobOptions<Progress> {
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
}

export interface WorkerHandle<Api> {
  remote: Comlink.Remote<Api>;
  /** Ends the worker (and releases the comlink proxy). */
  terminate(): void;
}

/** Wraps a module worker created by the caller with `new Worker(new URL('./x.worker.ts', import.meta.url), { type: 'module' })`. */
export function connectWorker<Api>(worker: Worker): WorkerHandle<Api> {
  const remote = Comlink.wrap<Api>(worker);
  return {
    remote,
    terminate() {
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}

/** The progress callback and cancel port of a job, in the form a worker method receives them. */
export function jobArguments<Progress>(options: WorkerJobOptions<Progress>): [((progress: Progress) => void) | undefined, MessagePort | undefined] {
  const onProgress = options.onProgress ? Comlink.proxy(options.onProgress) : undefined;
  const port = options.signal ? portFromSignal(options.signal) : undefined;
  return [onProgress, port ? Comlink.transfer(port, [port]) : undefined];
}
