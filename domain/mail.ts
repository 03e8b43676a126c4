import { z } from 'zod';
import { textMin2 } from './company';
import { countryCodeSchema } from './country-schemas';
import { fileNameSchema, objectKeySchema, uploadRules } from './files';
import { foldForSearch } from './search-text';

/**
 * Mailing (SPEC §3 Correspondence, decision 029): the scanned letters Alta receives for a
 * company, added by staff, read by the company's owner and teammates, searchable by sender
 * and text, and forwardable to an address.
 */

/** Kinds of correspondence; SPEC §3: Letter by default. */
export const mailTypes = ['Letter', 'Package', 'Check', 'LegalNotice', 'TaxNotice'] as const;
export type MailType = (typeof mailTypes)[number];

/** The quantity of pieces one scan stands for (SPEC §3: 1 by default). */
export const mailQuantitySchema = z.int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(999, { error: 'validation.invalid' });

/** POST /admin/companies/{id}/mail: staff declare a scan and what it is; the file follows through a presigned URL. */
export const staffMailSchema = z.strictObject({
  type: z.enum(mailTypes, { error: 'validation.invalid' }).default('Letter'),
  quantity: mailQuantitySchema.default(1),
  sender: z.string({ error: 'validation.required' }).trim().min(2, { error: 'validation.min2' }).max(160, { error: 'validation.tooLong' }),
  summary: z.string({ error: 'validation.invalid' }).trim().max(4000, { error: 'validation.tooLong' }).default(''),
  receivedAt: z.iso.date({ error: 'validation.invalid' }),
  fileName: fileNameSchema,
  size: z
    .int({ error: 'validation.invalid' })
    .positive({ error: 'validation.fileEmpty' })
    .max(uploadRules.correspondenceDocument.maxBytes, { error: 'validation.fileTooLarge' }),
});
export type StaffMail = z.infer<typeof staffMailSchema>;

/** Where the physical piece should go (SPEC §5 address rules: each part at least 2 characters). */
export const forwardingAddressSchema = z.strictObject({
  recipient: textMin2(120),
  addressLine1: textMin2(120),
  addressLine2: z.string().trim().max(120, { error: 'validation.tooLong' }).default(''),
  city: textMin2(80),
  stateOrProvince: textMin2(80),
  postalCode: textMin2(12),
  country: countryCodeSchema,
});
export type ForwardingAddress = z.infer<typeof forwardingAddressSchema>;

/** POST /mail/{id}/forwarding: the address and an optional note for the staff. */
export const forwardingRequestSchema = z.strictObject({
  address: forwardingAddressSchema,
  note: z.string({ error: 'validation.invalid' }).trim().max(500, { error: 'validation.tooLong' }).default(''),
});
export type ForwardingRequest = z.infer<typeof forwardingRequestSchema>;

/** A forwarding request as the company's people and the staff see it (decision 038: staff mark it forwarded). */
export const forwardingSchema = z.object({
  address: forwardingAddressSchema,
  note: z.string(),
  requestedAt: z.string(),
  requestedBy: z.string().nullable(),
  /** When staff sent the piece on; null while the request waits. */
  forwardedAt: z.string().nullable(),
});

/** A piece of correspondence as the mailing page lists it. */
export const mailItemSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  type: z.enum(mailTypes),
  quantity: z.int(),
  sender: z.string(),
  summary: z.string(),
  receivedAt: z.string(),
  /** The scan: viewed and downloaded through POST /uploads/download-url. */
  file: z.object({ key: objectKeySchema, name: z.string(), size: z.int(), contentType: z.string() }),
  /** When the caller opened it first; null while unread. */
  readAt: z.string().nullable(),
  forwarding: forwardingSchema.nullable(),
});
export type MailItem = z.infer<typeof mailItemSchema>;

/** PUT /mail/{id}/read: mark read (opened) or unread again. */
export const mailReadSchema = z.strictObject({ read: z.boolean({ error: 'validation.invalid' }) });

/** Staff's view of a company's mail: the items with their forwarding requests and whether the scan is published. */
export const staffMailItemSchema = mailItemSchema.omit({ readAt: true }).extend({ publishedAt: z.string().nullable() });
export type StaffMailItem = z.infer<typeof staffMailItemSchema>;

/** Answer of POST /admin/companies/{id}/mail: the new item and where to upload its scan. */
export const staffMailCreatedSchema = z.object({
  id: z.uuid(),
  upload: z.object({ key: objectKeySchema, url: z.url(), method: z.literal('PUT'), headers: z.record(z.string(), z.string()), expiresAt: z.iso.datetime() }),
});

/** The items whose sender or text contain every word of `query` (case and accents ignored), newest first as given. */
export function searchMail<T extends Pick<MailItem, 'sender' | 'summary'>>(items: readonly T[], query: string): T[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = foldForSearch(`${item.sender} ${item.summary}`);
    return words.every((word) => text.includes(word));
  });
}
