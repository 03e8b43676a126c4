import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invitationDays } from '@domain/teammates';
import { protocolVersion } from '@sync/protocol';
import { rateLimits } from '../db/schema/auth';
import { teammateInvitations } from '../db/schema/teammates';
import { insertTestCompany } from '../sync/test-fixtures';
import { createUser, goodPassword, signIn } from '../test/accounts';
import { answeredWith, cookiesFrom, createTestApp, type TestApp } from '../test/harness';
import { downloadDocument, uploadDocument } from '../test/uploads';

const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj << >> endobj\ntrailer\n%%EOF\n');

let t: TestApp;
let dataDir: string;
let owner: { id: string; email: string; cookies: string };
let stranger: string;
let companyId: string;
let otherCompanyId: string;
let documentKey: string;

const invite = (cookies: string, json: unknown) => t.request('/api/v1/teammates', { method: 'POST', cookies, json });
const accept = (cookies: string, link: string) => t.request('/api/v1/teammates/accept', { method: 'POST', cookies, json: { link } });
const remove = (cookies: string, company: string, teammateId: string) =>
  t.request(`/api/v1/companies/${company}/teammates/${teammateId}`, { method: 'DELETE', cookies });
const teams = async (cookies: string) =>
  (await (await t.request('/api/v1/teammates', { cookies })).json()).items as {
    companyId: string;
    relation: string;
    teammates: { id: string; email: string; state: string }[];
  }[];
const companyIdsSeenBy = async (cookies: string) =>
  ((await (await t.request('/api/v1/companies', { cookies })).json()).items as { id: string }[]).map((company) => company.id);
const pull = async (cookies: string, cursor: string | null) =>
  (await t.request('/api/v1/sync/pull', { method: 'POST', cookies, json: { clientId: randomUUID(), protocolVersion, cursor, lastMutationId: 0 } })).json();

/** The `<id>.<secret>` of the last invitation mailed to `email`, with the mail. */
function mailedLink(email: string) {
  const mail = t.mails.findLast((message) => message.to === email);
  const link = mail?.text.match(/\/join-team#([\w.-]+)/)?.[1];
  if (!mail || !link) throw new Error(`no invitation mailed to ${email}`);
  return { mail, link };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'alta-teammates-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const [o, s] = [await createUser(t, { firstName: 'Olga', lastName: 'Ruiz' }), await createUser(t)];
  companyId = await insertTestCompany(t.database.db, o.id);
  otherCompanyId = await insertTestCompany(t.database.db, o.id);
  owner = { id: o.id, email: o.email, cookies: await signIn(t, o.email) };
  stranger = await signIn(t, s.email);
  const uploaded = await uploadDocument(t, owner.cookies, { companyId, uploadType: 'einDocument', fileName: 'ein.pdf', size: pdf.length }, pdf);
  expect(uploaded.completed?.status).toBe(200);
  documentKey = uploaded.key!;
});
// Each test starts with the owner's invitation budget whole; the last one spends it.
beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('teammates', () => {
  it('a new account: invited → mailed in the requested language → registers → accepts → sees the company and its documents → removed → sees nothing', async () => {
    const email = `nina-${randomUUID()}@example.com`;
    const invited = await invite(owner.cookies, { email: email.toUpperCase(), companyIds: [companyId], language: 'pt' });
    expect(invited.status).toBe(201);
    expect((await invited.json()).items.find((team: { companyId: string }) => team.companyId === companyId).teammates).toEqual([
      expect.objectContaining({ email, state: 'pending', name: null }),
    ]);
    const { mail, link } = mailedLink(email);
    expect(mail.language).toBe('pt');
    expect(mail.subject).toContain('Olga Ruiz');
    expect(mail.text).toContain(`${invitationDays} dias`);

    const registered = await t.request('/api/v1/users', {
      method: 'POST',
      json: { firstName: 'Nina', lastName: 'Costa', email, password: goodPassword, language: 'pt', acceptTerms: true },
    });
    expect(registered.status).toBe(201);
    const nina = cookiesFrom(registered);
    const before = await pull(nina, null);
    expect(await companyIdsSeenBy(nina)).toEqual([]);
    expect((await downloadDocument(t, nina, documentKey)).granted.status).toBe(404);

    const accepted = await accept(nina, link);
    expect(await accepted.json()).toEqual({ companyIds: [companyId] });
    expect(await companyIdsSeenBy(nina)).toEqual([companyId]);
    expect((await t.request(`/api/v1/companies/${companyId}/documents`, { cookies: nina })).status).toBe(200);
    expect((await downloadDocument(t, nina, documentKey)).bytes).toEqual(pdf);
    // The sync scope grew: the device's next pull starts over and names the company.
    const joined = await pull(nina, before.cursor);
    expect(joined).toMatchObject({ resync: true, companyIds: [companyId] });
    const ownerTeam = (await teams(owner.cookies)).find((team) => team.companyId === companyId)!;
    const teammate = ownerTeam.teammates.find((entry) => entry.email === email)!;
    expect(teammate.state).toBe('accepted');
    expect((await teams(nina)).map((team) => [team.companyId, team.relation])).toEqual([[companyId, 'teammate']]);

    expect((await remove(owner.cookies, companyId, teammate.id)).status).toBe(204);
    expect(await companyIdsSeenBy(nina)).toEqual([]);
    expect((await t.request(`/api/v1/companies/${companyId}`, { cookies: nina })).status).toBe(404);
    expect((await downloadDocument(t, nina, documentKey)).granted.status).toBe(404);
    expect(await pull(nina, joined.cursor)).toMatchObject({ resync: true, companyIds: [] });
    expect(await teams(nina)).toEqual([]);
  });

  it('an existing account logs in and accepts an invitation to several companies; the link is single use', async () => {
    const existing = await createUser(t, { language: 'en' });
    expect((await invite(owner.cookies, { email: existing.email, companyIds: [companyId, otherCompanyId], language: 'pt' })).status).toBe(201);
    const { mail, link } = mailedLink(existing.email);
    // The account's own language wins over the inviter's.
    expect(mail.language).toBe('en');
    const cookies = await signIn(t, existing.email);
    expect((await (await accept(cookies, link)).json()).companyIds.sort()).toEqual([companyId, otherCompanyId].sort());
    expect(await answeredWith(await accept(cookies, link))).toBe('400 invalid_invitation_link');
    expect((await companyIdsSeenBy(cookies)).sort()).toEqual([companyId, otherCompanyId].sort());
  });

  it('refuses a duplicate with the SPEC message code, the owner’s own email, and unknown or foreign companies', async () => {
    const email = `dup-${randomUUID()}@example.com`;
    expect((await invite(owner.cookies, { email, companyIds: [companyId] })).status).toBe(201);
    expect(await answeredWith(await invite(owner.cookies, { email, companyIds: [otherCompanyId, companyId] }))).toBe('409 teammate_exists');
    expect(await answeredWith(await invite(owner.cookies, { email: owner.email, companyIds: [companyId] }))).toBe('409 teammate_is_owner');
    expect((await invite(owner.cookies, { email, companyIds: [randomUUID()] })).status).toBe(404);
    expect((await invite(stranger, { email: `x-${randomUUID()}@example.com`, companyIds: [companyId] })).status).toBe(404);
    expect((await invite(owner.cookies, { email: 'not-an-email', companyIds: [companyId] })).status).toBe(400);
    expect((await invite(owner.cookies, { email, companyIds: [] })).status).toBe(400);
  });

  it('an accepted teammate is a duplicate too, and cannot invite or remove (owner_only); strangers get 404', async () => {
    const member = await createUser(t);
    await invite(owner.cookies, { email: member.email, companyIds: [companyId] });
    const cookies = await signIn(t, member.email);
    expect((await accept(cookies, mailedLink(member.email).link)).status).toBe(200);
    expect(await answeredWith(await invite(owner.cookies, { email: member.email.toUpperCase(), companyIds: [companyId] }))).toBe('409 teammate_exists');

    expect((await invite(cookies, { email: `y-${randomUUID()}@example.com`, companyIds: [companyId] })).status).toBe(403);
    expect((await remove(cookies, companyId, member.id)).status).toBe(403);
    expect((await remove(cookies, companyId, owner.id)).status).toBe(403);
    expect((await remove(stranger, companyId, member.id)).status).toBe(404);
    expect((await remove(owner.cookies, companyId, randomUUID())).status).toBe(404);
    // A teammate sees the team but no pending invitations.
    const seen = (await teams(cookies)).find((team) => team.companyId === companyId)!;
    expect(seen.relation).toBe('teammate');
    expect(seen.teammates.every((entry) => entry.state === 'accepted')).toBe(true);
  });

  it('accepts only with the invited email’s account, a live link and an unwithdrawn invitation', async () => {
    const invitee = await createUser(t);
    await invite(owner.cookies, { email: invitee.email, companyIds: [companyId] });
    const { link } = mailedLink(invitee.email);
    expect(await answeredWith(await accept(stranger, link))).toBe('403 invitation_other_account');
    const [id] = link.split('.');
    expect(await answeredWith(await accept(stranger, `${id}.wrong-secret-wrong-secret`))).toBe('400 invalid_invitation_link');
    const cookies = await signIn(t, invitee.email);
    // The link's days pass (the sessions would not survive moving the clock that far).
    await t.database.db.update(teammateInvitations).set({ expiresAt: t.clock.now }).where(eq(teammateInvitations.id, id!));
    expect(await answeredWith(await accept(cookies, link))).toBe('400 invalid_invitation_link');
    // Expired: shown as such, and inviting again replaces it.
    const pending = (await teams(owner.cookies)).find((team) => team.companyId === companyId)!.teammates.find((entry) => entry.email === invitee.email)!;
    expect(pending.state).toBe('expired');
    expect((await invite(owner.cookies, { email: invitee.email, companyIds: [companyId] })).status).toBe(201);
    const renewed = mailedLink(invitee.email).link;
    const withdrawn = (await teams(owner.cookies)).find((team) => team.companyId === companyId)!.teammates.find((entry) => entry.email === invitee.email)!;
    expect(withdrawn.state).toBe('pending');
    expect((await remove(owner.cookies, companyId, withdrawn.id)).status).toBe(204);
    expect(await answeredWith(await accept(cookies, renewed))).toBe('400 invalid_invitation_link');
    expect(await companyIdsSeenBy(cookies)).toEqual([]);
  });

  it('limits how many invitations an owner sends (each is a mail to someone else)', async () => {
    for (let sent = 0; sent < 10; sent++)
      expect((await invite(owner.cookies, { email: `many-${randomUUID()}@example.com`, companyIds: [otherCompanyId] })).status).toBe(201);
    expect(await answeredWith(await invite(owner.cookies, { email: `many-${randomUUID()}@example.com`, companyIds: [otherCompanyId] }))).toBe(
      '429 rate_limited',
    );
  });
});
