import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers } from '../db/schema/companies';
import { createTestApp, type TestApp } from '../test/harness';
import { payRequest, placeOrder, signedInUser } from '../test/orders-fixtures';

describe('companies', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let teammate: Awaited<ReturnType<typeof signedInUser>>;
  let stranger: Awaited<ReturnType<typeof signedInUser>>;
  let companyId: string;
  let orderNumber: string;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    owner = await signedInUser(t, 'owner@example.com');
    teammate = await signedInUser(t, 'teammate@example.com');
    stranger = await signedInUser(t, 'stranger@example.com');
    const order = await placeOrder(t, { plan: 'enterprise', billing: 'annual', services: ['vipProcessing', 'itinApplication'], cookies: owner.cookies });
    orderNumber = order.orderNumber;
    companyId = (await (await payRequest(t, order)).json()).companyId;
    await t.database.db.insert(companyMembers).values({ companyId, userId: teammate.user.id });
  });
  afterAll(() => t.close());

  const list = async (cookies?: string) => t.request('/api/v1/companies', cookies ? { cookies } : {});
  const detail = async (id: string, cookies?: string) => t.request(`/api/v1/companies/${id}`, cookies ? { cookies } : {});

  it('lists the owner’s company with status, plan and order number', async () => {
    const response = await list(owner.cookies);
    expect(response.status).toBe(200);
    expect((await response.json()).items).toEqual([
      expect.objectContaining({
        id: companyId,
        type: 'LLC',
        name: 'Andes Labs',
        nameOption2: 'Andes Group',
        status: 'Start',
        plan: 'enterprise',
        billing: 'annual',
        orderNumber,
        relation: 'owner',
        migrated: false,
        state: 'WY',
      }),
    ]);
  });

  it('lists it for a teammate as associated', async () => {
    expect((await (await list(teammate.cookies)).json()).items).toEqual([expect.objectContaining({ id: companyId, relation: 'teammate' })]);
  });

  it('lists nothing for anyone else, and refuses the anonymous', async () => {
    expect((await (await list(stranger.cookies)).json()).items).toEqual([]);
    expect((await list()).status).toBe(401);
  });

  it('shows the details with partners, masking the SSN/ITIN', async () => {
    const response = await detail(companyId, owner.cookies);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ id: companyId, services: ['vipProcessing', 'itinApplication'], industry: 'software', relation: 'owner' });
    expect(body.partners).toEqual([
      expect.objectContaining({ firstName: 'María', ownership: 60, isDirector: true, taxIdMasked: '***-**-1234', addressLine2: null }),
      expect.objectContaining({ firstName: 'Joana', ownership: 40, isDirector: false, taxIdMasked: null, country: 'BR' }),
    ]);
    expect(JSON.stringify(body)).not.toContain('912-70-1234');
    expect((await detail(companyId, teammate.cookies)).status).toBe(200);
  });

  it('answers 404 to anyone else and for unknown ids', async () => {
    const refused = await detail(companyId, stranger.cookies);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'not_found' });
    expect((await detail(crypto.randomUUID(), owner.cookies)).status).toBe(404);
    expect((await detail('not-a-uuid', owner.cookies)).status).toBe(400);
    expect((await detail(companyId)).status).toBe(401);
  });
});
