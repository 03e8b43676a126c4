import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { uploadRequestSchema } from '@domain/files';
import {
  forwardingRequestSchema,
  forwardingSchema,
  mailItemSchema,
  mailReadSchema,
  staffMailCreatedSchema,
  staffMailItemSchema,
  staffMailSchema,
} from '@domain/mail';
import { clientIp } from '../auth/client-ip';
import { sendMailInBackground } from '../auth/mails';
import type { AppDeps, AppEnv } from '../context';
import { recordAudit } from '../db/queries/audit-log';
import { findCompanyOf } from '../db/queries/companies';
import {
  findMailForStaff,
  findMailOf,
  insertMailItem,
  listMailForStaff,
  listMailOf,
  markForwarded,
  publishMail,
  requestForwarding,
  setMailRead,
} from '../db/queries/mail';
import { findCompanyOwner } from '../db/queries/uploads';
import { findUserById } from '../db/queries/users';
import { fieldErrors, ProblemError } from '../lib/problem';
import { problemResponses } from '../lib/problem-responses';
import { recordStaffAction } from '../lib/staff-audit';
import { withAdmin } from '../middleware/with-admin';
import { withSession } from '../middleware/with-session';
import { renderMail } from '../providers/mail/render-mail';
import type { StorageProvider } from '../providers/storage/storage';
import { uploadSteps } from '../uploads/upload-steps';
import { json } from '../lib/openapi';

/**
 * Mailing (SPEC §2 mailing, §3 Correspondence; decision 029). The company's owner and teammates
 * list its scanned mail, mark it read, and ask for a piece to be forwarded; the scan itself is
 * viewed through POST /uploads/download-url like every company file. Staff add mail: declare
 * the item and its scan, PUT the bytes to the presigned URL, then complete, which checks the
 * stored file (size, sniffed type) and publishes the item, mailing the owner once in their language.
 */

const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

export function mailRouter(deps: AppDeps, storage: StorageProvider) {
  const db = deps.database.db;
  const session = withSession(deps);
  const { declare, complete } = uploadSteps(deps, storage);
  const user = { tags: ['mailing'], security: [{ cookieAuth: [] }] };
  const staff = { tags: ['admin'], security: [{ cookieAuth: [] }] };

  const listRoute = createRoute({
    ...user,
    middleware: [session] as const,
    method: 'get',
    path: '/companies/{id}/mail',
    summary: "The company's scanned mail, newest first, with the caller's read state (owner or teammate only)",
    request: { params: idParams },
    responses: { 200: { description: 'The mail', content: json(z.object({ items: z.array(mailItemSchema) })) }, ...problemResponses(401, 404) },
  });

  const readRoute = createRoute({
    ...user,
    middleware: [session] as const,
    method: 'put',
    path: '/mail/{id}/read',
    summary: 'Mark a piece of mail read (opened) or unread, for the caller',
    request: { params: idParams, body: { required: true, content: json(mailReadSchema) } },
    responses: { 200: { description: 'The item as the caller now sees it', content: json(mailItemSchema) }, ...problemResponses(400, 401, 404) },
  });

  const forwardingRoute = createRoute({
    ...user,
    middleware: [session] as const,
    method: 'post',
    path: '/mail/{id}/forwarding',
    summary: 'Ask Alta to forward the physical piece to an address (one request per piece; staff see it)',
    request: { params: idParams, body: { required: true, content: json(forwardingRequestSchema) } },
    responses: {
      201: { description: 'The request', content: json(forwardingSchema) },
      ...problemResponses(400, 401, 404, 409),
    },
  });

  const staffCreateRoute = createRoute({
    ...staff,
    middleware: [session, withAdmin] as const,
    method: 'post',
    path: '/admin/companies/{id}/mail',
    summary: 'Admin: add a piece of mail and get the presigned URL for its scan (audit-logged); POST /admin/mail/{id}/complete after the upload',
    request: { params: idParams, body: { required: true, content: json(staffMailSchema) } },
    responses: {
      201: { description: 'The new item (not shown until completed) and its upload', content: json(staffMailCreatedSchema) },
      ...problemResponses(400, 401, 403, 404),
    },
  });

  const staffCompleteRoute = createRoute({
    ...staff,
    middleware: [session, withAdmin] as const,
    method: 'post',
    path: '/admin/mail/{id}/complete',
    summary: 'Admin: check the uploaded scan (size, sniffed type) and publish the item; the owner is mailed once in their language',
    request: { params: idParams },
    responses: { 200: { description: 'The published item', content: json(staffMailItemSchema) }, ...problemResponses(401, 403, 404) },
  });

  const staffListRoute = createRoute({
    ...staff,
    middleware: [session, withAdmin] as const,
    method: 'get',
    path: '/admin/companies/{id}/mail',
    summary: "Admin: a company's mail, published or not, with forwarding requests",
    request: { params: idParams },
    responses: { 200: { description: 'The mail', content: json(z.object({ items: z.array(staffMailItemSchema) })) }, ...problemResponses(401, 403, 404) },
  });

  const staffForwardedRoute = createRoute({
    ...staff,
    middleware: [session, withAdmin] as const,
    method: 'post',
    path: '/admin/mail/{id}/forwarding/forwarded',
    summary: 'Admin: mark a forwarding request done, the piece sent on (audit-logged); the company then sees it forwarded',
    description: '404 when the piece has no forwarding request; 409 `conflict` when it is marked forwarded already.',
    request: { params: idParams },
    responses: { 200: { description: 'The item with its forwarding request', content: json(staffMailItemSchema) }, ...problemResponses(401, 403, 404, 409) },
  });

  /** The item if the caller may see it; 404 otherwise (never telling whether it exists). */
  async function mailInScope(userId: string, mailId: string) {
    const item = await findMailOf(db, userId, mailId);
    if (!item) throw new ProblemError(404, 'not_found');
    return item;
  }

  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const companyId = c.req.valid('param').id;
      if (!(await findCompanyOf(db, c.var.user.id, companyId))) throw new ProblemError(404, 'not_found');
      return c.json({ items: await listMailOf(db, c.var.user.id, companyId) }, 200);
    })
    .openapi(readRoute, async (c) => {
      const { id } = c.req.valid('param');
      await mailInScope(c.var.user.id, id);
      await setMailRead(db, id, c.var.user.id, c.req.valid('json').read, deps.now());
      return c.json(await mailInScope(c.var.user.id, id), 200);
    })
    .openapi(forwardingRoute, async (c) => {
      const { id } = c.req.valid('param');
      await mailInScope(c.var.user.id, id);
      if (!(await requestForwarding(db, id, c.var.user.id, c.req.valid('json'), deps.now()))) throw new ProblemError(409, 'forwarding_already_requested');
      return c.json((await mailInScope(c.var.user.id, id)).forwarding!, 201);
    })
    .openapi(staffCreateRoute, async (c) => {
      const companyId = c.req.valid('param').id;
      const owner = await findCompanyOwner(db, companyId);
      if (!owner) throw new ProblemError(404, 'not_found');
      const { fileName, size, ...mail } = c.req.valid('json');
      // The SPEC §5 rules of a correspondence document (extension, size), as for every upload.
      const scan = uploadRequestSchema.safeParse({ uploadType: 'correspondenceDocument', companyId, fileName, size });
      if (!scan.success) throw new ProblemError(400, 'validation', fieldErrors(scan.error));
      const upload = await declare(scan.data, c.var.user.id, true);
      const id = crypto.randomUUID();
      await insertMailItem(db, { id, companyId, ...mail, fileKey: upload.key, receivedAt: new Date(`${mail.receivedAt}T12:00:00Z`), addedBy: c.var.user.id });
      await recordAudit(db, {
        actorId: c.var.user.id,
        actorEmail: c.var.user.email,
        action: 'add_mail',
        subjectUserId: owner.id,
        subjectEmail: owner.email,
        subjectCompanyId: companyId,
        ip: clientIp(c, deps.env),
        now: deps.now(),
        details: { mailId: id, key: upload.key, sender: mail.sender },
      });
      return c.json({ id, upload }, 201);
    })
    .openapi(staffCompleteRoute, async (c) => {
      const item = await findMailForStaff(db, c.req.valid('param').id);
      if (!item) throw new ProblemError(404, 'not_found');
      // A refused scan is deleted with its item (413/415); a good one is verified, then published.
      await complete(item.fileKey, [item.companyId]);
      if (await publishMail(db, item.id, deps.now())) {
        const found = await findCompanyOwner(db, item.companyId);
        const owner = found && (await findUserById(db, found.id));
        const company = owner && (await findCompanyOf(db, owner.id, item.companyId));
        if (owner && company) {
          sendMailInBackground(
            deps,
            'newMail',
            renderMail('newMail', {
              to: owner.email,
              language: owner.language,
              appUrl: deps.env.APP_URL,
              values: { firstName: owner.firstName, companyName: company.company.nameOption1, sender: item.sender, type: item.type },
            }),
          );
        }
      }
      return c.json((await listMailForStaff(db, { mailId: item.id }))[0]!, 200);
    })
    .openapi(staffForwardedRoute, async (c) => {
      const mailId = c.req.valid('param').id;
      const [item] = await listMailForStaff(db, { mailId });
      if (!item?.forwarding) throw new ProblemError(404, 'not_found');
      if (!(await markForwarded(db, mailId, c.var.user.id, deps.now()))) throw new ProblemError(409, 'conflict');
      const owner = (await findCompanyOwner(db, item.companyId))!;
      await recordStaffAction(
        deps,
        c,
        'forward_mail',
        { companyId: item.companyId, owner },
        { mailId, sender: item.sender, city: item.forwarding.address.city },
      );
      return c.json((await listMailForStaff(db, { mailId }))[0]!, 200);
    })
    .openapi(staffListRoute, async (c) => {
      const companyId = c.req.valid('param').id;
      if (!(await findCompanyOwner(db, companyId))) throw new ProblemError(404, 'not_found');
      return c.json({ items: await listMailForStaff(db, { companyId }) }, 200);
    });
}
