import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPeople, type CompanyPeople } from '../test/company-people';
import type { TestApp } from '../test/harness';
import { exeBytes as exe, localPath, pdfBytes as pdf, uploadDocument } from '../test/uploads';

let people: CompanyPeople;
let t: TestApp;
let owner: string;
let teammate: string;
let stranger: string;
let admin: string;
let companyId: string;
let partnerId: string;

/** Declare → PUT → complete, as the browser does; answers each step's response. */
const upload = (as: string, body: Record<string, unknown>, bytes: Uint8Array, contentType = 'application/pdf') =>
  uploadDocument(t, as, { companyId, ...body }, bytes, contentType);

const documents = async (as: string) => t.request(`/api/v1/companies/${companyId}/documents`, { cookies: as });

beforeAll(async () => {
  people = await companyPeople('documents');
  ({ t, owner, teammate, stranger, admin, companyId } = people);
  const partner = (await t.database.db.execute(
    sql`insert into partners (company_id, position, first_name, last_name, ownership, is_director, address_line_1, city, state_or_province, country, postal_code)
        values (${companyId}, 0, 'Ana', 'Pérez', 100, true, 'Calle 1', 'Lima', 'Lima', 'PE', '15001') returning id`,
  )) as { rows: { id: string }[] };
  partnerId = partner.rows[0]!.id;
});
afterAll(() => people.close());

describe('company documents', () => {
  let key: string;

  it('an owner uploads the EIN document; owner and teammate list and download it', async () => {
    const result = await upload(owner, { uploadType: 'einDocument', fileName: 'ein.pdf', size: pdf.length }, pdf);
    expect(result.completed?.status).toBe(200);
    key = result.key!;
    for (const as of [owner, teammate]) {
      const listed = await (await documents(as)).json();
      expect(listed.items).toEqual([expect.objectContaining({ key, uploadType: 'einDocument', name: 'ein.pdf', partnerId: null, addedByStaff: false })]);
      const { url } = await (await t.request('/api/v1/uploads/download-url', { method: 'POST', cookies: as, json: { key } })).json();
      const file = await t.request(localPath(url));
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
    }
    expect((await documents(owner)).status).toBe(200);
  });

  it('answers 404 to anyone else, for the list, the file and the delete', async () => {
    expect((await documents(stranger)).status).toBe(404);
    expect((await t.request('/api/v1/uploads/download-url', { method: 'POST', cookies: stranger, json: { key } })).status).toBe(404);
    expect((await t.request(`/api/v1/companies/${companyId}/documents`, { method: 'DELETE', cookies: stranger, json: { key } })).status).toBe(404);
  });

  it('refuses a document above 20,971,520 bytes when declared', async () => {
    const { declared } = await upload(owner, { uploadType: 'einDocument', fileName: 'big.pdf', size: 20_971_521 }, pdf);
    expect(declared.status).toBe(400);
    expect((await declared.json()).errors).toEqual({ size: ['validation.fileTooLarge'] });
  });

  it('refuses a document larger than it was declared (a client lying about the size), storing and listing nothing', async () => {
    const padded = new Uint8Array(pdf.length + 4_096);
    padded.set(pdf);
    const lying = await upload(owner, { uploadType: 'einDocument', fileName: 'ein-2.pdf', size: pdf.length }, padded);
    expect(lying.put?.status).toBe(413);
    expect(lying.completed?.status).toBe(404);
    expect((await (await documents(owner)).json()).items).toHaveLength(1);
  });

  it('refuses a forbidden type even when the client lies about it: a program named .pdf is sniffed and never stored', async () => {
    const named = await upload(owner, { uploadType: 'einDocument', fileName: 'tool.exe', size: exe.length }, exe, 'application/octet-stream');
    expect(named.declared.status).toBe(400);
    const lying = await upload(owner, { uploadType: 'einDocument', fileName: 'ein.pdf', size: exe.length }, exe);
    expect(lying.put?.status).toBe(415);
    expect((await lying.put!.json()).code).toBe('file_type_not_allowed');
    expect(lying.completed?.status).toBe(404);
    expect((await (await documents(owner)).json()).items).toHaveLength(1);
  });

  it('keeps partner documents per partner: the partner is required and must be of the company', async () => {
    expect((await upload(owner, { uploadType: 'partnerPassport', fileName: 'passport.pdf', size: pdf.length }, pdf)).declared.status).toBe(400);
    const foreign = await upload(owner, { uploadType: 'partnerPassport', fileName: 'passport.pdf', size: pdf.length, partnerId: crypto.randomUUID() }, pdf);
    expect(foreign.declared.status).toBe(400);
    const passport = await upload(teammate, { uploadType: 'partnerPassport', fileName: 'passport.pdf', size: pdf.length, partnerId }, pdf);
    expect(passport.completed?.status).toBe(200);
    const listed = await (await documents(owner)).json();
    expect(listed.items[0]).toMatchObject({ uploadType: 'partnerPassport', partnerId, deletable: true });
    expect((await documents(stranger)).status).toBe(404);
  });

  it('lets staff add the generated EIN document (audited), which owners read and cannot delete; users cannot upload it', async () => {
    expect((await upload(owner, { uploadType: 'generatedEinDocument', fileName: 'ein-letter.pdf', size: pdf.length }, pdf)).declared.status).toBe(403);
    expect(
      (
        await t.request(`/api/v1/admin/companies/${companyId}/uploads`, {
          method: 'POST',
          cookies: owner,
          json: { uploadType: 'generatedEinDocument', fileName: 'x.pdf', size: pdf.length },
        })
      ).status,
    ).toBe(403);
    const declared = await t.request(`/api/v1/admin/companies/${companyId}/uploads`, {
      method: 'POST',
      cookies: admin,
      json: { uploadType: 'generatedEinDocument', fileName: 'ein-letter.pdf', size: pdf.length },
    });
    expect(declared.status).toBe(201);
    const presigned = await declared.json();
    expect((await t.request(localPath(presigned.url), { method: 'PUT', body: new Blob([pdf]), headers: { 'content-type': 'application/pdf' } })).status).toBe(
      200,
    );
    expect((await t.request('/api/v1/admin/uploads/complete', { method: 'POST', cookies: admin, json: { key: presigned.key } })).status).toBe(200);
    const audit = (
      (await t.database.db.execute(sql`select details from audit_log where action = 'upload_company_document'`)) as {
        rows: { details: Record<string, string> }[];
      }
    ).rows;
    expect(audit[0]?.details).toMatchObject({ companyId, key: presigned.key, uploadType: 'generatedEinDocument' });
    // The company's staff page shows it in the company's log.
    const companyLog = await (await t.request(`/api/v1/admin/audit?companyId=${companyId}`, { cookies: admin })).json();
    expect(companyLog.items.map((entry: { action: string }) => entry.action)).toContain('upload_company_document');

    const staffDocument = (await (await documents(owner)).json()).items.find((item: { key: string }) => item.key === presigned.key);
    expect(staffDocument).toMatchObject({ addedByStaff: true, deletable: false });
    const refused = await t.request(`/api/v1/companies/${companyId}/documents`, { method: 'DELETE', cookies: owner, json: { key: presigned.key } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('document_locked');
  });

  it('deletes: a teammate only their own uploads, the owner any user upload', async () => {
    const byTeammate = await t.request(`/api/v1/companies/${companyId}/documents`, { method: 'DELETE', cookies: teammate, json: { key } });
    expect(byTeammate.status).toBe(403);
    expect((await t.request(`/api/v1/companies/${companyId}/documents`, { method: 'DELETE', cookies: owner, json: { key } })).status).toBe(204);
    expect((await (await documents(owner)).json()).items.map((item: { key: string }) => item.key)).not.toContain(key);
    expect((await t.request('/api/v1/uploads/download-url', { method: 'POST', cookies: owner, json: { key } })).status).toBe(404);
    const orphan = (await t.database.db.execute(sql`select key from storage_orphans where key = ${key}`)) as { rows: unknown[] };
    expect(orphan.rows).toHaveLength(1);
  });
});
