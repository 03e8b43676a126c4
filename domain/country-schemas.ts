import { z } from 'zod';
import { isCountryCode, usStates } from './countries';

/** An ISO alpha-2 country code; lower-case input is accepted and upper-cased. */
export const countryCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .toUpperCase()
  .refine(isCountryCode, { error: 'validation.country' });

/** A US state code (50 states + DC); lower-case input is accepted. */
export const usStateSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .toUpperCase()
  .refine((value) => Object.hasOwn(usStates, value), { error: 'validation.usState' });
