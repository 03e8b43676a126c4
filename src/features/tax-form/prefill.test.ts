import { describe, expect, it } from 'vitest';
import type { CompanyDetail } from '@domain/company';
import { prefilledValues } from './prefill';

// What Alta knows starts the tax form: the company's details, and for the residence step the
// owner's tax-info record (their last form) before the partner's country (decision 035).

const detail = {
  type: 'LLC',
  name: 'Andes Labs',
  state: 'WY',
  constitutionDate: null,
  details: null,
  partners: [{ firstName: 'María', lastName: 'González', ownership: 100, addressLine1: 'Av. Corrientes 1234', addressLine2: null, city: 'Buenos Aires', stateOrProvince: 'CABA', postalCode: 'C1043', country: 'AR' }],
} as unknown as CompanyDetail;

describe('tax form pre-fill', () => {
  it('takes the residence from the partner without a tax-info record', () => {
    const values = prefilledValues({ companyName: null, books: null, detail });
    expect(values).toMatchObject({ companyName: 'Andes Labs', companyType: 'LLC', usState: 'WY', nationality: 'AR', taxResidenceCountry: 'AR', countriesWorkedFrom: ['AR'] });
    expect(values.partners).toEqual([expect.objectContaining({ name: 'María González', percentage: 100, usResident: false })]);
  });

  it('takes the residence answers from the owner’s tax-info record when there is one', () => {
    const taxInfo = { nationality: 'BR', taxResidenceCountry: 'PT', countryTaxId: '123.456.789-09', countriesWorkedFrom: ['BR', 'PT'] };
    expect(prefilledValues({ companyName: null, books: null, detail, taxInfo })).toMatchObject(taxInfo);
    expect(prefilledValues({ companyName: 'Andes Labs', books: null, taxInfo })).toMatchObject({ companyName: 'Andes Labs', ...taxInfo });
  });
});
