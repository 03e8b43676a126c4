import { count, desc, eq } from 'drizzle-orm';
import type { AuditAction } from '@domain/admin';
import type { Db } from '../client';
import { auditLog } from '../schema/audit';

export interface AuditRecord {
  actorId: string;
  actorEmail: string;
  action: AuditAction;
  subjectUserId?: string | null;
  subjectEmail?: string | null;
  subjectCompanyId?: string | null;
  details?: Record<string, string | number | null> | null;
  ip: string | null;
  now: Date;
}

/** Appends one row to the audit log (the table refuses changes and deletions: migration 0020). */
export async function recordAudit(db: Db, entry: AuditRecord) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    action: entry.action,
    subjectUserId: entry.subjectUserId ?? null,
    subjectEmail: entry.subjectEmail ?? null,
    subjectCompanyId: entry.subjectCompanyId ?? null,
    details: entry.details ?? null,
    ip: entry.ip,
    createdAt: entry.now,
  });
}

export type AuditSubject = { userId: string } | { companyId: string };

const subjectCondition = (subject: AuditSubject) =>
  'userId' in subject ? eq(auditLog.subjectUserId, subject.userId) : eq(auditLog.subjectCompanyId, subject.companyId);

/** The log of one user or one company, newest first; `page` absent means all of it (the CSV export). */
export async function listAudit(db: Db, subject: AuditSubject, page?: { limit: number; offset: number }) {
  const where = subjectCondition(subject);
  const query = db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  const [rows, [totalRow]] = await Promise.all([
    page ? query.limit(page.limit).offset(page.offset) : query,
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { total: totalRow?.total ?? 0, rows };
}
