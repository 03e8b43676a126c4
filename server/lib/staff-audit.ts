import type { Context } from 'hono';
import type { AuditAction } from '@domain/admin';
import { clientIp } from '../auth/client-ip';
import type { AppDeps, AppEnv } from '../context';
import { recordAudit, type AuditRecord } from '../db/queries/audit-log';

/**
 * Appends a staff action on a company to the audit log (decision 038): the signed-in admin as
 * the actor, the company and its owner as the subject (so it shows on the company's staff page
 * and in the owner's activity), the caller's address.
 */
export function recordStaffAction(
  deps: AppDeps,
  c: Context<AppEnv>,
  action: AuditAction,
  subject: { companyId: string; owner: { id: string; email: string } },
  details: AuditRecord['details'] = null,
) {
  return recordAudit(deps.database.db, {
    actorId: c.var.user.id,
    actorEmail: c.var.user.email,
    action,
    subjectUserId: subject.owner.id,
    subjectEmail: subject.owner.email,
    subjectCompanyId: subject.companyId,
    details,
    ip: clientIp(c, deps.env),
    now: deps.now(),
  });
}
