import { describe, expect, it } from 'vitest';
import { postJson, uploadFile, type FileUpload } from './uploads';

/**
 * The one presign → PUT → complete every upload goes through (receipts and documents queued
 * on the device, KYB documents, staff documents and mail scans): which failures are worth
 * another attempt, which refuse the file for good, and when an attempt starts over.
 */

const presigned = {
  key: 'companies/c/receipts/k.pdf',
  url: 'https://storage.test/put',
  method: 'PUT' as const,
  headers: { 'Content-Type': 'application/pdf' },
};
const problem = (status: number, code: string) =>
  new Response(JSON.stringify({ status, code }), { status, headers: { 'content-type': 'application/problem+json' } });
const refusal = (status: number, code: string) => Object.assign(new Error(code), { status, code });

function upload(overrides: Partial<FileUpload<string>> & { put?: () => Response | Promise<Response> } = {}): FileUpload<string> & { calls: string[] } {
  const calls: string[] = [];
  const { put = () => new Response(null, { status: 200 }), ...rest } = overrides;
  return {
    calls,
    id: 'u1',
    file: new Blob(['%PDF-1.7']),
    declare: async () => {
      calls.push('declare');
      return presigned;
    },
    complete: async (key) => {
      calls.push(`complete ${key}`);
      return 'checked';
    },
    fetch: async () => {
      calls.push('put');
      return put();
    },
    ...rest,
  };
}

describe('uploadFile', () => {
  it('declares, stores and completes, telling the key once the bytes are stored', async () => {
    const stored: string[] = [];
    const file = upload({ onStored: async (key) => void stored.push(key) });
    expect(await uploadFile(file)).toEqual({ kind: 'done', value: 'checked' });
    expect(file.calls).toEqual(['declare', 'put', `complete ${presigned.key}`]);
    expect(stored).toEqual([presigned.key]);
  });

  it('only completes a file an earlier attempt stored', async () => {
    const file = upload({ storedKey: 'companies/c/receipts/earlier.pdf' });
    expect(await uploadFile(file)).toEqual({ kind: 'done', value: 'checked' });
    expect(file.calls).toEqual(['complete companies/c/receipts/earlier.pdf']);
  });

  it('refuses for good what the storage refuses as too large or of the wrong type', async () => {
    expect(await uploadFile(upload({ put: () => problem(413, 'file_too_large') }))).toEqual({ kind: 'refused', status: 413, code: 'file_too_large' });
    expect(await uploadFile(upload({ put: () => new Response('<html>', { status: 415 }) }))).toEqual({
      kind: 'refused',
      status: 415,
      code: 'file_type_not_allowed',
    });
  });

  it('tries an expired URL again from a new declaration, not as a refused file', async () => {
    const outcome = await uploadFile(upload({ put: () => problem(403, 'forbidden') }));
    expect(outcome).toMatchObject({ kind: 'retry', startOver: true });
  });

  it('completes the key when the storage already holds it: a PUT of this URL stored the bytes and its answer was lost', async () => {
    const answers = [problem(409, 'conflict'), new Response('<Error><Code>PreconditionFailed</Code></Error>', { status: 412 })];
    for (const answer of answers) {
      const stored: string[] = [];
      const file = upload({ put: () => answer, onStored: async (key) => void stored.push(key) });
      expect(await uploadFile(file)).toEqual({ kind: 'done', value: 'checked' });
      expect(file.calls).toEqual(['declare', 'put', `complete ${presigned.key}`]);
      expect(stored).toEqual([presigned.key]);
    }
  });

  it('starts over when the stored copy is gone at completion', async () => {
    const file = upload({
      complete: async () => {
        throw refusal(404, 'not_found');
      },
    });
    expect(await uploadFile(file)).toMatchObject({ kind: 'retry', startOver: true });
  });

  it('refuses the rules no attempt can change, at the declaration or the completion', async () => {
    for (const code of ['file_too_large', 'file_type_not_allowed', 'validation', 'forbidden', 'not_found']) {
      const declare = async (): Promise<never> => {
        throw refusal(code === 'not_found' ? 404 : 400, code);
      };
      expect(await uploadFile(upload({ declare }))).toMatchObject({ kind: 'refused', code });
    }
    const complete = async (): Promise<never> => {
      throw refusal(400, 'file_type_not_allowed');
    };
    expect(await uploadFile(upload({ complete }))).toMatchObject({ kind: 'refused', code: 'file_type_not_allowed' });
  });

  it('tries again after a network failure, a server error, a rate limit or an ended session', async () => {
    const failures = [new TypeError('Failed to fetch'), refusal(500, 'internal'), refusal(429, 'rate_limited'), refusal(401, 'unauthorized')];
    for (const failure of failures) {
      const declare = async (): Promise<never> => {
        throw failure;
      };
      expect(await uploadFile(upload({ declare }))).toEqual({ kind: 'retry', startOver: false, error: failure });
    }
    const offline = upload({
      put: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await uploadFile(offline)).toMatchObject({ kind: 'retry', startOver: false });
  });
});

describe('postJson', () => {
  it('answers the body, and throws a refusal with its status and code', async () => {
    const answers = [new Response(JSON.stringify({ ok: 1 }), { status: 201 }), problem(403, 'forbidden'), new Response('<html>', { status: 502 })];
    const post = postJson({ fetch: async () => answers.shift()!, baseUrl: '/api/v1' });
    expect(await post('/uploads', {})).toEqual({ ok: 1 });
    await expect(post('/uploads', {})).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    await expect(post('/uploads', {})).rejects.toMatchObject({ status: 502, code: 'http_502' });
  });
});
