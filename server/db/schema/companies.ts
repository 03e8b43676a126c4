import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A company (SPEC §3). Its owner and teammates form the scope of everything under it. */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: ['LLC', 'C-Corp', 'Cross Border Crypto'] }).notNull(),
    migrated: boolean('migrated').notNull().default(false),
    nameOption1: text('name_option_1').notNull(),
    nameOption2: text('name_option_2'),
    industry: text('industry'),
    /** The customer's own words when `industry` is 'other'. */
    industryOther: text('industry_other'),
    state: text('state'),
    originCountry: text('origin_country'),
    status: text('status').notNull().default('Start'),
    /**
     * When the company reached each progress status (SPEC §4), for the timeline of company
     * details: status → ISO timestamp. Kept by the trigger `companies_status_dates` (migration
     * 0019) whatever code changes the status.
     */
    statusDates: jsonb('status_dates').$type<Partial<Record<string, string>>>().notNull().default({}),
    plan: text('plan'),
    billing: text('billing', { enum: ['monthly', 'annual'] }),
    /** Additional services bought with the order (catalog ids). */
    services: jsonb('services').$type<string[]>().notNull().default([]),
    /** Flow-specific data: migration documents, or the cross-border crypto business and residence country. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    orderNumber: text('order_number').unique(),
    ownedAddress: jsonb('owned_address'),
    constitutionDate: date('constitution_date'),
    /** SPEC §4 dissolution: available, requested once paid through the checkout, processed by staff. */
    dissolution: text('dissolution', { enum: ['available', 'requested', 'processed'] })
      .notNull()
      .default('available'),
    dissolutionRequestedAt: timestamp('dissolution_requested_at', { withTimezone: true }),
    dissolutionProcessedAt: timestamp('dissolution_processed_at', { withTimezone: true }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who moved `status` last and when (an admin, SPEC §4); the history is in the audit log. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: uuid('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * What the admin company list searches: both names, the order number and the owner's name
     * and email, folded by `alta_fold`. Kept by triggers (migration 0020), never by the app.
     */
    searchText: text('search_text').notNull().default(''),
    /** The owner's "first last" name, for sorting the admin company list by owner; kept by the same triggers (migration 0025). */
    ownerName: text('owner_name').notNull().default(''),
  },
  (table) => [
    // Serves the owner's companies and "owns a company of this status" (the user list's filter).
    index('companies_owner_status_idx').on(table.ownerId, table.status),
    index('companies_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    index('companies_name_idx').on(table.nameOption1, table.id),
    index('companies_type_idx').on(table.type, table.id),
    index('companies_status_idx').on(table.status, table.id),
    // A status filter on the default (newest first) order pages without walking other statuses.
    index('companies_status_requested_idx').on(table.status, table.requestedAt, table.id),
    index('companies_owner_name_idx').on(table.ownerName, table.id),
    index('companies_state_idx').on(table.state, table.id),
    index('companies_migrated_idx').on(table.migrated, table.id),
    index('companies_requested_idx').on(table.requestedAt, table.id),
  ],
);

/** Teammates: users invited by email who get access to a company. */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.userId] }), index('company_members_user_idx').on(table.userId)],
);

/**
 * Partners of a company (SPEC §3), in the order the owner entered them. `taxId` is the
 * optional SSN or ITIN; the API only ever shows its last four digits.
 */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    ownership: numeric('ownership', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    isDirector: boolean('is_director').notNull(),
    addressLine1: text('address_line_1').notNull(),
    addressLine2: text('address_line_2'),
    city: text('city').notNull(),
    stateOrProvince: text('state_or_province').notNull(),
    country: text('country').notNull(),
    postalCode: text('postal_code').notNull(),
    taxId: text('tax_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('partners_company_idx').on(table.companyId), check('partners_ownership_range', sql`${table.ownership} between 1 and 100`)],
);

/**
 * Renewal due dates a company settled (domain/renewal.ts computes them): paid through the
 * checkout (`orderId`), marked by its owner as renewed directly with the state, or renewed by
 * staff for the customer. One row per due date, so a double payment or a double click settles
 * it once.
 */
export const companyRenewals = pgTable(
  'company_renewals',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    dueDate: date('due_date').notNull(),
    kind: text('kind', { enum: ['paid', 'external', 'staff'] }).notNull(),
    orderId: uuid('order_id'),
    renewedBy: uuid('renewed_by').references(() => users.id, { onDelete: 'set null' }),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When staff filed a renewal paid through Alta with the state (null while it is being filed; decision 038). */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    processedBy: uuid('processed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.dueDate] })],
);

/**
 * Renewal reminder mails, one row per company, due date and stage ('upcoming' inside the
 * window, 'overdue' after the date). The row is claimed before the mail goes out and marked
 * sent after, so several instances running the job send each reminder exactly once; a claim
 * left unsent (an instance died mid-way) is taken over after `renewalReminderClaimMs`.
 */
export const renewalReminders = pgTable(
  'renewal_reminders',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    dueDate: date('due_date').notNull(),
    stage: text('stage', { enum: ['upcoming', 'overdue'] }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.dueDate, table.stage] })],
);
