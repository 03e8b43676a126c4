import type { MiddlewareHandler } from 'hono';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { auditPageSchema, auditQuerySchema, type AuditEntry, type AuditQuery } from '@domain/admin';
import type { AppDeps, AppEnv } from '../context';
import { listAudit } from '../db/queries/audit-log';
import type { auditLog } from '../db/schema/audit';
import { json } from '../lib/openapi';
import { problemResponses } from '../lib/problem-responses';
import { withAdmin } from '../middleware/with-admin';
import { withSession } from '../middleware/with-session';

function auditEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    action: row.action,
    actorEmail: row.actorEmail,
    subjectEmail: row.subjectEmail,
    subjectUserId: row.subjectUserId,
    subjectCompanyId: row.subjectCompanyId,
    details: row.details,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A CSV cell: quoted, and a leading = + - @ defused so a spreadsheet never runs it as a formula. */
function csvCell(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

const auditCsvColumns = ['createdAt', 'action', 'actorEmail', 'subjectEmail', 'subjectUserId', 'subjectCompanyId', 'details', 'ip'] as const;

function auditCsv(entries: AuditEntry[]): string {
  const lines = entries.map((entry) =>
    auditCsvColumns.map((column) => csvCell(column === 'details' ? (entry.details ? JSON.stringify(entry.details) : null) : entry[column])).join(','),
  );
  return [auditCsvColumns.join(','), ...lines].join('\r\n') + '\r\n';
}

const auditSubject = (query: AuditQuery) => (query.userId ? { userId: query.userId } : { companyId: query.companyId! });

/** The admin area's audit log (decision 028): one user's or one company's, as pages or as a CSV file. Admins only. */
export function adminAuditRouter(deps: AppDeps) {
  const adminOnly: MiddlewareHandler<AppEnv>[] = [withSession(deps), withAdmin];
  const common = { tags: ['admin'], security: [{ cookieAuth: [] }], middleware: adminOnly };

  const getAudit = createRoute({
    ...common,
    method: 'get',
    path: '/admin/audit',
    summary: 'Admin: the audit log of one user or one company, newest first',
    request: { query: auditQuerySchema },
    responses: { 200: { description: 'One page of the log', content: json(auditPageSchema) }, ...problemResponses(400, 401, 403) },
  });

  const getAuditCsv = createRoute({
    ...common,
    method: 'get',
    path: '/admin/audit/export',
    summary: 'Admin: the whole audit log of one user or one company as CSV',
    request: { query: auditQuerySchema },
    responses: { 200: { description: 'CSV, one row per entry', content: { 'text/csv': { schema: z.string() } } }, ...problemResponses(400, 401, 403) },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(getAudit, async (c) => {
      const query = c.req.valid('query');
      const page = await listAudit(deps.database.db, auditSubject(query), { limit: query.limit, offset: query.offset });
      return c.json({ total: page.total, items: page.rows.map(auditEntry) }, 200);
    })
    .openapi(getAuditCsv, async (c) => {
      const query = c.req.valid('query');
      const { rows } = await listAudit(deps.database.db, auditSubject(query));
      const name = `audit-${query.userId ?? query.companyId}.csv`;
      return c.body(auditCsv(rows.map(auditEntry)), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${name}"`,
      });
    });
}
