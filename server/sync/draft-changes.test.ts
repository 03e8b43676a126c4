import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { draftDataMaxChars } from '@domain/draft';
import { drafts } from '../db/schema/drafts';
import { database, insertTestCompany, insertTestUser, testDevice, testTimestamp as updatedAt, useSyncTestApp } from './test-fixtures';

useSyncTestApp();

// `changeDraft` (a wizard's change, field by field) on the real server: each field keeps the
// change that reached the server last, whichever device sent it, and the merged draft obeys
// every rule a whole draft does.

const patch = (id: string, changes: { path: string[]; value?: unknown }[], extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'companyCreation',
  companyId: null,
  changes,
  updatedAt,
  ...extra,
});
const storedData = async (id: string) => (await database.db.select({ data: drafts.data, step: drafts.step }).from(drafts).where(eq(drafts.id, id)))[0];

describe('changeDraft', () => {
  it('merges the fields two devices changed into one draft, once however often a batch is pushed', async () => {
    const ana = await insertTestUser(database.db);
    const phone = testDevice(ana);
    const laptop = testDevice(ana);
    const id = randomUUID();
    expect(
      await phone.push([
        'changeDraft',
        patch(
          id,
          [
            { path: ['owner', 'name'], value: 'Ana' },
            { path: ['company', 'name'], value: 'Acme' },
          ],
          { step: 1 },
        ),
      ]),
    ).toEqual({ lastMutationId: 1, rejections: [] });
    await laptop.push([
      'changeDraft',
      patch(
        id,
        [
          { path: ['company', 'state'], value: 'WY' },
          { path: ['company', 'name'], value: 'Acme Inc' },
        ],
        { step: 3 },
      ),
    ]);
    await phone.push(['changeDraft', patch(id, [{ path: ['owner', 'phone'], value: '+34 600 000 000' }, { path: ['owner', 'name'] }])]);
    // The phone's last batch again (a lost response): already applied, nothing changes.
    expect(await phone.replay(1)).toEqual({ lastMutationId: 2, rejections: [] });
    expect(await storedData(id)).toEqual({ step: 3, data: { owner: { phone: '+34 600 000 000' }, company: { name: 'Acme Inc', state: 'WY' } } });
  });

  it("refuses a change whose merged draft breaks a rule: too large, another wizard, a sent-looking tax form, a company not the user's", async () => {
    const ana = await insertTestUser(database.db);
    const bruno = await insertTestUser(database.db, 'Bruno');
    const anasCompany = await insertTestCompany(database.db, ana);
    const brunosCompany = await insertTestCompany(database.db, bruno);
    const device = testDevice(ana);
    const id = randomUUID();
    const half = 'x'.repeat(Math.ceil(draftDataMaxChars / 2));
    const taxForm = randomUUID();
    const result = await device.push(
      ['changeDraft', patch(id, [{ path: ['a'], value: half }], { step: 1 })],
      // Each change alone is small enough; together they are over the limit.
      ['changeDraft', patch(id, [{ path: ['b'], value: half }])],
      ['changeDraft', patch(id, [{ path: ['c'], value: 1 }], { kind: 'kyb', companyId: anasCompany })],
      [
        'changeDraft',
        patch(
          taxForm,
          [
            { path: ['taxYear'], value: 2025 },
            { path: ['isCompleted'], value: false },
          ],
          { kind: 'taxForm', companyId: anasCompany, step: 1 },
        ),
      ],
      ['changeDraft', patch(taxForm, [{ path: ['isCompleted'], value: true }], { kind: 'taxForm', companyId: anasCompany })],
      [
        'changeDraft',
        patch(
          randomUUID(),
          [
            { path: ['kind'], value: 'business' },
            { path: ['form'], value: {} },
          ],
          { kind: 'kyb', companyId: brunosCompany, step: 0 },
        ),
      ],
    );
    expect(result).toEqual({
      lastMutationId: 6,
      rejections: [
        { mutationId: 2, code: 'invalid' },
        { mutationId: 3, code: 'invalid' },
        { mutationId: 5, code: 'invalid' },
        { mutationId: 6, code: 'forbidden' },
      ],
    });
    expect(await storedData(id)).toEqual({ step: 1, data: { a: half } });
    expect(await storedData(taxForm)).toEqual({ step: 1, data: { taxYear: 2025, isCompleted: false } });
  });

  it('leaves a sent declaration and a submitted KYB as they are', async () => {
    const ana = await insertTestUser(database.db);
    const company = await insertTestCompany(database.db, ana);
    const sent = randomUUID();
    const submitted = randomUUID();
    // Only the send and submit routes write these; a synced change must not touch them afterwards.
    await database.db.insert(drafts).values([
      {
        id: sent,
        userId: ana,
        kind: 'taxForm' as const,
        companyId: company,
        step: 4,
        data: { taxYear: 2025, isCompleted: true, taxFormData: { ein: '12-3456789' } },
        updatedAt,
      },
      { id: submitted, userId: ana, kind: 'kyb' as const, companyId: company, step: 3, data: { kind: 'business', form: {}, submitted: true }, updatedAt },
    ]);
    const result = await testDevice(ana).push(
      ['changeDraft', patch(sent, [{ path: ['taxFormData', 'ein'], value: '98-7654321' }], { kind: 'taxForm', companyId: company })],
      ['changeDraft', patch(submitted, [{ path: ['form', 'legalName'], value: 'Changed' }], { kind: 'kyb', companyId: company })],
    );
    expect(result.rejections).toEqual([
      { mutationId: 1, code: 'declaration_sent' },
      { mutationId: 2, code: 'kyb_submitted' },
    ]);
    expect((await storedData(sent))?.data).toMatchObject({ taxFormData: { ein: '12-3456789' } });
  });

  it("cannot change another user's draft", async () => {
    const ana = testDevice(await insertTestUser(database.db));
    const bruno = testDevice(await insertTestUser(database.db, 'Bruno'));
    const id = randomUUID();
    await ana.push(['changeDraft', patch(id, [{ path: ['name'], value: 'Acme' }], { step: 1 })]);
    expect((await bruno.push(['changeDraft', patch(id, [{ path: ['name'], value: 'Stolen' }])])).rejections).toEqual([{ mutationId: 1, code: 'forbidden' }]);
    expect(await storedData(id)).toEqual({ step: 1, data: { name: 'Acme' } });
  });
});
