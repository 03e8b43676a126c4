import { z } from 'zod';
import { partnerSchema } from './company';
import { companyStatuses, companyTypes } from './company-terms';

/**
 * What the API answers about companies (GET /api/v1/companies and /companies/:id): the server
 * documents its answers with these schemas; the app only needs their types. Apart from the
 * wizard's rules in `company.ts`, so the screens that check those (the wizards, checkout, KYB,
 * the tax form) do not build these too when they load (issue 35 §4).
 */

export const companyRelations = ['owner', 'teammate'] as const;

/** A company in GET /api/v1/companies (owned and associated companies). */
export const companySummarySchema = z.object({
  id: z.uuid(),
  type: z.enum(companyTypes),
  name: z.string(),
  nameOption2: z.string().nullable(),
  migrated: z.boolean(),
  state: z.string().nullable(),
  originCountry: z.string().nullable(),
  status: z.enum(companyStatuses),
  plan: z.string().nullable(),
  billing: z.enum(['monthly', 'annual']).nullable(),
  orderNumber: z.string().nullable(),
  relation: z.enum(companyRelations),
  requestedAt: z.string(),
  updatedAt: z.string(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

/** A partner as the API returns it: the SSN/ITIN masked. */
export const partnerViewSchema = partnerSchema.omit({ taxId: true }).extend({
  id: z.uuid(),
  addressLine2: z.string().nullable(),
  taxIdMasked: z.string().nullable(),
});

/** GET /api/v1/companies/:id */
export const companyDetailSchema = companySummarySchema.extend({
  industry: z.string().nullable(),
  industryOther: z.string().nullable(),
  services: z.array(z.string()),
  constitutionDate: z.string().nullable(),
  partners: z.array(partnerViewSchema),
  /** Migration documents, or the cross-border crypto business and residence. */
  details: z.record(z.string(), z.unknown()).nullable(),
  /** When each progress status was reached (ISO timestamps), for the timeline. */
  statusDates: z.record(z.string(), z.string()),
  dissolution: z.enum(['available', 'requested', 'processed']),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;
