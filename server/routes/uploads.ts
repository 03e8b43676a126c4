import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, open, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from '@hono/zod-openapi';
import {
  checkFileContent,
  staffDocumentTypes,
  checkFileDeclaration,
  contentTypeFor,
  downloadUrlSchema,
  extensionOf,
  presignedUploadSchema,
  storedFileSchema,
  uploadKeySchema,
  uploadRequestSchema,
  type AllowedExtension,
} from '@domain/files';
import type { AppDeps, AppEnv } from '../context';
import { clientIp } from '../auth/client-ip';
import { recordAudit } from '../db/queries/audit-log';
import { companyOfKey, findCompanyOwner, findUploadInScope } from '../db/queries/uploads';
import { uploadSteps } from '../uploads/upload-steps';
import { fieldErrors } from '../lib/problem';
import { withAdmin } from '../middleware/with-admin';
import { ProblemError } from '../lib/problem';
import { problemResponses } from '../lib/problem-responses';
import { withSession } from '../middleware/with-session';
import { ensureFolderOf, localFilesPath, type LocalStorage } from '../providers/storage/local-storage';
import { contentDisposition, leadingBytesLength, type StorageProvider } from '../providers/storage/storage';
import { companyRolesOf } from '../sync/scope';

/**
 * Uploads through presigned URLs (SPEC §7 "presigned upload URL then saving the file key"):
 *
 * 1. `POST /uploads` — the caller declares the file (type, company, name, size); Alta checks
 *    the SPEC §5 limits and that the company is theirs, records the upload and answers a
 *    short-lived URL that accepts exactly that file.
 * 2. The browser PUTs the bytes to that URL (S3, or `/uploads/files/…` on the local simulator).
 * 3. `POST /uploads/complete` — Alta reads back what was stored (size, magic bytes) and marks
 *    it verified, or deletes it. Only then may a mutation attach the key to a record.
 * 4. `POST /uploads/download-url` — a short-lived URL to view or download a file of the caller's companies.
 */

const postUpload = createRoute({
  method: 'post',
  path: '/uploads',
  summary: 'Declare a file and get a presigned URL to upload it',
  tags: ['uploads'],
  request: { body: { required: true, content: { 'application/json': { schema: uploadRequestSchema } } } },
  responses: {
    201: { description: 'Upload it with a PUT to `url`, sending `headers`', content: { 'application/json': { schema: presignedUploadSchema } } },
    ...problemResponses(400, 401, 403),
  },
});

const postComplete = createRoute({
  method: 'post',
  path: '/uploads/complete',
  summary: 'Check an uploaded file and mark it ready to be attached',
  tags: ['uploads'],
  request: { body: { required: true, content: { 'application/json': { schema: uploadKeySchema } } } },
  responses: {
    200: { description: 'The stored file passed the size, extension and magic-byte checks', content: { 'application/json': { schema: storedFileSchema } } },
    ...problemResponses(400, 401, 404),
  },
});

const postDownloadUrl = createRoute({
  method: 'post',
  path: '/uploads/download-url',
  summary: 'Get a short-lived URL to view or download a file',
  tags: ['uploads'],
  request: { body: { required: true, content: { 'application/json': { schema: uploadKeySchema } } } },
  responses: {
    200: { description: 'A presigned URL', content: { 'application/json': { schema: downloadUrlSchema } } },
    ...problemResponses(400, 401, 404),
  },
});

/** A staff upload's declaration: the company comes from the path. */
const { companyId: _companyId, ...adminUploadShape } = uploadRequestSchema.shape;
const adminUploadRequestSchema = z.strictObject(adminUploadShape);

/** The caller's company ids (owner or teammate): every upload query is scoped by them. */
async function companiesOf(deps: AppDeps, userId: string): Promise<string[]> {
  return [...(await companyRolesOf(deps.database.db, userId)).keys()];
}

export function uploadsRouter(deps: AppDeps, storage: StorageProvider) {
  const db = deps.database.db;
  const session = withSession(deps);
  const { declare, complete } = uploadSteps(deps, storage);
  const router = new OpenAPIHono<AppEnv>();
  for (const path of ['/uploads', '/uploads/complete', '/uploads/download-url']) router.use(path, session);

  router.openapi(postUpload, async (c) => {
    const request = c.req.valid('json');
    const companyIds = await companiesOf(deps, c.var.user.id);
    if (!companyIds.includes(request.companyId)) throw new ProblemError(403, 'forbidden');
    // Documents Alta generates come from staff only (POST /admin/companies/:id/uploads).
    if (staffDocumentTypes.includes(request.uploadType)) throw new ProblemError(403, 'forbidden');
    return c.json(await declare(request, c.var.user.id, false), 201);
  });

  router.openapi(postComplete, async (c) => {
    const { key } = c.req.valid('json');
    return c.json(await complete(key, await companiesOf(deps, c.var.user.id)), 200);
  });

  router.openapi(
    createRoute({
      method: 'post',
      path: '/admin/companies/{id}/uploads',
      summary: 'Admin: declare a company document (EIN document, articles, generated EIN document…) and get its presigned URL (audit-logged)',
      tags: ['admin'],
      security: [{ cookieAuth: [] }],
      middleware: [session, withAdmin] as const,
      request: {
        params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
        body: { required: true, content: { 'application/json': { schema: adminUploadRequestSchema } } },
      },
      responses: {
        201: {
          description: 'Upload it with a PUT to `url`, then POST /admin/uploads/complete',
          content: { 'application/json': { schema: presignedUploadSchema } },
        },
        ...problemResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const companyId = c.req.valid('param').id;
      const owner = await findCompanyOwner(db, companyId);
      if (!owner) throw new ProblemError(404, 'not_found');
      const request = { ...c.req.valid('json'), companyId };
      // A mail scan is added with its mail item (POST /admin/companies/:id/mail), never on its own.
      if (request.uploadType === 'correspondenceDocument') throw new ProblemError(400, 'validation', { uploadType: ['validation.invalid'] });
      const checked = uploadRequestSchema.safeParse(request);
      if (!checked.success) throw new ProblemError(400, 'validation', fieldErrors(checked.error));
      const presigned = await declare(checked.data, c.var.user.id, true);
      await recordAudit(db, {
        actorId: c.var.user.id,
        actorEmail: c.var.user.email,
        action: 'upload_company_document',
        subjectUserId: owner.id,
        subjectEmail: owner.email,
        // On the company's staff page too, not only the owner's activity.
        subjectCompanyId: companyId,
        ip: clientIp(c, deps.env),
        now: deps.now(),
        details: { companyId, key: presigned.key, uploadType: checked.data.uploadType },
      });
      return c.json(presigned, 201);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/admin/uploads/complete',
      summary: 'Admin: check a staff upload and make it visible in the company’s documents',
      tags: ['admin'],
      security: [{ cookieAuth: [] }],
      middleware: [session, withAdmin] as const,
      request: { body: { required: true, content: { 'application/json': { schema: uploadKeySchema } } } },
      responses: {
        200: { description: 'The stored file passed the checks', content: { 'application/json': { schema: storedFileSchema } } },
        ...problemResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { key } = c.req.valid('json');
      const companyId = companyOfKey(key);
      return c.json(await complete(key, companyId ? [companyId] : []), 200);
    },
  );

  router.openapi(postDownloadUrl, async (c) => {
    const { key } = c.req.valid('json');
    const upload = await findUploadInScope(db, key, await companiesOf(deps, c.var.user.id));
    if (!upload?.verifiedAt) throw new ProblemError(404, 'not_found');
    const download = await storage.presignDownload({ key, fileName: upload.fileName, contentType: upload.contentType });
    return c.json({ url: download.url, expiresAt: download.expiresAt.toISOString() }, 200);
  });

  if (storage.kind === 'local') mountLocalFiles(router, storage as LocalStorage);
  return router;
}

const keyOf = (c: Context) => decodeURIComponent(c.req.path.slice(`${localFilesPath}/`.length));

/**
 * The local simulator's storage endpoints, standing in for S3: the signed URL is the only
 * credential (no session), exactly like a presigned S3 URL. The app's 1 MB body limit does
 * not apply here; the signed size does.
 */
function mountLocalFiles(router: OpenAPIHono<AppEnv>, storage: LocalStorage) {
  const prefix = localFilesPath.replace('/api/v1', '');

  router.put(`${prefix}/*`, async (c) => {
    const key = keyOf(c);
    const signed = storage.verifyUpload(key, new URL(c.req.url).searchParams);
    if (signed === 'expired') throw new ProblemError(403, 'upload_url_expired');
    if (signed === 'invalid' || c.req.header('content-type') !== signed.contentType) throw new ProblemError(403, 'forbidden');
    const declared = checkFileDeclaration(signed.uploadType, key, signed.size);
    if (declared === 'fileTooLarge') throw new ProblemError(413, 'file_too_large');
    if (declared) throw new ProblemError(415, 'file_type_not_allowed');
    const length = c.req.header('content-length');
    if (length !== undefined && Number(length) > signed.size) throw new ProblemError(413, 'file_too_large');

    const file = storage.pathOf(key);
    await ensureFolderOf(file);
    const partial = `${file}.${randomUUID()}.part`;
    const handle = await open(partial, 'wx');
    let received = 0;
    let leading = new Uint8Array();
    try {
      for await (const chunk of (c.req.raw.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
        received += chunk.length;
        // Stop reading the moment the body outgrows the signed size: nothing larger ever lands on disk.
        if (received > signed.size) throw new ProblemError(413, 'file_too_large');
        if (leading.length < leadingBytesLength) leading = concat(leading, chunk.subarray(0, leadingBytesLength - leading.length));
        await handle.write(chunk);
      }
      await handle.close();
      if (received !== signed.size) throw new ProblemError(400, 'validation', { size: ['validation.fileSizeMismatch'] });
      if (checkFileContent(key, leading)) throw new ProblemError(415, 'file_type_not_allowed');
      // Write-once, like S3's `If-None-Match: *`: a link fails on an existing file, so a URL used
      // again (even after /uploads/complete verified the file) never replaces what is stored.
      await link(partial, file).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? new ProblemError(409, 'conflict') : error;
      });
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    } finally {
      await rm(partial, { force: true });
    }
    return c.body(null, 200);
  });

  router.get(`${prefix}/*`, async (c) => {
    const key = keyOf(c);
    const signed = storage.verifyDownload(key, new URL(c.req.url).searchParams);
    if (signed === 'expired') throw new ProblemError(403, 'upload_url_expired');
    if (signed === 'invalid') throw new ProblemError(403, 'forbidden');
    const file = storage.pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new ProblemError(404, 'not_found');
    const contentType = contentTypeFor(extensionOf(key) as AllowedExtension);
    return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, 200, {
      'Content-Type': contentType,
      'Content-Length': String(info.size),
      'Content-Disposition': contentDisposition(signed.fileName, contentType),
      'Cache-Control': 'private, max-age=300',
    });
  });
}

const concat = (a: Uint8Array, b: Uint8Array) => {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
};
