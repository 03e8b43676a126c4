import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Secret, URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../context';
import type { KybFile } from '@domain/kyb';
import { validKyb } from '@domain/kyb-fixture';
import { protocolVersion } from '@sync/protocol';
import { bankingProfiles, kybSubmissions, liquidationAddresses, sandboxBridgeObjects, walletBalances, walletTransactions } from '../db/schema/banking';
import { uploads } from '../db/schema/bookkeeping';
import { companies, companyMembers, partners } from '../db/schema/companies';
import { drafts } from '../db/schema/drafts';
import { ensureAdmin } from '../seed';
import { totpOf } from '../banking/two-factor';
import { createSandboxBanking } from '../providers/banking/sandbox-banking';
import { applyPush } from '../sync/push';
import { createUser, signIn } from '../test/accounts';
import { answeredWith, cookiesFrom, createTestApp, type TestApp } from '../test/harness';

/** A signed-in user with a TOTP authenticator of their own (set up through the API). */
interface Person {
  id: string;
  email: string;
  cookies: string;
  secret: Secret | null;
}

describe('banking', () => {
  let t: TestApp;
  let owner: Person;
  let teammate: Person;
  let stranger: Person;
  let companyId: string;
  let sanctionedCompanyId: string;
  let sanctionedOwner: Person;

  const api = (path: string, person: Person | null, init: RequestInit & { json?: unknown } = {}) =>
    t.request(`/api/v1/banking${path}`, {
      ...init,
      cookies: person?.cookies,
      headers: { 'x-forwarded-for': '198.51.100.7', ...(init.headers as Record<string, string>) },
    });

  async function person(email: string): Promise<Person> {
    const user = await createUser(t, { email });
    return { id: user.id, email, cookies: await signIn(t, email), secret: null };
  }

  async function companyOf(ownerId: string, country: string): Promise<string> {
    const [company] = await t.database.db
      .insert(companies)
      .values({ ownerId, type: 'LLC', nameOption1: `Andes ${country}`, status: 'Completed' })
      .returning();
    await t.database.db.insert(partners).values({
      companyId: company!.id,
      position: 0,
      firstName: 'Ana',
      lastName: 'Pérez',
      ownership: 100,
      isDirector: true,
      addressLine1: 'Av. Corrientes 1234',
      city: 'Buenos Aires',
      stateOrProvince: 'CABA',
      country,
      postalCode: '1043',
    });
    return company!.id;
  }

  /** The code the user's authenticator shows now (a later step than the last used one). */
  const codeOf = (who: Person) => totpOf(who.secret!, who.email).generate({ timestamp: t.clock.now.getTime() });

  async function setUp(who: Person, company = companyId) {
    const response = await api('/two-factor/setup', who, { method: 'POST', json: { companyId: company } });
    expect(response.status).toBe(201);
    who.secret = URI.parse((await response.json()).otpauthUri).secret;
    await verify(who);
  }

  async function verify(who: Person) {
    // Each code may be used once: move to the next 30-second step first.
    t.clock.advance(30_000);
    const response = await api('/two-factor/verify', who, { method: 'POST', json: { code: codeOf(who) } });
    expect(response.status).toBe(204);
  }

  /** A KYB submitted straight into the table: the KYB route has its own tests below. */
  async function kybOnFile(id: string, by: string) {
    await t.database.db
      .insert(kybSubmissions)
      .values({ companyId: id, kind: 'business', form: validKyb(), draftId: randomUUID(), submittedBy: by, submittedAt: t.clock.now });
  }

  async function approve(id: string, who = owner) {
    await kybOnFile(id, who.id);
    const enabled = await api(`/companies/${id}/verification`, who, { method: 'POST' });
    expect(enabled.status).toBe(201);
    const [profile] = await t.database.db.select().from(bankingProfiles).where(eq(bankingProfiles.companyId, id));
    const decision = await t.request(`/api/v1/banking/sandbox/kyc/${profile!.kycLinkId}`, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approved' }),
      headers: { origin: 'http://localhost:3000' },
    });
    expect(decision.status).toBe(303);
  }

  /** A US bank account the SPEC rules accept. */
  const usAccount = {
    region: 'US',
    ownerType: 'person',
    bankName: 'Chase',
    firstName: 'Ana',
    lastName: 'Pérez',
    accountNumber: '000123456789',
    routingNumber: '021000021',
    street: '123 Main St',
    city: 'New York',
    postalCode: '10001',
    country: 'US',
  };

  /** Every route that moves money or changes where it goes, each with a body it would accept. */
  const moneyMovements = (who: Person) => [
    withdraw(who, { rail: 'tron', walletAddress: 'T'.repeat(34), amountCents: 10_000 }),
    api(`/companies/${companyId}/bank-accounts`, who, { method: 'POST', json: usAccount }),
    api(`/companies/${companyId}/bank-accounts/${randomUUID()}`, who, { method: 'DELETE' }),
    api(`/companies/${companyId}/liquidation-addresses`, who, {
      method: 'POST',
      json: { currency: 'usdc', bankAccountId: randomUUID(), method: 'ach' },
      headers: { 'idempotency-key': randomUUID() },
    }),
  ];

  /** The transfers the provider was asked for (the sandbox keeps Bridge's objects). */
  const providerTransfers = async () => (await t.database.db.select().from(sandboxBridgeObjects).where(eq(sandboxBridgeObjects.kind, 'transfer'))).length;

  const withdraw = (who: Person, body: unknown, key = randomUUID()) =>
    api(`/companies/${companyId}/withdrawals`, who, { method: 'POST', json: body, headers: { 'idempotency-key': key } });

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    owner = await person('owner@example.com');
    teammate = await person('teammate@example.com');
    stranger = await person('stranger@example.com');
    sanctionedOwner = await person('sanctioned@example.com');
    companyId = await companyOf(owner.id, 'AR');
    sanctionedCompanyId = await companyOf(sanctionedOwner.id, 'VE');
    await t.database.db.insert(companyMembers).values({ companyId, userId: teammate.id });
    await setUp(owner);
    await approve(companyId);
    // The overview provisions the wallet and virtual account once KYC is approved.
    expect((await (await api(`/companies/${companyId}`, owner)).json()).profile.virtualAccounts.usd.routingNumber).toMatch(/^\d{9}$/);
  });
  afterAll(() => t.close());

  describe('two-factor access', () => {
    it('refuses a teammate’s QR until the owner has one, and another company’s outright', async () => {
      const other = await person('early-teammate@example.com');
      const company = await companyOf(stranger.id, 'AR');
      await t.database.db.insert(companyMembers).values({ companyId: company, userId: other.id });
      const refused = await api('/two-factor/setup', other, { method: 'POST', json: { companyId: company } });
      expect(refused.status).toBe(403);
      expect((await refused.json()).code).toBe('two_factor_owner_only');
      expect((await api('/two-factor/setup', other, { method: 'POST', json: { companyId } })).status).toBe(404);
    });

    it('counts wrong codes down, then locks with the wait in seconds', async () => {
      const guesser = await person('guesser@example.com');
      const company = await companyOf(guesser.id, 'AR');
      const setup = await api('/two-factor/setup', guesser, { method: 'POST', json: { companyId: company } });
      guesser.secret = URI.parse((await setup.json()).otpauthUri).secret;
      const right = codeOf(guesser);
      const wrong = right === '000000' ? '111111' : '000000';
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const response = await api('/two-factor/verify', guesser, { method: 'POST', json: { code: wrong } });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ code: 'two_factor_invalid_code', attemptsRemaining: 5 - attempt });
      }
      const locked = await api('/two-factor/verify', guesser, { method: 'POST', json: { code: wrong } });
      expect(await locked.json()).toMatchObject({ status: 429, code: 'two_factor_locked', retryAfter: 300 });
      expect(locked.headers.get('retry-after')).toBe('300');
      // Even the right code waits out the lock.
      const stillLocked = await api('/two-factor/verify', guesser, { method: 'POST', json: { code: right } });
      expect(await answeredWith(stillLocked)).toBe('429 two_factor_locked');
      t.clock.advance(301_000);
      expect((await api('/two-factor/verify', guesser, { method: 'POST', json: { code: codeOf(guesser) } })).status).toBe(204);
    });

    it('refuses a code already used', async () => {
      t.clock.advance(30_000);
      const code = codeOf(owner);
      expect((await api('/two-factor/verify', owner, { method: 'POST', json: { code } })).status).toBe(204);
      expect(await answeredWith(await api('/two-factor/verify', owner, { method: 'POST', json: { code } }))).toBe('400 two_factor_invalid_code');
    });

    it('resets by a code mailed to the owner, with a cooldown between requests', async () => {
      const resetter = await person('resetter@example.com');
      const company = await companyOf(resetter.id, 'AR');
      await setUp(resetter, company);
      const first = await api('/two-factor/reset', resetter, { method: 'POST', json: { companyId: company } });
      expect(first.status).toBe(202);
      const again = await api('/two-factor/reset', resetter, { method: 'POST', json: { companyId: company } });
      expect(await again.json()).toMatchObject({ status: 429, code: 'two_factor_reset_cooldown', retryAfter: 60 });
      await new Promise((resolve) => setTimeout(resolve, 10));
      const mail = t.mails.findLast((message) => message.to === 'resetter@example.com')!;
      const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
      expect(
        await answeredWith(await api('/two-factor/reset/confirm', resetter, { method: 'POST', json: { code: code === '000000' ? '000001' : '000000' } })),
      ).toBe('400 two_factor_invalid_reset_code');
      expect((await api('/two-factor/reset/confirm', resetter, { method: 'POST', json: { code } })).status).toBe(204);
      // The secret is gone: a new QR can be generated.
      expect((await api('/two-factor/setup', resetter, { method: 'POST', json: { companyId: company } })).status).toBe(201);
    });

    it('mails one company’s owner three reset codes an hour, counting only people whose code would reset something', async () => {
      const boss = await person('boss@example.com');
      const company = await companyOf(boss.id, 'AR');
      await setUp(boss, company);
      const members = [await person('member-1@example.com'), await person('member-2@example.com'), await person('member-3@example.com')];
      const withoutTwoFactor = await person('member-none@example.com');
      await t.database.db.insert(companyMembers).values([...members, withoutTwoFactor].map((member) => ({ companyId: company, userId: member.id })));
      for (const member of members) await setUp(member, company);
      const ask = (who: Person) => api('/two-factor/reset', who, { method: 'POST', json: { companyId: company } });
      const mailsToBoss = () => t.mails.filter((message) => message.to === 'boss@example.com').length;

      // Someone without two-factor has no code to reset: refused, and the company's mails are untouched.
      for (let attempt = 0; attempt < 5; attempt += 1) expect(await answeredWith(await ask(withoutTwoFactor))).toBe('404 two_factor_required');
      for (const who of [boss, members[0]!, members[1]!]) expect((await ask(who)).status).toBe(202);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(mailsToBoss()).toBe(3);
      const refused = await ask(members[2]!);
      expect(await answeredWith(refused)).toBe('429 two_factor_reset_cooldown');
      // One mail comes back every 20 minutes.
      expect((await refused.json()).retryAfter).toBe(1200);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(mailsToBoss()).toBe(3);
      // No code was made for the refused request.
      expect(await answeredWith(await api('/two-factor/reset/confirm', members[2]!, { method: 'POST', json: { code: '123456' } }))).toBe(
        '400 two_factor_no_reset_code',
      );
    });

    it('limits reset-code guesses per account and per address', async () => {
      const confirm = (who: Person, ip: string) =>
        api('/two-factor/reset/confirm', who, { method: 'POST', json: { code: '123456' }, headers: { 'x-forwarded-for': ip } });
      const guesser = await person('reset-guesser@example.com');
      const others = [await person('reset-a@example.com'), await person('reset-b@example.com'), await person('reset-c@example.com')];
      const fresh = await person('reset-d@example.com');
      for (let attempt = 0; attempt < 10; attempt += 1) expect(await answeredWith(await confirm(guesser, '203.0.113.1'))).toBe('400 two_factor_no_reset_code');
      // The account is locked from any address.
      expect(await answeredWith(await confirm(guesser, '203.0.113.1'))).toBe('429 rate_limited');
      expect(await answeredWith(await confirm(guesser, '203.0.113.2'))).toBe('429 rate_limited');
      // 30 guesses from one address over other accounts lock the address, for any account.
      for (const other of others) {
        for (let attempt = 0; attempt < 10; attempt += 1) expect(await answeredWith(await confirm(other, '203.0.113.2'))).toBe('400 two_factor_no_reset_code');
      }
      expect(await answeredWith(await confirm(fresh, '203.0.113.2'))).toBe('429 rate_limited');
      expect(await answeredWith(await confirm(fresh, '203.0.113.3'))).toBe('400 two_factor_no_reset_code');
    });
  });

  describe('who sees what', () => {
    it('gives a teammate without two-factor access nothing but the setup state', async () => {
      const overview = await (await api(`/companies/${companyId}`, teammate)).json();
      expect(overview).toMatchObject({ twoFactor: { enabled: false, canSetUp: true, access: false }, profile: null, balances: null, bankAccounts: null });
      expect((await api(`/companies/${companyId}/transactions`, teammate)).status).toBe(403);
      // The owner's code opens nothing for them: no money moves, no account is added.
      for (const response of await Promise.all(moneyMovements(teammate)))
        expect([response.status, (await response.json()).code]).toEqual([403, 'two_factor_required']);
    });

    it('gives any other user a 404', async () => {
      expect((await api(`/companies/${companyId}`, stranger)).status).toBe(404);
      expect((await api(`/companies/${companyId}/transactions`, stranger)).status).toBe(404);
      expect((await withdraw(stranger, { rail: 'tron', walletAddress: 'T'.repeat(34), amountCents: 10_000 })).status).toBe(404);
    });

    it('lets a teammate in with their own code', async () => {
      await setUp(teammate);
      const overview = await (await api(`/companies/${companyId}`, teammate)).json();
      expect(overview.profile.status).toBe('approved');
    });

    it('refuses a verification whose email the provider already holds for a different account', async () => {
      const second = await companyOf(owner.id, 'AR');
      await kybOnFile(second, owner.id);
      await verify(owner);
      const response = await api(`/companies/${second}/verification`, owner, { method: 'POST' });
      expect([response.status, (await response.json()).code]).toEqual([409, 'kyc_email_in_use']);
      const [profile] = await t.database.db.select().from(bankingProfiles).where(eq(bankingProfiles.companyId, second));
      expect(profile).toBeUndefined();
      // The first company's own retry is the same link, not a conflict.
      expect((await api(`/companies/${companyId}/verification`, owner, { method: 'POST' })).status).toBe(201);
    });

    it('refuses banking to a company whose owner lives in a SPEC §1 country', async () => {
      await setUp(sanctionedOwner, sanctionedCompanyId);
      const response = await api(`/companies/${sanctionedCompanyId}/verification`, sanctionedOwner, { method: 'POST' });
      expect(response.status).toBe(403);
      expect((await response.json()).code).toBe('banking_unavailable_country');
    });
  });

  describe('KYB', () => {
    /** A new owner with two-factor access and a company (Argentina unless `country`, an LLC unless `type`). */
    async function applicant(email: string, type: 'LLC' | 'Cross Border Crypto' = 'LLC') {
      const who = await person(email);
      const company = await companyOf(who.id, 'AR');
      if (type !== 'LLC') await t.database.db.update(companies).set({ type }).where(eq(companies.id, company));
      await setUp(who, company);
      return { who, company };
    }

    /** Files this company uploaded and the server verified, one per name. */
    async function uploadedFile(company: string, uploader: string, name: string) {
      const key = `kyb/${company}/${randomUUID()}.pdf`;
      await t.database.db.insert(uploads).values({
        key,
        companyId: company,
        uploadType: 'kybDocument',
        fileName: name,
        size: 1000,
        contentType: 'application/pdf',
        uploadedBy: uploader,
        verifiedAt: t.clock.now,
      });
      return { key, name, size: 1000, contentType: 'application/pdf' };
    }

    async function kybWithFiles(company: string, uploader: string) {
      const files = new Map<string, KybFile>();
      for (const name of ['passport.pdf', 'bill.pdf', 'articles.pdf', 'shares.pdf', 'lease.pdf', 'ein.pdf', 'statement.pdf'])
        files.set(name, await uploadedFile(company, uploader, name));
      const form = validKyb((name) => files.get(name)!);
      // The fixture's dates are valid on 2026-11-22: move them to the test clock's day.
      const shift = (date: string) => new Date(t.clock.now.getTime() - (Date.parse('2026-11-22') - Date.parse(date))).toISOString().slice(0, 10);
      return {
        ...form,
        proofOfAddressDate: shift(form.proofOfAddressDate),
        owners: form.owners.map((owner) => ({ ...owner, proofOfAddressDate: shift(owner.proofOfAddressDate) })),
      };
    }

    const submit = (who: Person, company: string, body: unknown) => api(`/companies/${company}/kyb`, who, { method: 'POST', json: body });

    it('gives no verification link before the KYB', async () => {
      const { who, company } = await applicant('kyb-first@example.com');
      const response = await api(`/companies/${company}/verification`, who, { method: 'POST' });
      expect([response.status, (await response.json()).code]).toEqual([409, 'kyb_required']);
    });

    it('validates the whole KYB again, whatever the browser checked', async () => {
      const { who, company } = await applicant('kyb-invalid@example.com');
      const form = await kybWithFiles(company, who.id);
      const response = await submit(who, company, {
        draftId: randomUUID(),
        kind: 'business',
        form: { ...form, ein: '12-345', physicalAddress: { ...form.physicalAddress, addressLine1: 'PO Box 12' }, termsAccepted: false },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toMatchObject({
        'form.ein': ['validation.ein'],
        'form.physicalAddress.addressLine1': ['kyb.validation.poBox'],
        'form.termsAccepted': ['validation.acceptTerms'],
      });
    });

    it('refuses files that are not verified KYB documents of this company', async () => {
      const { who, company } = await applicant('kyb-files@example.com');
      const form = await kybWithFiles(company, who.id);
      const foreign = await uploadedFile(companyId, owner.id, 'statement.pdf');
      const response = await submit(who, company, {
        draftId: randomUUID(),
        kind: 'business',
        form: { ...form, documents: { ...form.documents, bankStatement1: foreign } },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual({ 'form.documents': ['validation.invalid'] });
    });

    it('refuses an owner who lives in a SPEC §1 country', async () => {
      const { who, company } = await applicant('kyb-sanctioned@example.com');
      const form = await kybWithFiles(company, who.id);
      const response = await submit(who, company, {
        draftId: randomUUID(),
        kind: 'business',
        form: { ...form, owners: [{ ...form.owners[0]!, residenceCountry: 'SY' }] },
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({
        code: 'banking_unavailable_country',
        errors: { 'form.owners.0.residenceCountry': ['validation.bankingUnavailableCountry'] },
      });
    });

    it('keeps a valid KYB once, freezes its draft on every device, and opens the verification', async () => {
      const { who, company } = await applicant('kyb-valid@example.com');
      const form = await kybWithFiles(company, who.id);
      const draftId = randomUUID();
      const response = await submit(who, company, { draftId, kind: 'business', form });
      expect(response.status).toBe(201);
      const overview = await response.json();
      expect(overview.kyb).toMatchObject({ kind: 'business', form: { legalName: 'Andes Labs LLC', ein: '12-3456789' } });
      expect(overview.profile).toMatchObject({ status: 'pending' });
      const [draft] = await t.database.db.select().from(drafts).where(eq(drafts.id, draftId));
      expect(draft).toMatchObject({ kind: 'kyb', companyId: company, data: { submitted: true } });
      expect((await (await submit(who, company, { draftId: randomUUID(), kind: 'business', form })).json()).code).toBe('kyb_submitted');
      // A device still editing the draft is refused, and may not discard it either.
      const at = t.clock.now.toISOString();
      const pushed = await applyPush(t.database.db, who.id, {
        clientId: randomUUID(),
        protocolVersion,
        mutations: [
          {
            id: 1,
            name: 'saveDraft',
            args: { id: draftId, kind: 'kyb', companyId: company, step: 2, data: { kind: 'business', form: { legalName: 'Changed' } }, updatedAt: at },
            createdAt: at,
          },
          { id: 2, name: 'deleteDraft', args: { id: draftId }, createdAt: at },
          {
            id: 3,
            name: 'saveDraft',
            args: { id: randomUUID(), kind: 'kyb', companyId: company, step: 3, data: { kind: 'business', form: {}, submitted: true }, updatedAt: at },
            createdAt: at,
          },
        ],
      });
      expect(pushed.rejections).toEqual([
        { mutationId: 1, code: 'kyb_submitted' },
        { mutationId: 2, code: 'kyb_submitted' },
        { mutationId: 3, code: 'invalid' },
      ]);
    });

    it('takes the basic crypto KYB from a Cross Border Crypto company, and only that', async () => {
      const { who, company } = await applicant('kyb-crypto@example.com', 'Cross Border Crypto');
      const wrong = await submit(who, company, { draftId: randomUUID(), kind: 'business', form: {} });
      expect([wrong.status, (await wrong.json()).code]).toEqual([409, 'kyb_kind_mismatch']);
      const invalid = await submit(who, company, { draftId: randomUUID(), kind: 'crypto', form: { legalName: 'A', registrationCountry: 'XX' } });
      expect((await invalid.json()).errors).toEqual({ 'form.legalName': ['validation.min2'], 'form.registrationCountry': ['validation.country'] });
      const response = await submit(who, company, { draftId: randomUUID(), kind: 'crypto', form: { legalName: 'Andes Crypto', registrationCountry: 'ar' } });
      expect(response.status).toBe(201);
      expect((await response.json()).kyb).toMatchObject({ kind: 'crypto', form: { legalName: 'Andes Crypto', registrationCountry: 'AR' } });
    });

    it('gives a stranger a 404', async () => {
      expect((await submit(stranger, companyId, { draftId: randomUUID(), kind: 'business', form: {} })).status).toBe(404);
    });
  });

  describe('withdrawals', () => {
    beforeAll(async () => {
      // The tests before moved the clock past the access token's life: a new session, and its own code.
      owner.cookies = await signIn(t, owner.email);
      await verify(owner);
    });

    const deposit = async (cents: number) => {
      const response = await api(`/sandbox/companies/${companyId}/deposits`, owner, {
        method: 'POST',
        json: { amountCents: cents, senderName: 'Ana Pérez', fromBank: 'Chase', rail: 'wire' },
      });
      expect(response.status).toBe(202);
    };

    it('records a deposit from the signed webhook and shows it', async () => {
      await deposit(50_000);
      const items = (await (await api(`/companies/${companyId}/transactions`, owner)).json()).items;
      expect(items[0]).toMatchObject({ direction: 'incoming', amountCents: 50_000, status: 'funds_received', senderName: 'Ana Pérez', fromBank: 'Chase' });
    });

    it('refuses a withdrawal, a bank-account change or a liquidation address without a fresh two-factor code', async () => {
      t.clock.advance(6 * 60_000);
      const transfers = await providerTransfers();
      for (const response of await Promise.all(moneyMovements(owner)))
        expect([response.status, (await response.json()).code]).toEqual([403, 'two_factor_step_up_required']);
      expect(await providerTransfers()).toBe(transfers);
    });

    it('breaks SPEC rules with their messages', async () => {
      await verify(owner);
      const response = await withdraw(owner, { rail: 'tron', walletAddress: 'short', amountCents: 9_999 });
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toMatchObject({
        amountCents: ['banking.validation.minimumAmount'],
        walletAddress: ['banking.validation.walletAddress'],
      });
    });

    it('sends once for the same Idempotency-Key, and refuses the key with another body', async () => {
      owner.cookies = await signIn(t, owner.email);
      await verify(owner);
      const key = randomUUID();
      const body = { rail: 'tron', walletAddress: 'T'.repeat(34), amountCents: 10_000 };
      const transfers = await providerTransfers();
      const [first, second] = await Promise.all([withdraw(owner, body, key), withdraw(owner, body, key)]);
      expect([first.status, second.status].sort()).toEqual([200, 201]);
      // One transfer reached the provider, and a later retry of the request sends none.
      expect((await withdraw(owner, body, key)).status).toBe(200);
      expect(await providerTransfers()).toBe(transfers + 1);
      const rows = await t.database.db.select().from(walletTransactions).where(eq(walletTransactions.idempotencyKey, key));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.feeCents).toBe(130);
      const [balance] = await t.database.db.select().from(walletBalances).where(eq(walletBalances.companyId, companyId));
      expect(balance!.availableCents).toBe(40_000);
      const other = await withdraw(owner, { ...body, amountCents: 20_000 }, key);
      expect(other.status).toBe(422);
    });

    it('makes one liquidation address for one Idempotency-Key, even for requests side by side', async () => {
      owner.cookies = await signIn(t, owner.email);
      await verify(owner);
      const account = await api(`/companies/${companyId}/bank-accounts`, owner, { method: 'POST', json: usAccount });
      expect(account.status).toBe(201);
      const bankAccountId = ((await account.json()) as { id: string }).id;
      const key = randomUUID();
      const create = () =>
        api(`/companies/${companyId}/liquidation-addresses`, owner, {
          method: 'POST',
          json: { currency: 'usdc', bankAccountId, method: 'ach' },
          headers: { 'idempotency-key': key },
        });
      const answers = await Promise.all([create(), create()]);
      const bodies = await Promise.all(answers.map((answer) => answer.json()));
      expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
      expect(bodies[0].id).toBe(bodies[1].id);
      expect(await t.database.db.select().from(liquidationAddresses).where(eq(liquidationAddresses.companyId, companyId))).toHaveLength(1);
    });

    it('scopes the provider key by company: another company’s same Idempotency-Key makes its own liquidation address', async () => {
      const other = await person('other-owner@example.com');
      const otherCompany = await companyOf(other.id, 'AR');
      await setUp(other, otherCompany);
      await approve(otherCompany, other);
      owner.cookies = await signIn(t, owner.email);
      await verify(owner);
      const key = randomUUID();
      const addressOf = async (who: Person, company: string) => {
        const account = await api(`/companies/${company}/bank-accounts`, who, { method: 'POST', json: usAccount });
        expect(account.status).toBe(201);
        const bankAccountId = ((await account.json()) as { id: string }).id;
        return api(`/companies/${company}/liquidation-addresses`, who, {
          method: 'POST',
          json: { currency: 'usdc', bankAccountId, method: 'ach' },
          headers: { 'idempotency-key': key },
        });
      };
      const mine = await addressOf(owner, companyId);
      const theirs = await addressOf(other, otherCompany);
      expect([mine.status, theirs.status]).toEqual([201, 201]);
      expect((await theirs.json()).address).not.toBe((await mine.json()).address);
      const keys = (await t.database.db.select().from(sandboxBridgeObjects).where(eq(sandboxBridgeObjects.kind, 'liquidation_address'))).map(
        (row) => row.idempotencyKey,
      );
      expect(keys).not.toContain(key);
    });

    it('never lets racing withdrawals spend more than the balance', async () => {
      // The test clock has run past the access token's life: a new session, and its own code.
      owner.cookies = await signIn(t, owner.email);
      await verify(owner);
      const body = { rail: 'tron', walletAddress: 'T'.repeat(34), amountCents: 15_000 };
      const answers = await Promise.all([withdraw(owner, body), withdraw(owner, body), withdraw(owner, body), withdraw(owner, body)]);
      const statuses = answers.map((answer) => answer.status).sort();
      // $400 covers two withdrawals of $150, never three.
      expect(statuses).toEqual([201, 201, 409, 409]);
      const [balance] = await t.database.db.select().from(walletBalances).where(eq(walletBalances.companyId, companyId));
      expect(balance!.availableCents).toBe(10_000);
      expect((await withdraw(owner, { ...body, amountCents: 10_001 })).status).toBe(409);
    });

    it('refuses to move money in an admin’s “log in as user” session', async () => {
      const deps: AppDeps = { env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now };
      await ensureAdmin(deps);
      const adminCookies = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
      const loginAs = await t.request('/api/v1/admin/login-as-user', { method: 'POST', json: { userId: owner.id }, cookies: adminCookies });
      expect(loginAs.status).toBe(200);
      const impersonation: Person = { ...owner, cookies: cookiesFrom(loginAs, adminCookies) };
      const refusals = [
        await withdraw(impersonation, { rail: 'tron', walletAddress: 'T'.repeat(34), amountCents: 10_000 }),
        await api('/two-factor/setup', impersonation, { method: 'POST', json: { companyId } }),
        await api('/two-factor/reset/confirm', impersonation, { method: 'POST', json: { code: '123456' } }),
        await api(`/companies/${companyId}/bank-accounts`, impersonation, { method: 'POST', json: {} }),
        await api(`/companies/${companyId}/bank-accounts/${randomUUID()}`, impersonation, { method: 'DELETE' }),
        await api(`/companies/${companyId}/kyb`, impersonation, { method: 'POST', json: {} }),
        await api(`/companies/${companyId}/liquidation-addresses`, impersonation, { method: 'POST', json: {}, headers: { 'idempotency-key': randomUUID() } }),
      ];
      // One middleware answers all of them, before validation or the provider.
      for (const response of refusals) expect([response.status, (await response.json()).code]).toEqual([403, 'impersonation_forbidden']);
    });
  });

  describe('deposits: rails and who may pay in (SPEC §1)', () => {
    let admin: string;
    let usOwner: Person;
    let usCompanyId: string;

    beforeAll(async () => {
      owner.cookies = await signIn(t, owner.email);
      await verify(owner);
      const deps: AppDeps = { env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now };
      await ensureAdmin(deps);
      admin = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
      // A company whose only partner lives in the US (its own owner: the provider keeps one customer per email).
      usOwner = await person('us-owner@example.com');
      usCompanyId = await companyOf(usOwner.id, 'US');
      await setUp(usOwner, usCompanyId);
      await approve(usCompanyId, usOwner);
    });

    const depositTo = (company: string, who: Person, body: Record<string, unknown>) =>
      api(`/sandbox/companies/${company}/deposits`, who, { method: 'POST', json: { fromBank: 'Chase', rail: 'ach_push', ...body } });
    const usdBalance = async (company = companyId) =>
      (await t.database.db.select().from(walletBalances).where(eq(walletBalances.companyId, company)))[0]?.availableCents ?? 0;
    const rowOf = async (senderName: string) =>
      (await t.database.db.select().from(walletTransactions).where(eq(walletTransactions.senderName, senderName)))[0]!;
    const review = (company: string, id: string, decision: 'release' | 'return', cookies = admin) =>
      t.request(`/api/v1/admin/companies/${company}/held-deposits/${id}/${decision}`, { method: 'POST', cookies });

    it('gives the deposit instructions of each rail: ACH and wire in USD, SEPA with IBAN and BIC, SPEI with a CLABE', async () => {
      const { virtualAccounts } = (await (await api(`/companies/${companyId}`, owner)).json()).profile;
      expect(virtualAccounts.usd).toMatchObject({ bankName: 'Lead Bank', routingNumber: '101019644', rails: ['ach_push', 'wire'] });
      expect(virtualAccounts.usd.accountNumber).toMatch(/^\d{12}$/);
      // An IBAN whose check digits hold (ISO 13616: the number mod 97 is 1).
      const iban: string = virtualAccounts.eur.iban;
      const numeric = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
      expect(BigInt(numeric) % 97n).toBe(1n);
      expect(virtualAccounts.eur.bic).toMatch(/^[A-Z0-9]{8}(?:[A-Z0-9]{3})?$/);
      // A CLABE whose check digit holds (weights 3, 7, 1).
      const clabe: string = virtualAccounts.mxn.clabe;
      const sum = [...clabe.slice(0, 17)].reduce((total, digit, index) => total + ((Number(digit) * [3, 7, 1][index % 3]!) % 10), 0);
      expect(Number(clabe[17])).toBe((10 - (sum % 10)) % 10);
      expect(JSON.stringify(virtualAccounts)).not.toMatch(/va_sbx_|"id"/);
    });

    it('opens the EUR and MXN accounts for a company that had only the USD one, and keeps the USD one', async () => {
      const [profile] = await t.database.db.select().from(bankingProfiles).where(eq(bankingProfiles.companyId, companyId));
      const usd = profile!.virtualAccount!.usd!;
      await t.database.db.update(bankingProfiles).set({ virtualAccount: { usd } }).where(eq(bankingProfiles.companyId, companyId));
      const { virtualAccounts } = (await (await api(`/companies/${companyId}`, owner)).json()).profile;
      expect(virtualAccounts.usd.accountNumber).toBe(usd.accountNumber);
      expect(virtualAccounts.eur.iban).toMatch(/^NL\d{2}/);
      expect(virtualAccounts.mxn.clabe).toMatch(/^\d{18}$/);
    });

    it('refuses a SWIFT deposit', async () => {
      const response = await depositTo(companyId, owner, { amountCents: 100_000, senderName: 'Swift Sender', rail: 'swift' });
      expect(response.status).toBe(400);
    });

    it('counts at once what SPEC §1 allows, on every rail', async () => {
      const before = await usdBalance();
      const allowed = [
        { amountCents: 900_000, senderName: 'Andes AR LLC', senderType: 'business', rail: 'wire' },
        { amountCents: 5_000_000, senderName: 'Globex GmbH', senderType: 'business', rail: 'sepa' },
        { amountCents: 500_000, senderName: 'Lucía Pérez', senderType: 'individual', rail: 'spei' },
        { amountCents: 199_999, senderName: 'John Small', senderType: 'individual', rail: 'ach_push' },
      ];
      for (const body of allowed) expect((await depositTo(companyId, owner, body)).status).toBe(202);
      for (const body of allowed)
        expect(await rowOf(body.senderName)).toMatchObject({ status: 'funds_received', holdReason: null, amountCents: body.amountCents });
      expect((await rowOf('Globex GmbH')).rail).toBe('sepa_in');
      expect((await rowOf('Lucía Pérez')).rail).toBe('spei_in');
      expect(await usdBalance()).toBe(before + 900_000 + 5_000_000 + 500_000 + 199_999);
    });

    it('holds $5,000 from an unrelated person, tells the owner why, and leaves the balance alone', async () => {
      const before = await usdBalance();
      expect((await depositTo(companyId, owner, { amountCents: 500_000, senderName: 'John Doe', senderType: 'individual' })).status).toBe(202);
      expect(await usdBalance()).toBe(before);
      const items = (await (await api(`/companies/${companyId}/transactions`, owner)).json()).items;
      expect(items.find((item: { senderName: string }) => item.senderName === 'John Doe')).toMatchObject({
        status: 'in_review',
        holdReason: 'unrelated_person_over_limit',
        amountCents: 500_000,
      });
      // The owner is also mailed, in their language, why and what they can do.
      await expect.poll(() => t.mails.filter((mail) => mail.to === owner.email && mail.text.includes('John Doe')).length).toBe(1);
      const mail = t.mails.find((each) => each.to === owner.email && each.text.includes('John Doe'))!;
      expect(mail.language).toBe('es');
      expect(mail.subject).toBe('Un pago a Andes AR está retenido para revisión');
      expect(mail.text).toContain('$5,000 de John Doe');
      expect(mail.text).toContain('los pagos entre personas solo se aceptan por menos de $2,000');
      expect(mail.text).toContain('pide al remitente que pague desde una empresa registrada');
    });

    it('holds what a US-resident company gets from anyone but itself or payroll', async () => {
      expect(
        (await depositTo(usCompanyId, usOwner, { amountCents: 300_000, senderName: 'ADP Inc', senderType: 'business', description: 'ACME PAYROLL' })).status,
      ).toBe(202);
      expect((await depositTo(usCompanyId, usOwner, { amountCents: 10_000, senderName: 'Mary Pérez', senderType: 'individual' })).status).toBe(202);
      expect(await rowOf('ADP Inc')).toMatchObject({ status: 'funds_received', holdReason: null });
      expect(await rowOf('Mary Pérez')).toMatchObject({ status: 'in_review', holdReason: 'us_third_party' });
      expect(await usdBalance(usCompanyId)).toBe(300_000);
    });

    it('lets an admin release a held payment into the balance once, audit-logged', async () => {
      const held = await rowOf('John Doe');
      const list = await t.request(`/api/v1/admin/companies/${companyId}/held-deposits`, { cookies: admin });
      expect((await list.json()).items.map((item: { id: string }) => item.id)).toContain(held.id);
      // The owner is not staff; another company's payment is not this company's.
      expect((await review(companyId, held.id, 'release', owner.cookies)).status).toBe(403);
      expect((await review(usCompanyId, held.id, 'release')).status).toBe(409);
      const before = await usdBalance();
      const [first, second] = await Promise.all([review(companyId, held.id, 'release'), review(companyId, held.id, 'release')]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      expect(await usdBalance()).toBe(before + 500_000);
      expect(await rowOf('John Doe')).toMatchObject({ status: 'payment_processed', reviewedBy: expect.any(String) });
      const audit = await (await t.request(`/api/v1/admin/audit?companyId=${companyId}`, { cookies: admin })).json();
      expect(audit.items[0]).toMatchObject({ action: 'release_deposit', details: { transactionId: held.id, amountCents: 500_000 } });
    });

    it('lets an admin return a held payment: it never counts', async () => {
      const held = await rowOf('Mary Pérez');
      const before = await usdBalance(usCompanyId);
      const returned = await review(usCompanyId, held.id, 'return');
      expect([returned.status, (await returned.json()).status]).toEqual([200, 'returned']);
      expect((await review(usCompanyId, held.id, 'release')).status).toBe(409);
      expect(await usdBalance(usCompanyId)).toBe(before);
      const items = (await (await api(`/companies/${usCompanyId}/transactions`, usOwner)).json()).items;
      expect(items.find((item: { id: string }) => item.id === held.id)).toMatchObject({ status: 'returned', holdReason: null });
    });

    it('follows Bridge’s own review of a deposit: held while in review, counted when processed, never when refunded', async () => {
      const [profile] = await t.database.db.select().from(bankingProfiles).where(eq(bankingProfiles.companyId, companyId));
      const sandbox = createSandboxBanking({ db: t.database.db, now: () => t.clock.now, appUrl: t.env.APP_URL });
      /** A virtual-account activity event as Bridge sends it, signed as the webhook signs. */
      const post = async (type: string, depositId: string, senderName: string, amount: string) => {
        const body = JSON.stringify({
          event_id: `wh_${randomUUID()}`,
          event_category: 'virtual_account.activity',
          event_type: 'virtual_account.activity.updated',
          event_object_id: `va_event_${randomUUID()}`,
          event_object: {
            id: `va_event_${randomUUID()}`,
            type,
            customer_id: profile!.customerId,
            deposit_id: depositId,
            amount,
            currency: 'usd',
            source: { payment_rail: 'wire', originator_name: senderName, bank_name: 'Chase' },
          },
        });
        const response = await t.request('/api/v1/banking/webhooks', {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', 'x-webhook-signature': await sandbox.sign(body, t.clock.now) },
        });
        expect(response.status).toBe(200);
      };
      const before = await usdBalance();
      // Small and from a surname-sharing relative, so SPEC §1 allows it: only the provider's review holds it.
      await post('in_review', 'deposit_bridge_1', 'Ana Pérez Ruiz', '150.00');
      const reviewed = await rowOf('Ana Pérez Ruiz');
      expect(reviewed).toMatchObject({ status: 'in_review', holdReason: 'provider_review' });
      expect(await usdBalance()).toBe(before);
      // The provider decides its own review, not Alta's staff.
      expect((await review(companyId, reviewed.id, 'release')).status).toBe(409);
      await post('payment_processed', 'deposit_bridge_1', 'Ana Pérez Ruiz', '150.00');
      expect(await rowOf('Ana Pérez Ruiz')).toMatchObject({ status: 'payment_processed' });
      expect(await usdBalance()).toBe(before + 15_000);

      await post('in_review', 'deposit_bridge_2', 'Pedro Pérez Ruiz', '99.00');
      await post('refunded', 'deposit_bridge_2', 'Pedro Pérez Ruiz', '99.00');
      expect(await rowOf('Pedro Pérez Ruiz')).toMatchObject({ status: 'refunded' });
      expect(await usdBalance()).toBe(before + 15_000);

      // What SPEC §1 holds stays held when the provider reports the money processed: staff decide.
      await post('funds_received', 'deposit_bridge_3', 'Jane Roe', '9000.00');
      await post('payment_processed', 'deposit_bridge_3', 'Jane Roe', '9000.00');
      expect(await rowOf('Jane Roe')).toMatchObject({ status: 'in_review', holdReason: 'unrelated_person_over_limit' });
      // Mailed once, by the event that held it; none for the provider's own review.
      await expect.poll(() => t.mails.filter((mail) => mail.text.includes('Jane Roe')).length).toBe(1);
      expect(t.mails.filter((mail) => mail.text.includes('Ana Pérez Ruiz') || mail.text.includes('Pedro Pérez Ruiz'))).toHaveLength(0);
      expect(await usdBalance()).toBe(before + 15_000);
    });

    it('says before any KYB that banking is closed to a company whose partner lives in a SPEC §1 country', async () => {
      const closed = await person('closed@example.com');
      const company = await companyOf(closed.id, 'VE');
      // Before two-factor, before the KYB: the overview already says so.
      expect(await (await api(`/companies/${company}`, closed)).json()).toMatchObject({ bankingUnavailable: 'VE', twoFactor: { enabled: false } });
      expect((await (await api(`/companies/${companyId}`, owner)).json()).bankingUnavailable).toBeNull();
    });
  });

  describe('webhooks', () => {
    const sandbox = () => createSandboxBanking({ db: t.database.db, now: () => t.clock.now, appUrl: t.env.APP_URL });

    it('refuses a bad signature', async () => {
      const [profile] = await t.database.db.select().from(bankingProfiles).where(eq(bankingProfiles.companyId, companyId));
      const event = await sandbox().simulateDeposit({
        customerId: profile!.customerId,
        amountCents: 1_000_000,
        senderName: 'Mallory',
        fromBank: 'Evil',
        rail: 'wire',
      });
      const tampered = event.rawBody.replace('10000.00', '99999.00');
      const response = await t.request('/api/v1/banking/webhooks', {
        method: 'POST',
        body: tampered,
        headers: { 'content-type': 'application/json', 'x-webhook-signature': event.signature },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe('webhook_signature_invalid');
      const unsigned = await t.request('/api/v1/banking/webhooks', { method: 'POST', body: event.rawBody, headers: { 'content-type': 'application/json' } });
      expect(unsigned.status).toBe(400);
    });

    it('applies a replayed event once', async () => {
      const [profile] = await t.database.db.select().from(bankingProfiles).where(eq(bankingProfiles.companyId, companyId));
      const event = await sandbox().simulateDeposit({
        customerId: profile!.customerId,
        amountCents: 12_345,
        senderName: 'Replay',
        fromBank: 'Chase',
        rail: 'ach_push',
      });
      const post = () =>
        t.request('/api/v1/banking/webhooks', {
          method: 'POST',
          body: event.rawBody,
          headers: { 'content-type': 'application/json', 'x-webhook-signature': event.signature },
        });
      const balance = async () => (await t.database.db.select().from(walletBalances).where(eq(walletBalances.companyId, companyId)))[0]!.availableCents;
      const before = await balance();
      expect(await (await post()).json()).toEqual({ received: true, duplicate: false });
      expect(await (await post()).json()).toEqual({ received: true, duplicate: true });
      const rows = await t.database.db.select().from(walletTransactions).where(eq(walletTransactions.senderName, 'Replay'));
      expect(rows).toHaveLength(1);
      expect(await balance()).toBe(before + 12_345);
    });

    it('refuses a signed event older than ten minutes', async () => {
      const old = new Date(t.clock.now.getTime() - 11 * 60_000);
      const body = JSON.stringify({ event_id: 'wh_old', event_category: 'transfer', event_object_id: 'x', event_object: {} });
      const signature = await sandbox().sign(body, old);
      const response = await t.request('/api/v1/banking/webhooks', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'x-webhook-signature': signature },
      });
      expect(response.status).toBe(400);
    });
  });
});
