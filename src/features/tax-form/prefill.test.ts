import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyDetail } from '@domain/company-views';
import { NetworkError } from '@src/lib/api';
import { knownValues, prefilledValues } from './prefill';

// What Alta knows starts the tax form: the company's details, and for the residence step the
// owner's tax-info record (their last form), else their tax residence country (GET
// /tk-info/country), before the first partner's country (decision 035).

const calls = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('@src/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@src/lib/api')>()), api: calls }));
beforeEach(() => {
  calls.get.mockReset();
});

const detail = {
  type: 'LLC',
  name: 'Andes Labs',
  state: 'WY',
  constitutionDate: null,
  details: null,
  partners: [
    {
      firstName: 'María',
      lastName: 'González',
      ownership: 100,
      addressLine1: 'Av. Corrientes 1234',
      addressLine2: null,
      city: 'Buenos Aires',
      stateOrProvince: 'CABA',
      postalCode: 'C1043',
      country: 'AR',
    },
  ],
} as unknown as CompanyDetail;

describe('tax form pre-fill', () => {
  it('takes the residence from the partner without a tax-info record', () => {
    const values = prefilledValues({ companyName: null, books: null, detail });
    expect(values).toMatchObject({
      companyName: 'Andes Labs',
      companyType: 'LLC',
      usState: 'WY',
      nationality: 'AR',
      taxResidenceCountry: 'AR',
      countriesWorkedFrom: ['AR'],
    });
    expect(values.partners).toEqual([expect.objectContaining({ name: 'María González', percentage: 100, usResident: false })]);
  });

  it('takes the residence answers from the owner’s tax-info record when there is one', () => {
    const taxInfo = { nationality: 'BR', taxResidenceCountry: 'PT', countryTaxId: '123.456.789-09', countriesWorkedFrom: ['BR', 'PT'] };
    expect(prefilledValues({ companyName: null, books: null, detail, taxInfo })).toMatchObject(taxInfo);
    expect(prefilledValues({ companyName: 'Andes Labs', books: null, taxInfo })).toMatchObject({ companyName: 'Andes Labs', ...taxInfo });
  });

  it('takes the tax residence country Alta knows for the owner before the first partner’s', () => {
    expect(prefilledValues({ companyName: null, books: null, detail, taxCountry: 'PT' })).toMatchObject({
      taxResidenceCountry: 'PT',
      nationality: 'AR',
      countriesWorkedFrom: ['AR'],
    });
    const taxInfo = { nationality: 'BR', taxResidenceCountry: 'ES', countryTaxId: '123', countriesWorkedFrom: ['BR'] };
    expect(prefilledValues({ companyName: null, books: null, detail, taxInfo, taxCountry: 'PT' })).toMatchObject({ taxResidenceCountry: 'ES' });
  });
});

describe('what the API knows', () => {
  const answers = (byPath: Record<string, () => Promise<unknown>>) =>
    calls.get.mockImplementation((path: string) => (byPath[path] ?? (() => Promise.reject(new Error(`unexpected ${path}`))))());

  it('asks the company, the tax-info record and the tax country at once, and pre-fills the residence from the country', async () => {
    answers({ 'companies/c1': async () => detail, 'tk-info': async () => ({ record: null }), 'tk-info/country': async () => ({ country: 'PT' }) });
    expect(await knownValues('c1', null, new AbortController().signal)).toMatchObject({
      companyName: 'Andes Labs',
      taxResidenceCountry: 'PT',
      nationality: 'AR',
    });
    expect(calls.get.mock.calls.map(([path]) => path).sort()).toEqual(['companies/c1', 'tk-info', 'tk-info/country']);
  });

  it('asks the country once (SPEC §7: no retry) and keeps what else answered; nothing when nothing did', async () => {
    answers({
      'companies/c1': async () => detail,
      'tk-info': async () => ({ record: null }),
      'tk-info/country': () => Promise.reject(new NetworkError('offline')),
    });
    expect(await knownValues('c1', null, new AbortController().signal)).toMatchObject({ taxResidenceCountry: 'AR' });
    expect(calls.get.mock.calls.filter(([path]) => path === 'tk-info/country')).toHaveLength(1);
    answers({
      'companies/c1': () => Promise.reject(new NetworkError('offline')),
      'tk-info': async () => ({ record: null }),
      'tk-info/country': async () => ({ country: null }),
    });
    expect(await knownValues('c1', null, new AbortController().signal)).toBeNull();
  });
});
