import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { callingCodeOf, phoneCountries } from './calling-codes';

describe('calling codes', () => {
  it('are the ones of the phone metadata that validates numbers', () => {
    expect(phoneCountries).toEqual([...getCountries()].sort());
    for (const country of getCountries()) expect(callingCodeOf(country), country).toBe(getCountryCallingCode(country));
  });

  it('have no code for an unknown country', () => {
    expect(callingCodeOf('XX')).toBeUndefined();
    expect(callingCodeOf('toString')).toBeUndefined();
  });
});
