import { fileLimits } from './constants';

/**
 * File rules of SPEC §5 without their schemas (`files.ts`, which re-exports them): the upload
 * types, the size limit of each, the allowed extensions and content types, the magic bytes that
 * prove a file is what its name claims, and each type's folder.
 */

/** The upload types of SPEC §3. */
export const uploadTypes = [
  'partnerPassport',
  'partnerInvoice',
  'einDocument',
  'articlesOfIncorporation',
  'operatingAgreement',
  'correspondenceDocument',
  'transactionReceipt',
  'accountingTaxDocument',
  'cryptoReceipt',
  'batchImport',
  'kybDocument',
  // Company documents of SPEC §3 that are not upload types of their own there: a partner's proof
  // of address, and the EIN document Alta generates (staff upload it; owners read it).
  'proofOfAddress',
  'generatedEinDocument',
] as const;
export type UploadType = (typeof uploadTypes)[number];

/** A file kind: one family of content recognised by its leading bytes. */
export type FileKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'heic' | 'pdf' | 'zip' | 'ole' | 'gzip' | 'sevenZip' | 'rar' | 'text';

interface Extension {
  /** The content type stored and served for this extension. */
  contentType: string;
  kind: FileKind;
}

/**
 * Allowed extensions (SPEC §5: image, pdf, office, text, csv and archive types). Office
 * Open XML and OpenDocument files are zip containers, legacy Office files are OLE
 * compound documents: their magic bytes are those of the container.
 */
export const extensions = {
  jpg: { contentType: 'image/jpeg', kind: 'jpeg' },
  jpeg: { contentType: 'image/jpeg', kind: 'jpeg' },
  png: { contentType: 'image/png', kind: 'png' },
  gif: { contentType: 'image/gif', kind: 'gif' },
  webp: { contentType: 'image/webp', kind: 'webp' },
  heic: { contentType: 'image/heic', kind: 'heic' },
  pdf: { contentType: 'application/pdf', kind: 'pdf' },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', kind: 'zip' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', kind: 'zip' },
  pptx: { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', kind: 'zip' },
  odt: { contentType: 'application/vnd.oasis.opendocument.text', kind: 'zip' },
  ods: { contentType: 'application/vnd.oasis.opendocument.spreadsheet', kind: 'zip' },
  doc: { contentType: 'application/msword', kind: 'ole' },
  xls: { contentType: 'application/vnd.ms-excel', kind: 'ole' },
  ppt: { contentType: 'application/vnd.ms-powerpoint', kind: 'ole' },
  txt: { contentType: 'text/plain', kind: 'text' },
  csv: { contentType: 'text/csv', kind: 'text' },
  zip: { contentType: 'application/zip', kind: 'zip' },
  gz: { contentType: 'application/gzip', kind: 'gzip' },
  '7z': { contentType: 'application/x-7z-compressed', kind: 'sevenZip' },
  rar: { contentType: 'application/vnd.rar', kind: 'rar' },
} as const satisfies Record<string, Extension>;
export type AllowedExtension = keyof typeof extensions;

const imagesAndPdf: readonly AllowedExtension[] = ['jpg', 'jpeg', 'png', 'pdf'];
const everything = Object.keys(extensions) as AllowedExtension[];

/** Per upload type: the largest size in bytes and the extensions accepted. */
export const uploadRules: Record<UploadType, { maxBytes: number; extensions: readonly AllowedExtension[] }> = {
  partnerPassport: { maxBytes: fileLimits.generalBytes, extensions: imagesAndPdf },
  partnerInvoice: { maxBytes: fileLimits.generalBytes, extensions: everything },
  einDocument: { maxBytes: fileLimits.generalBytes, extensions: imagesAndPdf },
  articlesOfIncorporation: { maxBytes: fileLimits.generalBytes, extensions: imagesAndPdf },
  operatingAgreement: { maxBytes: fileLimits.generalBytes, extensions: ['pdf', 'doc', 'docx', 'odt', 'jpg', 'jpeg', 'png'] },
  correspondenceDocument: { maxBytes: fileLimits.generalBytes, extensions: everything },
  // Receipts are photos or PDFs of a purchase; 5 MB is the SPEC's receipt limit.
  transactionReceipt: { maxBytes: fileLimits.receiptBytes, extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'pdf'] },
  accountingTaxDocument: { maxBytes: fileLimits.generalBytes, extensions: everything },
  cryptoReceipt: { maxBytes: fileLimits.receiptBytes, extensions: ['jpg', 'jpeg', 'png', 'webp', 'pdf'] },
  // A bank export is text; 2 MB is the SPEC's transaction batch limit.
  batchImport: { maxBytes: fileLimits.transactionBatchBytes, extensions: ['csv', 'txt'] },
  // SPEC §5 KYB: files JPG, PNG or PDF; the crypto KYB maximum is 20 MB.
  kybDocument: { maxBytes: fileLimits.cryptoKybBytes, extensions: imagesAndPdf },
  proofOfAddress: { maxBytes: fileLimits.generalBytes, extensions: imagesAndPdf },
  generatedEinDocument: { maxBytes: fileLimits.generalBytes, extensions: ['pdf'] },
};

/** The documents company details shows (SPEC §3 "Company documents"), in its order. */
export const companyDocumentTypes = [
  'einDocument',
  'articlesOfIncorporation',
  'operatingAgreement',
  'partnerPassport',
  'proofOfAddress',
  'generatedEinDocument',
] as const satisfies readonly UploadType[];

/** Documents that belong to one partner (SPEC §2 "partner documents"): the upload names the partner. */
export const partnerDocumentTypes: readonly UploadType[] = ['partnerPassport', 'proofOfAddress'];

/** Documents only Alta's staff add (owners read and download them); mail scans come with their mail item (decision 029). */
export const staffDocumentTypes: readonly UploadType[] = ['generatedEinDocument', 'correspondenceDocument'];

/** The accept attribute of a file input for an upload type: its extensions, dotted. */
export const acceptOf = (uploadType: UploadType) => uploadRules[uploadType].extensions.map((extension) => `.${extension}`).join(',');

/** Lower-cased extension of a file name without the dot, or '' when it has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The content type Alta stores for an allowed extension. */
export function contentTypeFor(extension: AllowedExtension): string {
  return extensions[extension].contentType;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((value, index) => bytes[offset + index] === value);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * Recognises a file's kind from its first bytes (16 are enough for every binary kind).
 * Text is recognised by the absence of NUL bytes and control characters other than
 * tab, line feed, carriage return and form feed; a UTF-8 or UTF-16 byte order mark counts
 * as text. Returns null for anything else.
 */
export function sniffFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('ftyp'), 4) && ['heic', 'heix', 'mif1', 'msf1', 'heif', 'hevc'].some((brand) => startsWith(bytes, ascii(brand), 8)))
    return 'heic';
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  // Local file header, or the end-of-central-directory record of an empty archive.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(bytes, [0x1f, 0x8b])) return 'gzip';
  if (startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return 'sevenZip';
  if (startsWith(bytes, ascii('Rar!\u001a\u0007'))) return 'rar';
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return 'text';
  if (bytes.length > 0 && bytes.every((value) => value >= 0x20 || value === 0x09 || value === 0x0a || value === 0x0d || value === 0x0c)) {
    return 'text';
  }
  return null;
}

/** Why a file is refused, as a stable code shared by the client, the worker and the server. */
export type FileRefusal = 'fileEmpty' | 'fileTooLarge' | 'fileTypeNotAllowed' | 'fileContentMismatch';

/**
 * Checks a file's declared name and size against an upload type. The content check
 * (`checkFileContent`) needs the first bytes and runs where they are available.
 */
export function checkFileDeclaration(uploadType: UploadType, fileName: string, size: number): FileRefusal | null {
  const rule = uploadRules[uploadType];
  if (!Number.isSafeInteger(size) || size <= 0) return 'fileEmpty';
  if (size > rule.maxBytes) return 'fileTooLarge';
  const extension = extensionOf(fileName);
  if (!(rule.extensions as readonly string[]).includes(extension)) return 'fileTypeNotAllowed';
  return null;
}

/** Checks that the first bytes of a file match the kind its extension promises. */
export function checkFileContent(fileName: string, leadingBytes: Uint8Array): FileRefusal | null {
  const extension = extensionOf(fileName);
  if (!Object.hasOwn(extensions, extension)) return 'fileTypeNotAllowed';
  const expected = extensions[extension as AllowedExtension].kind;
  return sniffFileKind(leadingBytes) === expected ? null : 'fileContentMismatch';
}

/** The folder of each upload type's keys. */
export const uploadFolders: Record<UploadType, string> = {
  partnerPassport: 'partners',
  partnerInvoice: 'partners',
  einDocument: 'documents',
  articlesOfIncorporation: 'documents',
  operatingAgreement: 'documents',
  correspondenceDocument: 'mail',
  transactionReceipt: 'receipts',
  accountingTaxDocument: 'accounting',
  cryptoReceipt: 'receipts',
  batchImport: 'imports',
  kybDocument: 'kyb',
  proofOfAddress: 'partners',
  generatedEinDocument: 'documents',
};
