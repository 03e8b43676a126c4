import type { Db } from '../client';
import { auditLog } from '../schema/audit';

export async function recordAudit(
  db: Db,
  entry: { actorId: string; actorEmail: string; action: 'login_as_user'; subjectUserId: string; subjectEmail: string; ip: string | null; now: Date },
) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    action: entry.action,
    subjectUserId: entry.subjectUserId,
    subjectEmail: entry.subjectEmail,
    ip: entry.ip,
    createdAt: entry.now,
  });
}
