import { uploadFile, type FileUpload } from '@sync/client/uploads';
import { ApiError, NetworkError } from './api';

/**
 * `uploadFile` for a form that uploads while the person waits (KYB documents, staff documents
 * and mail scans): the checked file's answer, or the failure thrown as the API client throws
 * it, so the form shows its usual message (the refusal's code, or "unreachable, try again").
 */
export async function uploadNow<T>(upload: FileUpload<T>): Promise<T> {
  const outcome = await uploadFile(upload);
  if (outcome.kind === 'done') return outcome.value;
  if (outcome.kind === 'refused') throw new ApiError(outcome.status, outcome.code);
  if (outcome.error instanceof ApiError || outcome.error instanceof NetworkError) throw outcome.error;
  throw new NetworkError('The upload did not reach the storage', { cause: outcome.error });
}
