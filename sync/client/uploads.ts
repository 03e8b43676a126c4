import { liveQuery } from 'dexie';
import type { PresignedUpload } from '@domain/files';

/**
 * Files this tab sends through presigned URLs (receipts, company documents, KYB documents,
 * staff documents and mail scans): the one presign → PUT → complete with its one retry rule
 * (`uploadFile`), the loop that sends what waits on this device, and the upload progress
 * (bytes sent per upload id, for progress bars). `fetch` reports no upload progress, so the
 * bytes go with `XMLHttpRequest` and the answer comes back as a `Response` like `fetch`'s.
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
function putWithProgress(uploadId: string, url: string, method: string, headers: Record<string, string>, body: Blob): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => reportProgress(uploadId, event.loaded, event.lengthComputable ? event.total : body.size);
    request.onload = () => {
      reportProgress(uploadId, 0, null);
      resolve(
        new Response(request.status === 204 ? null : request.responseText, {
          status: request.status,
          headers: { 'content-type': request.getResponseHeader('content-type') ?? 'text/plain' },
        }),
      );
    };
    request.onerror = request.onabort = () => {
      reportProgress(uploadId, 0, null);
      reject(new TypeError('upload failed'));
    };
    reportProgress(uploadId, 0, body.size);
    request.send(body);
  });
}

/** An API answer that says no: its HTTP status and stable problem code (the app's `ApiError` has this shape). */
export interface UploadRefusal {
  status: number;
  code: string;
}

/** A refusal answered to `postJson`. */
class RefusedAnswer extends Error implements UploadRefusal {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`API answered ${status} ${code}`);
  }
}

const isRefusal = (error: unknown): error is UploadRefusal =>
  typeof error === 'object' && error !== null && typeof (error as UploadRefusal).status === 'number' && typeof (error as UploadRefusal).code === 'string';

/** How one upload attempt ended. */
export type UploadOutcome<T> =
  | { kind: 'done'; value: T }
  /** No attempt can fix it: the file (or the company) is refused. */
  | { kind: 'refused'; status: number; code: string }
  /**
   * Offline, the server or the storage unwell, the session gone: worth trying again later.
   * `startOver` when the stored bytes are gone (their URL expired first): the next attempt
   * declares the file again instead of completing `storedKey`. `error` is what failed.
   */
  | { kind: 'retry'; startOver: boolean; error: unknown };

export interface FileUpload<T> {
  /** Names the upload's progress in `uploadProgress`. */
  id: string;
  file: Blob;
  /** Declares the file: its presigned URL, or it throws the API's refusal (`UploadRefusal`) or a network error. */
  declare(): Promise<Pick<PresignedUpload, 'key' | 'url' | 'method' | 'headers'>>;
  /** Has the server check the stored file; throws like `declare`. */
  complete(key: string): Promise<T>;
  /** The key an earlier attempt stored the bytes under: this attempt only completes it. */
  storedKey?: string | null;
  /** Told the key once the bytes are stored, so an attempt cut short later resumes at `complete`. */
  onStored?(key: string): Promise<void>;
  /** Sends the bytes without progress (tests pass their stub); XMLHttpRequest with progress when absent (`fetch` outside a browser). */
  fetch?: typeof fetch;
}

/**
 * Problem codes no attempt can fix. `not_found` refuses at the declaration (the company is
 * gone); at completion it means the stored copy expired, and the upload starts over.
 */
const permanentCodes = new Set(['file_too_large', 'file_type_not_allowed', 'validation', 'forbidden', 'not_found']);

/** What a write-once storage answers a PUT to a key that already holds a file. */
const alreadyStoredStatuses = new Set([409, 412]);

/** The code a storage refusal of the PUT carries (problem+json), or the one its status means. */
async function storageRefusal(response: Response): Promise<UploadRefusal> {
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  const code = typeof body?.code === 'string' ? body.code : response.status === 413 ? 'file_too_large' : 'file_type_not_allowed';
  return { status: response.status, code };
}

/**
 * Presign → PUT → complete for one file, with the one retry rule every caller shares: a
 * refusal no attempt can fix is `refused`; anything else (network, 5xx, 401, 429, an expired
 * URL) is `retry`. The files queued on this device retry it later; the online forms show it.
 */
export async function uploadFile<T>(upload: FileUpload<T>): Promise<UploadOutcome<T>> {
  let key = upload.storedKey ?? null;
  let step: 'declare' | 'complete' = 'declare';
  try {
    if (key === null) {
      const presigned = await upload.declare();
      const put = upload.fetch ?? (typeof XMLHttpRequest === 'undefined' ? fetch : null);
      const stored = put
        ? await put(presigned.url, { method: presigned.method, headers: presigned.headers, body: upload.file })
        : await putWithProgress(upload.id, presigned.url, presigned.method, presigned.headers, upload.file);
      if (stored.status === 413 || stored.status === 415) return { kind: 'refused', ...(await storageRefusal(stored)) };
      // An expired URL or a storage hiccup: the next attempt asks for a new URL. Storage is
      // write-once (S3's `If-None-Match: *` answers 412, the local simulator 409): a refusal
      // because the key is taken means a PUT of this very URL got there first (a retry whose
      // first answer was lost, an instance that died after storing). Only this URL could have
      // stored it, and completion checks what was stored, so the upload goes on to complete.
      // (S3 also answers 409 while another write of the key is under way: completion then
      // finds nothing stored, and the upload starts over.)
      if (!stored.ok && !alreadyStoredStatuses.has(stored.status)) return { kind: 'retry', startOver: true, error: await storageRefusal(stored) };
      key = presigned.key;
      await upload.onStored?.(key);
    }
    step = 'complete';
    return { kind: 'done', value: await upload.complete(key) };
  } catch (error) {
    if (!isRefusal(error)) return { kind: 'retry', startOver: false, error };
    if (step === 'complete' && error.code === 'not_found') return { kind: 'retry', startOver: true, error };
    if (permanentCodes.has(error.code)) return { kind: 'refused', status: error.status, code: error.code };
    return { kind: 'retry', startOver: false, error };
  }
}

/**
 * A JSON POST to the API through `fetch` (the device's queues, whose tests stub it): the
 * answer's body, or the refusal thrown as an `UploadRefusal`.
 */
export function postJson(deps: { fetch?: typeof fetch; baseUrl?: string }) {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const base = deps.baseUrl ?? '/api/v1';
  return async (path: string, body: unknown): Promise<unknown> => {
    const response = await doFetch(`${base}${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer: unknown = await response.json().catch(() => null);
    if (response.ok) return answer;
    const code = (answer as { code?: unknown } | null)?.code;
    throw new RefusedAnswer(response.status, typeof code === 'string' ? code : `http_${response.status}`);
  };
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
