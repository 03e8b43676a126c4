/**
 * Upload progress of files this tab is sending (receipts, company documents): bytes sent per
 * upload id, for progress bars. `fetch` reports no upload progress, so the bytes go with
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
