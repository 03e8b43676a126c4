import { z } from 'zod';
import { maxAmountCents } from './amounts';
import { categoryKeys, maxRuleTextLength } from './bookkeeping-terms';
import { fileNameSchema, objectKeySchema, storedFileSchema } from './files';

/**
 * Bookkeeping entities of SPEC §3: transactions, manual accounts, categories, receipts and
 * batch imports. Used alike by the mutators (client and server), the CSV import worker and
 * the forms. Money is an integer number of cents (`amountCents`): never a float, so sums
 * are exact and the same on every device; negative is money out, positive money in.
 */

// The vocabulary without schemas, which screens use before (or without) loading zod.
export {
  categories,
  categoryKeys,
  importCooldownLeft,
  importCooldownSeconds,
  isRealDate,
  isRealDay,
  maxRuleTextLength,
  type CategoryKey,
} from './bookkeeping-terms';
import { isoDateSchema } from './field-schemas';

/**
 * Integer cents up to `maxAmountCents`, the one money schema of the books and the tax form:
 * signed by default, or 0 or more (`nonNegative`). `missing` is the message when no number is
 * given (a form's empty field says "required"; a bank line's bad cell "invalid amount").
 */
export function centsSchema(options: { nonNegative?: boolean; missing?: string } = {}) {
  return z
    .number({ error: options.missing ?? 'validation.invalidAmount' })
    .int({ error: 'validation.invalidAmount' })
    .min(options.nonNegative ? 0 : -maxAmountCents, { error: options.nonNegative ? 'validation.amountNotNegative' : 'validation.amountTooLarge' })
    .max(maxAmountCents, { error: 'validation.amountTooLarge' });
}

/** Signed integer cents. */
export const amountCentsSchema = centsSchema();

const idSchema = z.uuid({ error: 'validation.invalid' });
const timestampSchema = z.iso.datetime({ offset: true, error: 'validation.invalid' });

export const categorySchema = z.enum(categoryKeys, { error: 'validation.invalidCategory' });

/** Free text shown in lists: trimmed, no control characters. */
const textSchema = (max: number, tooLong: string) =>
  z
    .string({ error: 'validation.invalid' })
    .transform((value) => value.replace(/\p{Cc}+/gu, ' ').trim())
    .pipe(z.string().max(max, { error: tooLong }));

export const descriptionSchema = textSchema(500, 'validation.descriptionTooLong').pipe(z.string().min(1, { error: 'validation.missingDescription' }));
export const merchantSchema = textSchema(120, 'validation.merchantTooLong');
export const noteSchema = textSchema(2000, 'validation.noteTooLong');

/** Receipt metadata: the stored file's key (in the receipts folder) plus what the user saw when attaching it. */
export const receiptSchema = storedFileSchema.extend({
  key: objectKeySchema.refine((key) => key.startsWith('receipts/'), { error: 'validation.invalid' }),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** Where a transaction lives: one of the company's manual accounts or a linked bank account. */
export const accountKindSchema = z.enum(['manual', 'linked']);
export type AccountKind = z.infer<typeof accountKindSchema>;

/** A transaction as stored and synced (SPEC §3). */
export const transactionSchema = z.strictObject({
  id: idSchema,
  companyId: idSchema,
  date: isoDateSchema,
  description: descriptionSchema,
  amountCents: amountCentsSchema,
  accountKind: accountKindSchema.nullable(),
  accountId: idSchema.nullable(),
  category: categorySchema.nullable(),
  merchant: merchantSchema.nullable(),
  note: noteSchema,
  checked: z.boolean(),
  receipt: receiptSchema.nullable(),
  blocked: z.boolean(),
  /** The batch import that created it; imported transactions have ids derived from their bank line (see workers/import-csv/fingerprint.ts). */
  importId: idSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Transaction = z.infer<typeof transactionSchema>;

/** The fields a person types to create a transaction by hand (the create form). */
export const transactionFormSchema = z
  .strictObject({
    date: isoDateSchema,
    description: descriptionSchema,
    amountCents: amountCentsSchema,
    accountKind: accountKindSchema.nullable(),
    accountId: idSchema.nullable(),
    category: categorySchema.nullable(),
    merchant: merchantSchema.nullable(),
    note: noteSchema,
  })
  .refine((form) => (form.accountId === null) === (form.accountKind === null), {
    error: 'validation.invalid',
    path: ['accountId'],
  });
export type TransactionForm = z.output<typeof transactionFormSchema>;

/** One bank line after the import worker read it. */
export interface ImportedRow {
  date: string;
  description: string;
  amountCents: number;
  merchant: string | null;
}

const importedRowFields = {
  date: isoDateSchema,
  description: descriptionSchema,
  amountCents: amountCentsSchema,
  merchant: merchantSchema.nullable(),
} satisfies Record<keyof ImportedRow, z.ZodType>;

/** What is wrong with one field of a bank line: the field and the i18n key of the problem. */
type ImportedRowProblem = { field: keyof ImportedRow; code: string };

/**
 * Validates one bank line with a transaction's own field schemas: the line as it is stored
 * (trimmed, without control characters), or the i18n key of what is wrong with each field.
 * Field by field rather than as one object schema: an import checks up to 30,000 lines, and
 * zod's object checking (jitless, as Alta's CSP wants it) took more than half of that time.
 */
export function checkImportedRow(line: ImportedRow): { ok: true; row: ImportedRow } | { ok: false; problems: ImportedRowProblem[] } {
  const row: Record<string, unknown> = {};
  const problems: ImportedRowProblem[] = [];
  for (const field of Object.keys(importedRowFields) as (keyof ImportedRow)[]) {
    const result = importedRowFields[field].safeParse(line[field]);
    if (result.success) row[field] = result.data;
    else for (const { message } of result.error.issues) problems.push({ field, code: message.startsWith('validation.') ? message : 'validation.invalid' });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, row: row as unknown as ImportedRow };
}

/** A manual account (SPEC §3, §5: the name is required). */
export const manualAccountNameSchema = z
  .string({ error: 'validation.required' })
  .transform((value) => value.replace(/\p{Cc}+/gu, ' ').trim())
  .pipe(z.string().min(1, { error: 'validation.required' }).max(80, { error: 'validation.accountNameTooLong' }));

export const manualAccountSchema = z.strictObject({
  id: idSchema,
  companyId: idSchema,
  name: manualAccountNameSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type ManualAccount = z.infer<typeof manualAccountSchema>;

/** The create-manual-account form. */
export const manualAccountFormSchema = manualAccountSchema.pick({ name: true });

/** SPEC §4 batch import states. */
export const batchImportStatuses = ['notStarted', 'processing', 'completed', 'failed', 'cancelled'] as const;
export const batchImportStatusSchema = z.enum(batchImportStatuses);
export type BatchImportStatus = z.infer<typeof batchImportStatusSchema>;

/**
 * Where a batch import may go from each state: finished imports never change again. An
 * import with nothing new to write (every line a duplicate or refused) completes without
 * ever processing a chunk.
 */
export const batchImportTransitions: Record<BatchImportStatus, readonly BatchImportStatus[]> = {
  notStarted: ['processing', 'completed', 'failed', 'cancelled'],
  processing: ['processing', 'completed', 'failed', 'cancelled'],
  completed: [],
  failed: [],
  cancelled: [],
};

/** True when a batch import may move from one state to the other. */
export const canTransition = (from: BatchImportStatus, to: BatchImportStatus) => batchImportTransitions[from].includes(to);

/** A refused line of an imported file: its 1-based line number in the file and why. */
export const rowErrorSchema = z.strictObject({
  line: z.number().int().positive(),
  field: z.enum(['date', 'description', 'amount', 'row']),
  code: z.string().regex(/^validation\.[A-Za-z]+$/),
});
export type RowError = z.infer<typeof rowErrorSchema>;

/** At most this many row errors are kept per import; `errorCount` still counts them all. */
export const maxStoredRowErrors = 500;

/** Why a whole import stopped or what it ended with. */
export const importResultCodes = [
  'imported',
  'cancelled',
  'fileTooLarge',
  'fileTypeNotAllowed',
  'fileEmpty',
  'columnsNotFound',
  /** A structured statement (OFX, CAMT.053) in a currency other than the accounts' US dollars. */
  'wrongCurrency',
  /** A structured statement of several bank accounts: each goes to its own Alta account, so each is imported on its own. */
  'severalAccounts',
  'storageFailed',
  /** Started within the SPEC §9 cooldown of the company's previous import: nothing recorded. */
  'cooldown',
] as const;
export const importResultCodeSchema = z.enum(importResultCodes);
export type ImportResultCode = z.infer<typeof importResultCodeSchema>;

/** What an import found and did. */
export const importResultSchema = z.strictObject({
  code: importResultCodeSchema,
  totalRows: z.number().int().nonnegative(),
  importedCount: z.number().int().nonnegative(),
  duplicateCount: z.number().int().nonnegative(),
  errorCount: z.number().int().nonnegative(),
  /** The date order used (day-month, month-day or year-month-day) and whether the file left it open. */
  dateOrder: z.enum(['dmy', 'mdy', 'ymd']).nullable(),
  dateOrderAssumed: z.boolean(),
  decimalSeparator: z.enum(['.', ',']).nullable(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** A batch import (SPEC §3): the file, its state, how far it went and the lines it refused. */
export const batchImportSchema = z.strictObject({
  id: idSchema,
  companyId: idSchema,
  accountKind: accountKindSchema,
  accountId: idSchema,
  fileName: fileNameSchema,
  fileSize: z.number().int().nonnegative(),
  status: batchImportStatusSchema,
  processedCount: z.number().int().nonnegative(),
  result: importResultSchema.nullable(),
  rowErrors: z.array(rowErrorSchema).max(maxStoredRowErrors),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type BatchImport = z.infer<typeof batchImportSchema>;

/**
 * A tax year of the company whose declaration is sent (SPEC §4): its transactions are locked.
 * Written by the server only (a trigger on `declarations`), synced so the device knows.
 */
export const lockedYearSchema = z.strictObject({
  id: idSchema,
  companyId: idSchema,
  year: z.number().int().min(1900).max(9999),
  lockedAt: timestampSchema,
});
export type LockedYear = z.infer<typeof lockedYearSchema>;

/** A rule the person made from a correction: lines containing `contains` (normalised, whole words) get `category`. */
export const categoriserRuleSchema = z.strictObject({
  id: idSchema,
  companyId: idSchema,
  contains: z.string().trim().min(1).max(maxRuleTextLength),
  category: categorySchema,
  createdAt: timestampSchema,
});
export type CategoriserRule = z.infer<typeof categoriserRuleSchema>;

/** An uploaded receipt waiting in the company's inbox for the transaction it belongs to. */
export const inboxReceiptSchema = z.strictObject({
  id: idSchema,
  companyId: idSchema,
  receipt: receiptSchema,
  createdAt: timestampSchema,
});
export type InboxReceipt = z.infer<typeof inboxReceiptSchema>;
