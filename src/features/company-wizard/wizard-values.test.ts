import { describe, expect, it } from 'vitest';
import { isJsonValue } from '@domain/draft';
import { emptyOwner, emptyValues, ownerFromProfile, ownerIsBlank, restoreDraftData, restoreValues, toDraftData } from './wizard-values';

describe('wizard values in a draft', () => {
  it('come back exactly as saved', () => {
    const values = emptyValues('createCompany', 'BR');
    values.owner.firstName = 'João';
    values.company.industry = 'ecommerce';
    values.services = { speed: 'vipProcessing', extras: ['registeredAgent'] };
    values.partners[0]!.ownership = '62,5';
    values.partners[0]!.isDirector = true;
    values.plan = { plan: 'enterprise', billing: 'annual' };
    const data = toDraftData({ values, order: null, newCompany: false });
    expect(isJsonValue(data)).toBe(true);
    expect(restoreDraftData('createCompany', JSON.parse(JSON.stringify(data)))).toEqual({ values, order: null, newCompany: false });
  });

  it('start blank from nothing, with the phone country guessed for the visitor', () => {
    expect(restoreValues('createCompany', undefined, 'MX')).toEqual(emptyValues('createCompany', 'MX'));
    expect(restoreValues('crossBorderCrypto', null)).toEqual(emptyValues('crossBorderCrypto'));
    expect(restoreValues('migrateCompany', 'text')).toEqual(emptyValues('migrateCompany'));
  });

  it('drop malformed or hostile fields instead of breaking the page', () => {
    const restored = restoreValues('migrateCompany', {
      owner: { firstName: 42, email: ['x'], phoneCountry: 'ARG-too-long' },
      company: {
        type: 'S-Corp',
        industry: '__proto__',
        originKind: 'mars',
        documents: ['einLetter', 'passport', 7, 'einLetter'],
        existingCompanyName: 'x'.repeat(10_000),
      },
      services: { speed: 'warp', extras: 'all' },
      partners: [{ ownership: { value: 100 }, isDirector: 'yes' }],
      plan: { plan: 'custom', billing: 'weekly' },
      __proto__: { polluted: true },
    });
    expect(restored.owner).toEqual({ firstName: '', lastName: '', email: '', phoneCountry: 'AR', phone: '' });
    expect(restored.company).toMatchObject({ type: '', industry: '', originKind: '', documents: ['einLetter'] });
    expect(restored.company.existingCompanyName).toHaveLength(500);
    expect(restored.services).toEqual({ speed: 'none', extras: [] });
    expect(restored.partners[0]).toMatchObject({ ownership: '', isDirector: false });
    expect(restored.plan).toEqual({ plan: '', billing: 'monthly' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keep at least one partner and forget an incomplete placed order', () => {
    expect(restoreValues('createCompany', { partners: [] }).partners).toHaveLength(1);
    expect(restoreDraftData('createCompany', { order: { orderId: 'x' } }).order).toBeNull();
    const order = {
      orderId: '5f1c4a8e-8d7b-4c39-9a43-1b2f3c4d5e6f',
      orderNumber: 'ALT-001001',
      fingerprint: 'ab'.repeat(32),
      expiresAt: '2026-11-22T10:00:00.000Z',
    };
    expect(restoreDraftData('createCompany', { order, newCompany: true })).toMatchObject({ order, newCompany: true });
  });
});

describe('"your info" of a signed-in owner', () => {
  const profile = { firstName: 'Olga', lastName: 'Zapata', email: 'olga@example.com', phone: '+5491155551234' };

  it('is filled from the profile, the phone split into its country and national number', () => {
    expect(ownerFromProfile(profile, 'ES')).toEqual({
      firstName: 'Olga',
      lastName: 'Zapata',
      email: 'olga@example.com',
      phoneCountry: 'AR',
      phone: '91155551234',
    });
  });

  it('keeps the guessed country when the calling code is shared, and the guess when there is no phone', () => {
    expect(ownerFromProfile({ ...profile, phone: '+14155550123' }, 'CA')).toMatchObject({ phoneCountry: 'CA', phone: '4155550123' });
    expect(ownerFromProfile({ ...profile, phone: null }, 'MX')).toMatchObject({ phoneCountry: 'MX', phone: '' });
  });

  it('tells an untouched "your info" from a typed one', () => {
    expect(ownerIsBlank(emptyOwner('AR'))).toBe(true);
    expect(ownerIsBlank({ ...emptyOwner('AR'), email: 'a@example.com' })).toBe(false);
  });
});
