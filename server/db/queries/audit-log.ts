import type { Db } from '../client';
import { auditLog } from '../schema/audit';

export async function recordAudit(
  db: Db,
  entry: {
    actorId: string;
    actorEmail: string;
    action: (typeof auditLog.$inferInsert)['action'];
    subjectUserId: string;
    subjectEmail: string;
    ip: string | null;
    now: Date;
    details?: Record<string, string>;
  },
) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    action: entry.action,
    subjectUserId: entry.subjectUserId,
    subjectEmail: entry.subjectEmail,
    ip: entry.ip,
    details: entry.details ?? null,
    createdAt: entry.now,
  });
}
