import { liveQuery } from 'dexie';

/**
 * Files this tab sends through presigned URLs (receipts, company documents): the loop that
 * sends what waits, and the upload progress (bytes sent per upload id, for progress bars). `fetch` reports no upload progress, so the bytes go with
 * `XMLHttpRequest` and the answer comes back as a `Response` like `fetch`'s.
 */

const progress = new Map<string, { sent: number; total: number }>();
const progressListeners = new Set<() => void>();
let progressVersion = 0;
function reportProgress(uploadId: string, sent: number, total: number | null) {
  if (total === null) progress.delete(uploadId);
  else progress.set(uploadId, { sent, total });
  progressVersion++;
  for (const listener of progressListeners) listener();
}

/** Subscribe to progress changes, read the version (for `useSyncExternalStore`), read one upload's bytes. */
export const uploadProgress = {
  subscribe(listener: () => void) {
    progressListeners.add(listener);
    return () => progressListeners.delete(listener);
  },
  version: () => progressVersion,
  of: (uploadId: string) => progress.get(uploadId),
};

/** PUTs `body` to a presigned URL, reporting progress under `uploadId`. */
export function putWithProgress(uploadId: string, url: string, method: string, headers: Record<string, string>, body: Blob): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => reportProgress(uploadId, event.loaded, event.lengthComputable ? event.total : body.size);
    request.onload = () => {
      reportProgress(uploadId, 0, null);
      resolve(new Response(request.status === 204 ? null : request.responseText, { status: request.status, headers: { 'content-type': request.getResponseHeader('content-type') ?? 'text/plain' } }));
    };
    request.onerror = request.onabort = () => {
      reportProgress(uploadId, 0, null);
      reject(new TypeError('upload failed'));
    };
    reportProgress(uploadId, 0, body.size);
    request.send(body);
  });
}

/**
 * Runs `upload` whenever there is something to send and a chance to succeed: when the number
 * of waiting files grows, when the browser comes back online, and every `retryMs` while some
 * wait. One run at a time; a trigger during a run asks for one more. Returns the stop function.
 */
export function startUploadQueue(options: { waiting: () => Promise<number>; upload: () => Promise<unknown>; retryMs: number; label: string }): () => void {
  let running = false;
  let again = false;
  let waiting = 0;
  const kick = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        if (typeof navigator !== 'undefined' && !navigator.onLine) break;
        await options.upload();
      } while (again);
    } catch (error) {
      // A local failure (closed database at sign-out, quota): the next trigger tries again.
      console.error(`${options.label} upload failed locally`, error);
    } finally {
      running = false;
    }
  };
  const subscription = liveQuery(options.waiting).subscribe({
    next: (count) => {
      const grew = count > waiting;
      waiting = count;
      if (grew) void kick();
    },
    error: () => stop(),
  });
  const onOnline = () => void kick();
  globalThis.addEventListener?.('online', onOnline);
  const timer = setInterval(() => {
    if (waiting > 0) void kick();
  }, options.retryMs);
  const stop = () => {
    subscription.unsubscribe();
    globalThis.removeEventListener?.('online', onOnline);
    clearInterval(timer);
  };
  return stop;
}
