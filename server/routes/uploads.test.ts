import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestCompany } from '../sync/test-fixtures';
import { createUser, signIn } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';

const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj << >> endobj\ntrailer\n%%EOF\n');
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

let t: TestApp;
let dataDir: string;
let cookies: string;
let otherCookies: string;
let companyId: string;
let otherCompanyId: string;
let emails: [string, string];

/** Moves the clock past a URL's lifetime; the 15-minute sessions expire with it, so sign in again. */
async function later(ms: number) {
  t.clock.advance(ms);
  cookies = await signIn(t, emails[0]);
  otherCookies = await signIn(t, emails[1]);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'alta-uploads-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const owner = await createUser(t);
  const stranger = await createUser(t);
  companyId = await insertTestCompany(t.database.db, owner.id);
  otherCompanyId = await insertTestCompany(t.database.db, stranger.id);
  emails = [owner.email, stranger.email];
  cookies = await signIn(t, owner.email);
  otherCookies = await signIn(t, stranger.email);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The request path and query of an absolute presigned URL, for the in-process app. */
const local = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

async function presign(body: Record<string, unknown>, as = cookies) {
  return t.request('/api/v1/uploads', { method: 'POST', cookies: as, json: { uploadType: 'transactionReceipt', companyId, ...body } });
}

async function put(url: string, bytes: Uint8Array<ArrayBuffer>, contentType: string) {
  return t.request(local(url), { method: 'PUT', body: new Blob([bytes]), headers: { 'content-type': contentType } });
}

const storedFiles = () =>
  readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).filter(
    (name) => String(name).endsWith('.pdf') || String(name).endsWith('.png') || String(name).includes('.part'),
  );

describe('uploads through presigned URLs (local storage)', () => {
  it('uploads, verifies and serves a receipt', async () => {
    const presigned = await presign({ fileName: 'ticket.pdf', size: pdf.length });
    expect(presigned.status).toBe(201);
    const { key, url, method, headers } = await presigned.json();
    expect(key).toMatch(new RegExp(`^receipts/${companyId}/[0-9a-f-]{36}\\.pdf$`));
    expect(method).toBe('PUT');
    expect(headers).toEqual({ 'Content-Type': 'application/pdf' });
    expect((await put(url, pdf, 'application/pdf')).status).toBe(200);

    const completed = await t.request('/api/v1/uploads/complete', { method: 'POST', cookies, json: { key } });
    expect(completed.status).toBe(200);
    expect(await completed.json()).toEqual({ key, name: 'ticket.pdf', size: pdf.length, contentType: 'application/pdf' });

    const download = await t.request('/api/v1/uploads/download-url', { method: 'POST', cookies, json: { key } });
    const { url: downloadUrl } = await download.json();
    const file = await t.request(local(downloadUrl));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('inline; filename="ticket.pdf"');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
  });

  it('is one-shot: the same URL cannot replace a verified receipt, before or after completion', async () => {
    const { key, url } = await (await presign({ fileName: 'ticket.pdf', size: pdf.length })).json();
    expect((await put(url, pdf, 'application/pdf')).status).toBe(200);
    const forged = new TextEncoder().encode('%PDF-1.7\n% forged receipt, same size!!\n'.padEnd(pdf.length, ' '));
    expect(forged.length).toBe(pdf.length);
    const again = await put(url, forged, 'application/pdf');
    expect(again.status).toBe(409);
    expect((await t.request('/api/v1/uploads/complete', { method: 'POST', cookies, json: { key } })).status).toBe(200);
    expect((await put(url, forged, 'application/pdf')).status).toBe(409);

    const { url: downloadUrl } = await (await t.request('/api/v1/uploads/download-url', { method: 'POST', cookies, json: { key } })).json();
    expect(new Uint8Array(await (await t.request(local(downloadUrl))).arrayBuffer())).toEqual(pdf);
    expect(storedFiles().filter((name) => String(name).includes('.part'))).toEqual([]);
  });

  it('refuses an upload URL once it has expired', async () => {
    const { url } = await (await presign({ fileName: 'late.pdf', size: pdf.length })).json();
    await later(16 * 60_000);
    const response = await put(url, pdf, 'application/pdf');
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'upload_url_expired' });
  });

  it('refuses a download URL once it has expired', async () => {
    const { key, url } = await (await presign({ fileName: 'soon.pdf', size: pdf.length })).json();
    await put(url, pdf, 'application/pdf');
    await t.request('/api/v1/uploads/complete', { method: 'POST', cookies, json: { key } });
    const { url: downloadUrl } = await (await t.request('/api/v1/uploads/download-url', { method: 'POST', cookies, json: { key } })).json();
    await later(16 * 60_000);
    expect((await t.request(local(downloadUrl))).status).toBe(403);
  });

  it('refuses tampered URLs: a larger size, another key, another signature, another content type', async () => {
    const { key, url } = await (await presign({ fileName: 'ticket.pdf', size: pdf.length })).json();
    const bigger = new URL(url);
    bigger.searchParams.set('size', String(5_000_000));
    expect((await put(bigger.toString(), pdf, 'application/pdf')).status).toBe(403);
    const otherKey = url.replace(key, `receipts/${otherCompanyId}/${crypto.randomUUID()}.pdf`);
    expect((await put(otherKey, pdf, 'application/pdf')).status).toBe(403);
    const forged = new URL(url);
    forged.searchParams.set('signature', 'A'.repeat(43));
    expect((await put(forged.toString(), pdf, 'application/pdf')).status).toBe(403);
    expect((await put(url, pdf, 'text/html')).status).toBe(403);
    const download = new URL(url.replace(/\?.*$/, ''));
    download.search = new URLSearchParams({ name: 'x.pdf', contentType: 'application/pdf', expires: '9999999999', signature: 'x' }).toString();
    expect((await t.request(local(download.toString()))).status).toBe(403);
  });

  it('refuses a file whose bytes are not what its extension says, storing nothing', async () => {
    const before = storedFiles().length;
    const { url } = await (await presign({ fileName: 'receipt.pdf', size: png.length })).json();
    const response = await put(url, png, 'application/pdf');
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'file_type_not_allowed' });
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a body larger than the signed size, storing nothing', async () => {
    const before = storedFiles().length;
    const { url } = await (await presign({ fileName: 'receipt.png', size: 8 })).json();
    const response = await put(url, png, 'image/png');
    expect(response.status).toBe(413);
    expect(storedFiles().length).toBe(before);
  });

  it('checks the SPEC §5 limits per upload type before handing out a URL', async () => {
    const tooLarge = await presign({ fileName: 'receipt.pdf', size: 5_242_881 });
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toMatchObject({ errors: { size: ['validation.fileTooLarge'] } });
    const batch = await presign({ uploadType: 'batchImport', fileName: 'bank.csv', size: 2_097_153 });
    expect(await batch.json()).toMatchObject({ errors: { size: ['validation.fileTooLarge'] } });
    const wrongType = await presign({ fileName: 'receipt.exe', size: 10 });
    expect(await wrongType.json()).toMatchObject({ errors: { fileName: ['validation.fileTypeNotAllowed'] } });
    expect((await presign({ uploadType: 'partnerInvoice', fileName: 'big.zip', size: 20_971_520 })).status).toBe(201);
  });

  it("keeps other companies' files out of reach", async () => {
    expect((await presign({ companyId: otherCompanyId, fileName: 'x.pdf', size: 10 })).status).toBe(403);
    const { key, url } = await (await presign({ fileName: 'mine.pdf', size: pdf.length })).json();
    await put(url, pdf, 'application/pdf');
    expect((await t.request('/api/v1/uploads/complete', { method: 'POST', cookies: otherCookies, json: { key } })).status).toBe(404);
    await t.request('/api/v1/uploads/complete', { method: 'POST', cookies, json: { key } });
    expect((await t.request('/api/v1/uploads/download-url', { method: 'POST', cookies: otherCookies, json: { key } })).status).toBe(404);
    expect(
      (await t.request('/api/v1/uploads', { method: 'POST', json: { uploadType: 'transactionReceipt', companyId, fileName: 'a.pdf', size: 1 } })).status,
    ).toBe(401);
  });

  it('serves no download URL for a file that was never verified', async () => {
    const { key } = await (await presign({ fileName: 'pending.pdf', size: pdf.length })).json();
    expect((await t.request('/api/v1/uploads/download-url', { method: 'POST', cookies, json: { key } })).status).toBe(404);
    expect((await t.request('/api/v1/uploads/complete', { method: 'POST', cookies, json: { key } })).status).toBe(404);
  });
});
