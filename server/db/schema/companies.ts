import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A company (SPEC §3). Its owner and teammates form the scope of everything under it. */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerId: uuid('owner_id').notNull().references(() => users.id),
    type: text('type', { enum: ['LLC', 'C-Corp', 'Cross Border Crypto'] }).notNull(),
    migrated: boolean('migrated').notNull().default(false),
    nameOption1: text('name_option_1').notNull(),
    nameOption2: text('name_option_2'),
    industry: text('industry'),
    state: text('state'),
    originCountry: text('origin_country'),
    status: text('status').notNull().default('Start'),
    plan: text('plan'),
    orderNumber: text('order_number').unique(),
    ownedAddress: jsonb('owned_address'),
    constitutionDate: date('constitution_date'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('companies_owner_idx').on(table.ownerId)],
);

/** Teammates: users invited by email who get access to a company. */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.userId] }), index('company_members_user_idx').on(table.userId)],
);
