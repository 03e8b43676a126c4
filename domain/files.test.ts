import { describe, expect, it } from 'vitest';
import { checkFileContent, checkFileDeclaration, extensionOf, sniffFileKind, uploadRequestSchema, uploadRules } from './files';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])));

describe('file limits (SPEC §5)', () => {
  it('uses the SPEC byte limits per upload type', () => {
    expect(uploadRules.transactionReceipt.maxBytes).toBe(5_242_880);
    expect(uploadRules.batchImport.maxBytes).toBe(2_097_152);
    expect(uploadRules.partnerInvoice.maxBytes).toBe(20_971_520);
  });

  it('accepts a file at the limit and refuses one byte more', () => {
    expect(checkFileDeclaration('batchImport', 'bank.csv', 2_097_152)).toBeNull();
    expect(checkFileDeclaration('batchImport', 'bank.csv', 2_097_153)).toBe('fileTooLarge');
    expect(checkFileDeclaration('transactionReceipt', 'r.pdf', 5_242_881)).toBe('fileTooLarge');
  });

  it('refuses empty files and sizes that are not whole bytes', () => {
    expect(checkFileDeclaration('transactionReceipt', 'r.pdf', 0)).toBe('fileEmpty');
    expect(checkFileDeclaration('transactionReceipt', 'r.pdf', 1.5)).toBe('fileEmpty');
  });

  it('refuses extensions the upload type does not allow', () => {
    expect(checkFileDeclaration('batchImport', 'bank.xlsx', 100)).toBe('fileTypeNotAllowed');
    expect(checkFileDeclaration('transactionReceipt', 'receipt.exe', 100)).toBe('fileTypeNotAllowed');
    expect(checkFileDeclaration('kybDocument', 'id.gif', 100)).toBe('fileTypeNotAllowed');
    expect(checkFileDeclaration('transactionReceipt', 'noextension', 100)).toBe('fileTypeNotAllowed');
    expect(checkFileDeclaration('transactionReceipt', 'RECEIPT.JPG', 100)).toBeNull();
  });

  it('reads extensions without being fooled by dots', () => {
    expect(extensionOf('a.b.PDF')).toBe('pdf');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('name.')).toBe('');
  });
});

describe('magic bytes', () => {
  it('recognises images, pdf, containers and text', () => {
    expect(sniffFileKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffFileKind(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffFileKind(bytes('GIF89a'))).toBe('gif');
    expect(sniffFileKind(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('webp');
    expect(sniffFileKind(bytes(0, 0, 0, 0x18, 'ftypheic'))).toBe('heic');
    expect(sniffFileKind(bytes('%PDF-1.7'))).toBe('pdf');
    expect(sniffFileKind(bytes('PK', 3, 4))).toBe('zip');
    expect(sniffFileKind(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe('ole');
    expect(sniffFileKind(bytes('Fecha;Importe\r\n'))).toBe('text');
    expect(sniffFileKind(new TextEncoder().encode('Descrição;Valor\n'))).toBe('text');
  });

  it('recognises nothing in binary noise or an empty file', () => {
    expect(sniffFileKind(bytes(0x00, 0x01, 0x02))).toBeNull();
    expect(sniffFileKind(new Uint8Array())).toBeNull();
    expect(sniffFileKind(bytes('MZ', 0x90, 0))).toBeNull();
  });

  it('refuses a file whose bytes do not match its extension', () => {
    expect(checkFileContent('receipt.pdf', bytes(0xff, 0xd8, 0xff))).toBe('fileContentMismatch');
    expect(checkFileContent('receipt.jpg', bytes(0xff, 0xd8, 0xff))).toBeNull();
    expect(checkFileContent('bank.csv', bytes('MZ', 0x90, 0))).toBe('fileContentMismatch');
    expect(checkFileContent('x.__proto__', bytes('a'))).toBe('fileTypeNotAllowed');
  });
});

describe('upload request', () => {
  const companyId = '7d7a6c56-0d7f-4c1b-9a34-6a9f7f0b3f11';

  it('accepts a receipt within the limits', () => {
    expect(uploadRequestSchema.parse({ uploadType: 'transactionReceipt', companyId, fileName: 'ticket.png', size: 1000 })).toMatchObject({
      fileName: 'ticket.png',
    });
  });

  it('reports size and type problems on their fields', () => {
    const tooLarge = uploadRequestSchema.safeParse({ uploadType: 'batchImport', companyId, fileName: 'bank.csv', size: 3_000_000 });
    expect(tooLarge.error?.issues[0]).toMatchObject({ path: ['size'], message: 'validation.fileTooLarge' });
    const wrongType = uploadRequestSchema.safeParse({ uploadType: 'batchImport', companyId, fileName: 'bank.pdf', size: 10 });
    expect(wrongType.error?.issues[0]).toMatchObject({ path: ['fileName'], message: 'validation.fileTypeNotAllowed' });
  });

  it('refuses path separators, unknown fields and unknown upload types', () => {
    expect(uploadRequestSchema.safeParse({ uploadType: 'transactionReceipt', companyId, fileName: '../etc/passwd.png', size: 10 }).success).toBe(false);
    expect(uploadRequestSchema.safeParse({ uploadType: 'transactionReceipt', companyId, fileName: 'a.png', size: 10, key: 'x' }).success).toBe(false);
    expect(uploadRequestSchema.safeParse({ uploadType: 'avatar', companyId, fileName: 'a.png', size: 10 }).success).toBe(false);
  });
});
