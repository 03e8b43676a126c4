import { z } from 'zod';
import { checkFileDeclaration, partnerDocumentTypes, uploadTypes } from './file-rules';

/**
 * File rules of SPEC §5: the upload types of SPEC §3, the size limit of each, the allowed
 * extensions and content types, and the magic bytes that prove a file is what its name
 * claims. Pure functions, so the browser checks before uploading and the server checks the
 * bytes it actually received with the same table. The rules are `file-rules.ts` (re-exported
 * here), apart from these schemas so a screen that checks a file does not load zod (decision 076).
 */

export {
  acceptOf,
  checkFileContent,
  checkFileDeclaration,
  companyDocumentTypes,
  contentTypeFor,
  extensionOf,
  extensions,
  partnerDocumentTypes,
  sniffFileKind,
  staffDocumentTypes,
  uploadFolders,
  uploadRules,
  type AllowedExtension,
  type FileRefusal,
  type UploadType,
} from './file-rules';

export const uploadTypeSchema = z.enum(uploadTypes, { error: 'validation.invalid' });

/** File names kept for display: no path separators or control characters, at most 200 characters. */
export const fileNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(200, { error: 'validation.fileNameTooLong' })
  .refine((value) => !/[\\/\p{Cc}]/u.test(value), { error: 'validation.fileName' });

/** What a client declares before it uploads a file. */
export const uploadRequestSchema = z
  .strictObject({
    uploadType: uploadTypeSchema,
    companyId: z.uuid({ error: 'validation.invalid' }),
    fileName: fileNameSchema,
    size: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.fileEmpty' }),
    /** The partner a partner document belongs to (required for those types, refused for the others). */
    partnerId: z.uuid({ error: 'validation.invalid' }).optional(),
  })
  .superRefine((request, context) => {
    if ((request.partnerId !== undefined) !== partnerDocumentTypes.includes(request.uploadType)) {
      context.addIssue({ code: 'custom', path: ['partnerId'], message: request.partnerId === undefined ? 'validation.required' : 'validation.invalid' });
    }
    const refusal = checkFileDeclaration(request.uploadType, request.fileName, request.size);
    if (refusal === 'fileTooLarge') context.addIssue({ code: 'custom', path: ['size'], message: `validation.${refusal}` });
    else if (refusal) context.addIssue({ code: 'custom', path: ['fileName'], message: `validation.${refusal}` });
  });
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

/** Object keys: `<folder>/<company id>/<file id>.<extension>`. */
export const objectKeySchema = z.string().regex(/^[a-z]+\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.[a-z0-9]{1,5}$/, { error: 'validation.invalid' });

/** POST /api/v1/uploads: where and how to upload the declared file. */
export const presignedUploadSchema = z.strictObject({
  key: objectKeySchema,
  url: z.url(),
  method: z.literal('PUT'),
  /** Headers to send with the PUT exactly as given (they are part of the signature). */
  headers: z.record(z.string(), z.string()),
  expiresAt: z.iso.datetime(),
});
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;

/** POST /api/v1/uploads/complete and /download-url: the file in question. */
export const uploadKeySchema = z.strictObject({ key: objectKeySchema });

/** A stored, verified file: what a record keeps to show and fetch it again. */
export const storedFileSchema = z.strictObject({
  key: objectKeySchema,
  name: fileNameSchema,
  size: z.number().int().positive(),
  contentType: z.string().min(1).max(120),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** POST /api/v1/uploads/download-url: a short-lived URL serving the file. */
export const downloadUrlSchema = z.strictObject({ url: z.url(), expiresAt: z.iso.datetime() });

/** A company document as company details lists it (GET /api/v1/companies/:id/documents). */
export const companyDocumentSchema = z.object({
  key: objectKeySchema,
  uploadType: z.enum(uploadTypes),
  name: z.string(),
  size: z.int().positive(),
  contentType: z.string(),
  partnerId: z.uuid().nullable(),
  uploadedAt: z.string(),
  /** Added by Alta's staff: owners read it, nobody deletes it from the dashboard. */
  addedByStaff: z.boolean(),
  /** Whether the caller may delete it: its uploader or the company's owner, never a staff document. */
  deletable: z.boolean(),
});
export type CompanyDocument = z.infer<typeof companyDocumentSchema>;
