import { z } from 'zod';
import { isRealDate } from './bookkeeping-terms';

/**
 * The field rules many forms share (SPEC §5): an email, a person's name, a calendar day. Their
 * own module, apart from the account's and the books' schemas, so that a form needing only
 * these (the company wizards' checks) does not build those too: a schema costs its
 * construction when its module loads, a long task on a phone. Every message is an i18n key
 * (namespace `validation`).
 */

/** Trimmed, lower-cased email; 'validation.email' when malformed. */
export const emailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(254, { error: 'validation.email' })
  .toLowerCase()
  .pipe(z.email({ error: 'validation.email' }));

/** Letters only (any script, with single spaces, hyphens or apostrophes between words), at least 2. */
export const personNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(60, { error: 'validation.nameTooLong' })
  .refine((value) => value.length >= 2, { error: 'validation.nameMin' })
  .refine((value) => /^\p{L}+(?:[ '\u2019-]\p{L}+)*$/u.test(value), { error: 'validation.nameLetters' });

/** A calendar day as `YYYY-MM-DD` (no time, no zone: bank statements are per day). */
export const isoDateSchema = z
  .string({ error: 'validation.required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalidDate' })
  .refine(isRealDate, { error: 'validation.invalidDate' });
