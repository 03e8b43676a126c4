import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
// Relative, not '@domain': drizzle-kit loads the schema without the tsconfig paths.
import type { BoiReportForm } from '../../../domain/boi-report';
import { companies } from './companies';
import { users } from './users';

/**
 * A company's BOI report as submitted for filing with FinCEN (decision 029). Only companies that
 * must report have one; the form in progress is a `boiReport` wizard draft.
 */
export const boiReports = pgTable('boi_reports', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['submitted', 'filed'] }).notNull(),
  form: jsonb('form').$type<BoiReportForm>().notNull(),
  submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  filedAt: timestamp('filed_at', { withTimezone: true }),
});
