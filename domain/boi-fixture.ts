/** A valid beneficial owner and company of a BOI report, for tests of the rules and the route. */
export const boiOwnerFixture = {
  firstName: 'Joana',
  lastName: 'Silva',
  nationality: 'BR',
  birthDate: '1990-05-04',
  documentType: 'passport',
  documentNumber: 'FZ123456',
  role: 'ultimateBeneficialOwner',
  ownership: 100,
  addressLine1: 'Rua Augusta 100',
  city: 'Lisboa',
  stateOrProvince: 'Lisboa',
  postalCode: '1100-053',
  residenceCountry: 'PT',
  phone: '+351912345678',
};

export const boiCompanyFixture = { legalName: 'Andes Labs SA', formationCountry: 'AR', registrationState: 'FL', taxId: '30-71234567-8' };
