import { randomUUID } from 'node:crypto';
import { TOTP, URI } from 'otpauth';
import type { APIRequestContext } from '@playwright/test';
import type { KybFile } from '@domain/kyb';
import { validKyb } from '@domain/kyb-fixture';
import { expect } from './alta';

// Banking set up through the API as the page's own session (same cookies, so the same
// two-factor step-up): for browser tests whose subject comes after it.

/** A JPG/PNG/PDF the server accepts: its magic bytes say PDF. */
export const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer\n%%EOF\n') });
export const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Two-factor set up and entered through the API, as `api`'s session: the authenticator app. */
export async function twoFactorThroughApi(api: APIRequestContext, companyId: string): Promise<void> {
  const setup = await api.post('/api/v1/banking/two-factor/setup', { data: { companyId } });
  expect(setup.status(), await setup.text()).toBe(201);
  const totp = URI.parse(((await setup.json()) as { otpauthUri: string }).otpauthUri) as TOTP;
  const verified = await api.post('/api/v1/banking/two-factor/verify', { data: { code: totp.generate() } });
  expect(verified.status(), await verified.text()).toBe(204);
}

/** A KYB file uploaded through the presigned-upload routes, as the browser does. */
export async function uploadKybFile(api: APIRequestContext, companyId: string, name: string): Promise<KybFile> {
  const { buffer } = pdf(name);
  const declared = await api.post('/api/v1/uploads', { data: { companyId, uploadType: 'kybDocument', fileName: name, size: buffer.length } });
  expect(declared.status(), await declared.text()).toBe(201);
  const { url, key } = (await declared.json()) as { url: string; key: string };
  const target = new URL(url);
  expect((await api.put(`${target.pathname}${target.search}`, { data: buffer, headers: { 'content-type': 'application/pdf' } })).status()).toBe(200);
  const completed = await api.post('/api/v1/uploads/complete', { data: { key } });
  expect(completed.status(), await completed.text()).toBe(200);
  return (await completed.json()) as KybFile;
}

/** A valid KYB submitted through the API (its documents uploaded as the browser does). */
export async function kybThroughApi(api: APIRequestContext, companyId: string) {
  const files = new Map<string, KybFile>();
  for (const name of ['passport.pdf', 'bill.pdf', 'articles.pdf', 'shares.pdf', 'lease.pdf', 'ein.pdf', 'statement.pdf'])
    files.set(name, await uploadKybFile(api, companyId, name));
  const form = validKyb((name) => files.get(name)!);
  const submitted = await api.post(`/api/v1/banking/companies/${companyId}/kyb`, {
    data: {
      draftId: randomUUID(),
      kind: 'business',
      form: { ...form, proofOfAddressDate: isoDay(-10), owners: form.owners.map((each) => ({ ...each, proofOfAddressDate: isoDay(-20) })) },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
}

/** A company's banking approved: two-factor, the KYB, then the sandbox's hosted verification approves it. */
export async function approvedBanking(api: APIRequestContext, companyId: string) {
  await twoFactorThroughApi(api, companyId);
  await kybThroughApi(api, companyId);
  const overview = (await (await api.get(`/api/v1/banking/companies/${companyId}`)).json()) as { profile: { kycUrl: string } };
  const approved = await api.post(new URL(overview.profile.kycUrl).pathname, { form: { decision: 'approved' }, maxRedirects: 0 });
  expect(approved.status(), await approved.text()).toBe(303);
}
