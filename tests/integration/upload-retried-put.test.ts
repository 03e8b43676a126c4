import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresignedUpload } from '@domain/files';
import { postJson, uploadFile } from '@sync/client/uploads';
import { insertTestCompany } from '@server/sync/test-fixtures';
import { createUser, signIn } from '@server/test/accounts';
import { createTestApp, type TestApp } from '@server/test/harness';

/**
 * A receipt's PUT stored the file, then its answer was lost (the instance died after storing, a
 * connection dropped) and the same PUT went again, here or to another instance: the write-once
 * storage refuses it (the local simulator 409, S3 412), and the upload goes on to complete the
 * file it stored instead of failing or declaring it again.
 */

const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');

let t: TestApp;
let dataDir: string;
let cookies: string;
let companyId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'alta-upload-retry-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const user = await createUser(t);
  companyId = await insertTestCompany(t.database.db, user.id);
  cookies = await signIn(t, user.email);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a PUT sent again after it stored the file', () => {
  it('completes the stored file: one declaration, the second PUT refused as already stored, the file verified', async () => {
    // The app's API through the in-process server, signed in.
    const api = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
      return t.request(`${url.pathname}${url.search}`, { ...init, cookies });
    };
    const post = postJson({ fetch: api });
    const puts: number[] = [];
    const outcome = await uploadFile({
      id: 'retried',
      file: new Blob([pdf]),
      declare: () => post('/uploads', { uploadType: 'transactionReceipt', companyId, fileName: 'ticket.pdf', size: pdf.length }) as Promise<PresignedUpload>,
      complete: (key) => post('/uploads/complete', { key }),
      fetch: async (url, init) => {
        // The first PUT stores the file and its answer never arrives; the retry is what the upload sees.
        puts.push((await api(url, init)).status);
        const retried = await api(url, init);
        puts.push(retried.status);
        return retried;
      },
    });
    expect(puts).toEqual([200, 409]);
    expect(outcome).toMatchObject({ kind: 'done', value: { name: 'ticket.pdf', size: pdf.length, contentType: 'application/pdf' } });
  });
});
