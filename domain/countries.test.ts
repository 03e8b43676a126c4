import { describe, expect, it } from 'vitest';
import {
  bankingUnavailableCountries,
  bankingUnavailableCountriesAlpha3,
  countryCodes,
  countryName,
  countryOptions,
  isBankingAvailable,
  toAlpha3,
  usStateCodes,
  usStates,
} from './countries';
import { countryCodeSchema, usStateSchema } from './country-schemas';

describe('countries', () => {
  it('lists every ISO 3166-1 country', () => {
    expect(countryCodes.length).toBeGreaterThanOrEqual(249);
    expect(countryCodes).toEqual(expect.arrayContaining(['AR', 'BR', 'MX', 'ES', 'US', 'CD', 'CG', 'PS']));
  });

  it('names countries in es, en and pt', () => {
    expect(countryName('DE', 'es')).toBe('Alemania');
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'pt')).toBe('Alemanha');
    expect(countryName('BR', 'pt')).toBe('Brasil');
  });

  it('sorts the options by their name in the language', () => {
    const options = countryOptions('es');
    expect(options).toHaveLength(countryCodes.length);
    const names = options.map((option) => option.name);
    expect([...names].sort(new Intl.Collator('es').compare)).toEqual(names);
    expect(options.find((option) => option.code === 'AR')).toEqual({ code: 'AR', alpha3: 'ARG', name: 'Argentina' });
  });

  it('accepts ISO alpha-2 codes in any case and refuses others', () => {
    expect(countryCodeSchema.parse('ar')).toBe('AR');
    for (const bad of ['', 'XX', 'ARG', 'A', '12', '__proto__', 'x'.repeat(10_000)]) {
      expect(countryCodeSchema.safeParse(bad).success).toBe(false);
    }
    expect(countryCodeSchema.safeParse(42).success).toBe(false);
    expect(countryCodeSchema.safeParse('XX').error?.issues[0]?.message).toBe('validation.country');
    expect(countryCodeSchema.safeParse('').error?.issues[0]?.message).toBe('validation.required');
  });

  it('converts alpha-2 to alpha-3', () => {
    expect(toAlpha3('cd')).toBe('COD');
    expect(toAlpha3('CG')).toBe('COG');
  });
});

describe('digital banking availability (SPEC §1)', () => {
  it('holds the 37 countries of the SPEC, both Congos included', () => {
    expect(bankingUnavailableCountries).toHaveLength(37);
    expect(new Set(bankingUnavailableCountries).size).toBe(37);
    expect(bankingUnavailableCountries).toEqual(expect.arrayContaining(['CG', 'CD', 'KP', 'PS', 'RU', 'UA', 'VE', 'NG', 'PH']));
    for (const code of bankingUnavailableCountries) expect(countryCodes).toContain(code);
  });

  it('has the same list as alpha-3 codes', () => {
    expect(bankingUnavailableCountriesAlpha3).toHaveLength(37);
    expect(bankingUnavailableCountriesAlpha3).toEqual(expect.arrayContaining(['AFG', 'COG', 'COD', 'PRK', 'PSE', 'ZWE']));
  });

  it('answers by alpha-2 or alpha-3, in any case', () => {
    expect(isBankingAvailable('VE')).toBe(false);
    expect(isBankingAvailable('ven')).toBe(false);
    expect(isBankingAvailable(' cd ')).toBe(false);
    expect(isBankingAvailable('AR')).toBe(true);
    expect(isBankingAvailable('BRA')).toBe(true);
    expect(isBankingAvailable('MX')).toBe(true);
  });
});

describe('US states', () => {
  it('are the 50 states and DC', () => {
    expect(usStateCodes).toHaveLength(51);
    expect(usStateCodes).toEqual(expect.arrayContaining(['DE', 'WY', 'FL', 'DC', 'NM']));
  });

  it('are listed by name, the order the wizard offers them in', () => {
    const names = Object.values(usStates);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('accepts a state code in any case and refuses territories and junk', () => {
    expect(usStateSchema.parse('wy')).toBe('WY');
    for (const bad of ['PR', 'GU', 'XX', 'Wyoming', '', 'constructor', 'toString']) {
      expect(usStateSchema.safeParse(bad).success).toBe(false);
    }
    expect(usStateSchema.safeParse('PR').error?.issues[0]?.message).toBe('validation.usState');
  });
});
