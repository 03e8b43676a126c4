import { z } from 'zod';
import { companyInfoSchema, cryptoBusinessSchema, migrationSchema, partnersSchema, residenceCountrySchema, type Check } from './company';
import { countryCodeSchema } from './country-schemas';
import { isPhoneOfCountry } from './phone';
import { emailSchema, personNameSchema } from './field-schemas';

/**
 * The guest wizards' owner contact and each wizard's whole data, as the order carries it:
 * apart from `company.ts` because the contact has a phone (`phone.ts`), which only the wizards,
 * the checkout and the server check.
 */

const checkPhone: Check<{ phone: string; phoneCountry: string }> = (value, ctx) => {
  if (value.phone.length > 0 && value.phoneCountry.length > 0 && !isPhoneOfCountry(value.phone, value.phoneCountry)) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.phone' });
  }
};

const ownerContactShape = z.strictObject({
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  /** The country whose phone numbering the number follows (the phone field's country picker). */
  phoneCountry: countryCodeSchema,
  phone: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required', abort: true }).max(30, { error: 'validation.phone' }),
});

/** "Your info": the person placing the order (the future account owner). */
export const ownerContactSchema = ownerContactShape.superRefine(checkPhone);

/**
 * The phone and its country alone: a form checks it beside the whole contact, so a wrong
 * number shows on the same Continue as the other wrong fields (the contact's own phone rule
 * runs only once every field is valid).
 */
export const ownerPhoneSchema = z.object(ownerContactShape.pick({ phone: true, phoneCountry: true }).shape).superRefine(checkPhone);

export const crossBorderCryptoStepSchemas = {
  owner: ownerContactSchema,
  business: cryptoBusinessSchema,
  residence: z.strictObject({ residenceCountry: residenceCountrySchema }),
};

/** Wizard data of the create-company funnel, as the order carries it. */
export const createCompanyWizardSchema = z.strictObject({
  owner: ownerContactSchema,
  company: companyInfoSchema,
  partners: partnersSchema,
});
export type CreateCompanyWizard = z.infer<typeof createCompanyWizardSchema>;

export const migrateCompanyWizardSchema = z.strictObject({
  owner: ownerContactSchema,
  company: migrationSchema,
  partners: partnersSchema,
});
export type MigrateCompanyWizard = z.infer<typeof migrateCompanyWizardSchema>;

export const crossBorderCryptoWizardSchema = z.strictObject({
  owner: ownerContactSchema,
  business: cryptoBusinessSchema,
  residenceCountry: residenceCountrySchema,
});
export type CrossBorderCryptoWizard = z.infer<typeof crossBorderCryptoWizardSchema>;
