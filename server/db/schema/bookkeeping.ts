import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AccountKind, BatchImportStatus, CategoryKey, ImportResult, Receipt, RowError } from '@domain/bookkeeping';
import type { UploadType } from '@domain/files';
import type { TaxFormData } from '@domain/tax-form';
import { companies, partners } from './companies';
import { users } from './users';

/**
 * Bookkeeping (domain/bookkeeping.ts): synced tables scoped by `company_id`, each with the
 * `version` the sync triggers stamp on every write. Timestamps the device sent are kept as
 * text, exactly as sent: shown to the user, never compared, and read back byte for byte.
 */

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    /** Signed integer cents: negative is money out. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    accountKind: text('account_kind').$type<AccountKind>(),
    /** A manual account or a linked bank account (no foreign key: linked accounts live with their provider). */
    accountId: uuid('account_id'),
    category: text('category').$type<CategoryKey>(),
    merchant: text('merchant'),
    note: text('note').notNull().default(''),
    checked: boolean('checked').notNull().default(false),
    receipt: jsonb('receipt').$type<Receipt>(),
    /** Set by Alta (never by a mutation): a blocked transaction cannot be changed by the company. */
    blocked: boolean('blocked').notNull().default(false),
    importId: uuid('import_id'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    index('transactions_company_version_idx').on(table.companyId, table.version),
    index('transactions_company_date_idx').on(table.companyId, table.date),
    index('transactions_import_idx').on(table.importId),
    index('transactions_account_idx').on(table.accountId),
  ],
);

export const manualAccounts = pgTable(
  'manual_accounts',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [index('manual_accounts_company_version_idx').on(table.companyId, table.version)],
);

export const batchImports = pgTable(
  'batch_imports',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    accountKind: text('account_kind').$type<AccountKind>().notNull(),
    accountId: uuid('account_id').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    status: text('status').$type<BatchImportStatus>().notNull(),
    processedCount: integer('processed_count').notNull().default(0),
    result: jsonb('result').$type<ImportResult>(),
    rowErrors: jsonb('row_errors')
      .$type<RowError[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    /** The server's clock when the batch was recorded (a trigger sets it, keeps it): the SPEC §9 cooldown counts from it. Not synced. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    index('batch_imports_company_version_idx').on(table.companyId, table.version),
    index('batch_imports_company_received_idx').on(table.companyId, table.receivedAt),
  ],
);

/** A year whose declaration is sent, synced so devices know it is locked; written only by the `declarations` trigger. */
export const lockedYears = pgTable(
  'locked_years',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    lockedAt: text('locked_at').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    index('locked_years_company_version_idx').on(table.companyId, table.version),
    uniqueIndex('locked_years_company_year_idx').on(table.companyId, table.year),
  ],
);

/** The person's categoriser rules ("description contains X → category Y"), synced per company. */
export const categoriserRules = pgTable(
  'categoriser_rules',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contains: text('contains').notNull(),
    category: text('category').$type<CategoryKey>().notNull(),
    createdAt: text('created_at').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [index('categoriser_rules_company_version_idx').on(table.companyId, table.version)],
);

/** Uploaded receipts waiting in the company's inbox for their transaction, synced per company. */
export const inboxReceipts = pgTable(
  'inbox_receipts',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    receipt: jsonb('receipt').$type<Receipt>().notNull(),
    createdAt: text('created_at').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [index('inbox_receipts_company_version_idx').on(table.companyId, table.version)],
);

/**
 * A company's IRS declaration of a tax year. Once `sent_at` is set the declaration cannot
 * change (SPEC §4) and the transactions of that year are locked.
 */
export const declarations = pgTable(
  'declarations',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The tax form as sent (domain/tax-form.ts `TaxFormData`): the filed copy's PDFs are built from it. */
    taxFormData: jsonb('tax_form_data').$type<TaxFormData>(),
    /** The tax-form draft it was sent from. */
    draftId: uuid('draft_id'),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.year] })],
);

/**
 * Reminder mails sent before a declaration deadline (SPEC §2 reminders: 30 and 7 days
 * before). The job inserts the row and sends the mail in one transaction, so with several
 * server instances exactly one of them sends it: the others' inserts conflict.
 */
export const taxReminders = pgTable(
  'tax_reminders',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.deadline, table.daysBefore] })],
);

/**
 * Files uploaded through a presigned URL. A row is written when the URL is handed out and
 * marked verified once the stored bytes passed the size, extension and magic-byte checks;
 * only a verified upload of the right type and company may be attached to a record.
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    uploadType: text('upload_type').$type<UploadType>().notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The partner a partner document (passport, proof of address) belongs to. */
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    /** Added by Alta's staff through the admin API: owners read it and cannot delete it. */
    addedByStaff: boolean('added_by_staff').notNull().default(false),
  },
  (table) => [index('uploads_company_idx').on(table.companyId)],
);

/**
 * The change history of transactions (domain/bookkeeping-history.ts), written by the trigger
 * `transactions_record_change` (migration 0014) in the writing transaction itself: a refused
 * or rolled-back change leaves nothing, and no write path can skip it. `user_id` is the
 * caller the sync push names with `set_config('alta.user_id', …, true)`; null for Alta itself.
 * Rows outlive their transaction (a deleted one keeps its history) and go with the company.
 */
export const transactionChanges = pgTable(
  'transaction_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<'created' | 'updated' | 'deleted'>().notNull(),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('transaction_changes_transaction_idx').on(table.transactionId, table.id)],
);

/**
 * A user's own tax-info record (SPEC §7 `tk-info`): where the owner is a tax resident, their
 * tax id there, nationality and the countries they worked from. It is the person's, not a
 * company's, so each year's and each company's tax form starts from it. Only its user reads it.
 */
export const taxInfo = pgTable('tax_info', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nationality: text('nationality').notNull(),
  taxResidenceCountry: text('tax_residence_country').notNull(),
  countryTaxId: text('country_tax_id').notNull(),
  countriesWorkedFrom: jsonb('countries_worked_from').$type<string[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
