import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailItemSchema, type MailItem } from '@domain/mail';
import { companyPeople, type CompanyPeople } from '../test/company-people';
import { exeBytes as exe, localPath as local, pdfBytes as pdf } from '../test/uploads';
import { answeredWith, type TestApp } from '../test/harness';

/** Mailing (decision 029) on a real database: staff add scans, the company's people read and forward them, nobody else sees them. */

let people: CompanyPeople;
let t: TestApp;
let owner: string;
let teammate: string;
let stranger: string;
let admin: string;
let companyId: string;

const letter = { sender: 'Internal Revenue Service', summary: 'Notice CP575: your EIN assignment', receivedAt: '2026-11-20', fileName: 'irs-cp575.pdf' };

/** Staff's three steps: declare the item, PUT the scan, complete. */
async function addMail(fields: Record<string, unknown>, bytes: Uint8Array, contentType = 'application/pdf', as = admin) {
  const declared = await t.request(`/api/v1/admin/companies/${companyId}/mail`, {
    method: 'POST',
    cookies: as,
    json: { ...letter, size: bytes.length, ...fields },
  });
  if (declared.status !== 201) return { declared };
  const { id, upload } = await declared.json();
  const put = await t.request(local(upload.url), {
    method: 'PUT',
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    headers: { 'content-type': contentType },
  });
  const completed = await t.request(`/api/v1/admin/mail/${id}/complete`, { method: 'POST', cookies: as });
  return { declared, put, completed, id: id as string, key: upload.key as string };
}

const listMail = async (as: string) => t.request(`/api/v1/companies/${companyId}/mail`, { cookies: as });
const items = async (as: string): Promise<MailItem[]> => (await (await listMail(as)).json()).items;

beforeAll(async () => {
  people = await companyPeople('mail', { owner: { language: 'pt', firstName: 'Joana' }, teammate: { language: 'en' } });
  ({ t, owner, teammate, stranger, admin, companyId } = people);
});
afterAll(() => people.close());

describe('mailing', () => {
  let first: string;

  it('staff add a letter: Letter and 1 by default, unread, listed for owner and teammate, and the owner is mailed once in their language', async () => {
    t.mails.length = 0;
    const added = await addMail({}, pdf);
    expect(added.completed?.status).toBe(200);
    first = added.id!;
    for (const as of [owner, teammate]) {
      const [item] = await items(as);
      expect(mailItemSchema.parse(item)).toMatchObject({
        id: first,
        type: 'Letter',
        quantity: 1,
        sender: letter.sender,
        readAt: null,
        forwarding: null,
        file: { name: 'irs-cp575.pdf' },
      });
      const { url } = await (await t.request('/api/v1/uploads/download-url', { method: 'POST', cookies: as, json: { key: item!.file.key } })).json();
      expect(new Uint8Array(await (await t.request(local(url))).arrayBuffer())).toEqual(pdf);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]).toMatchObject({ language: 'pt', subject: 'Nova correspondência para Acme' });
    expect(t.mails[0]!.text).toContain('uma carta de Internal Revenue Service');
    expect(t.mails[0]!.text).toContain('/pt/mailing');
    // Completing again publishes nothing new and mails nobody.
    expect((await t.request(`/api/v1/admin/mail/${first}/complete`, { method: 'POST', cookies: admin })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(t.mails).toHaveLength(1);
  });

  it('lists newest first, with type and quantity as staff gave them', async () => {
    t.clock.advance(1000);
    const added = await addMail(
      { sender: 'Wyoming Secretary of State', summary: 'Annual report reminder', type: 'LegalNotice', quantity: 2, receivedAt: '2026-11-21' },
      pdf,
    );
    expect(added.completed?.status).toBe(200);
    expect((await items(owner)).map((item) => [item.sender, item.type, item.quantity])).toEqual([
      ['Wyoming Secretary of State', 'LegalNotice', 2],
      [letter.sender, 'Letter', 1],
    ]);
  });

  it('answers 404 to anyone else: the list, the read mark, the forwarding and the scan', async () => {
    expect((await listMail(stranger)).status).toBe(404);
    expect((await t.request(`/api/v1/mail/${first}/read`, { method: 'PUT', cookies: stranger, json: { read: true } })).status).toBe(404);
    const forwarding = {
      address: { recipient: 'Eve', addressLine1: 'Somewhere 1', city: 'Lima', stateOrProvince: 'Lima', postalCode: '15001', country: 'PE' },
    };
    expect((await t.request(`/api/v1/mail/${first}/forwarding`, { method: 'POST', cookies: stranger, json: forwarding })).status).toBe(404);
    const [item] = await items(owner);
    expect((await t.request('/api/v1/uploads/download-url', { method: 'POST', cookies: stranger, json: { key: item!.file.key } })).status).toBe(404);
    expect((await t.request(`/api/v1/companies/${companyId}/mail`)).status).toBe(401);
  });

  it('keeps read and unread per person', async () => {
    const read = await t.request(`/api/v1/mail/${first}/read`, { method: 'PUT', cookies: owner, json: { read: true } });
    expect((await read.json()).readAt).not.toBeNull();
    expect((await items(owner)).find((item) => item.id === first)!.readAt).not.toBeNull();
    expect((await items(teammate)).find((item) => item.id === first)!.readAt).toBeNull();
    await t.request(`/api/v1/mail/${first}/read`, { method: 'PUT', cookies: owner, json: { read: false } });
    expect((await items(owner)).find((item) => item.id === first)!.readAt).toBeNull();
  });

  it('stores a forwarding request once, which staff see; the address follows the SPEC §5 rules', async () => {
    const address = {
      recipient: 'Joana Silva',
      addressLine1: 'Rua Augusta 100',
      city: 'Lisboa',
      stateOrProvince: 'Lisboa',
      postalCode: '1100-053',
      country: 'pt',
    };
    const invalid = await t.request(`/api/v1/mail/${first}/forwarding`, { method: 'POST', cookies: teammate, json: { address: { ...address, city: 'L' } } });
    expect((await invalid.json()).errors).toHaveProperty(['address.city']);
    const requested = await t.request(`/api/v1/mail/${first}/forwarding`, { method: 'POST', cookies: teammate, json: { address, note: 'Urgent, please' } });
    expect(requested.status).toBe(201);
    expect(await requested.json()).toMatchObject({ address: { ...address, country: 'PT', addressLine2: '' }, note: 'Urgent, please' });
    expect(await answeredWith(await t.request(`/api/v1/mail/${first}/forwarding`, { method: 'POST', cookies: owner, json: { address } }))).toBe(
      '409 forwarding_already_requested',
    );
    const staff = await (await t.request(`/api/v1/admin/companies/${companyId}/mail`, { cookies: admin })).json();
    expect(staff.items.find((item: { id: string }) => item.id === first).forwarding).toMatchObject({ note: 'Urgent, please', address: { city: 'Lisboa' } });
    expect((await items(owner)).find((item) => item.id === first)!.forwarding).toMatchObject({ forwardedAt: null });
  });

  it('staff mark the request forwarded once (audit-logged), and the company sees when', async () => {
    const forwarded = (mailId: string, as = admin) => t.request(`/api/v1/admin/mail/${mailId}/forwarding/forwarded`, { method: 'POST', cookies: as });
    expect((await forwarded(first, owner)).status).toBe(403);
    t.clock.advance(60_000);
    const done = await forwarded(first);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ id: first, forwarding: { forwardedAt: t.clock.now.toISOString() } });
    expect((await forwarded(first)).status).toBe(409);
    expect((await items(teammate)).find((item) => item.id === first)!.forwarding).toMatchObject({ forwardedAt: t.clock.now.toISOString() });
    // A piece nobody asked to forward, and one that does not exist.
    const unasked = (await items(owner)).find((item) => item.id !== first && item.forwarding === null)!;
    expect((await forwarded(unasked.id)).status).toBe(404);
    expect((await forwarded('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const [audit] = ((await t.database.db.execute(sql`select details from audit_log where action = 'forward_mail'`)) as { rows: { details: unknown }[] }).rows;
    expect(audit?.details).toEqual({ mailId: first, sender: letter.sender, city: 'Lisboa' });
  });

  it('refuses a scan above 20,971,520 bytes when declared, and a program named .pdf once its bytes are sniffed; neither is ever listed', async () => {
    const big = await t.request(`/api/v1/admin/companies/${companyId}/mail`, { method: 'POST', cookies: admin, json: { ...letter, size: 20_971_521 } });
    expect(big.status).toBe(400);
    expect((await big.json()).errors).toEqual({ size: ['validation.fileTooLarge'] });
    const forbidden = await addMail({ fileName: 'tool.exe' }, exe, 'application/octet-stream');
    expect(forbidden.declared.status).toBe(400);
    const lying = await addMail({ fileName: 'scan.pdf', sender: 'Liar Inc' }, exe);
    expect(lying.put?.status).toBe(415);
    expect(lying.completed?.status).toBe(404);
    // The scan stored under a lying name, then refused at completion (the bytes reached storage another way).
    expect((await items(owner)).map((item) => item.sender)).not.toContain('Liar Inc');
    const pending = (await t.database.db.execute(
      sql`select count(*)::int as count from mail_items where sender = 'Liar Inc' and published_at is not null`,
    )) as { rows: { count: number }[] };
    expect(pending.rows[0]!.count).toBe(0);
  });

  it('lets only staff add mail; users cannot upload a mail scan as a company document either', async () => {
    expect((await addMail({}, pdf, 'application/pdf', owner)).declared.status).toBe(403);
    const asDocument = await t.request('/api/v1/uploads', {
      method: 'POST',
      cookies: owner,
      json: { companyId, uploadType: 'correspondenceDocument', fileName: 'x.pdf', size: pdf.length },
    });
    expect(asDocument.status).toBe(403);
    const staffDocument = await t.request(`/api/v1/admin/companies/${companyId}/uploads`, {
      method: 'POST',
      cookies: admin,
      json: { uploadType: 'correspondenceDocument', fileName: 'x.pdf', size: pdf.length },
    });
    expect(staffDocument.status).toBe(400);
    expect(
      (await t.request(`/api/v1/admin/companies/${crypto.randomUUID()}/mail`, { method: 'POST', cookies: admin, json: { ...letter, size: 10 } })).status,
    ).toBe(404);
  });
});
