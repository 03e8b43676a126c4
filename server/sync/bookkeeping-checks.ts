import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { ServerChecks } from '@sync/mutator';
import type { Db } from '../db/client';
import { findUploadInScope } from '../db/queries/uploads';
import { declarations } from '../db/schema/bookkeeping';

/**
 * The bookkeeping facts a mutator may ask the server (`ServerChecks`), answered inside the
 * push transaction and scoped by the caller's companies like every other query.
 */
export function bookkeepingChecks(db: Db, companyIds: string[]): Pick<ServerChecks, 'declarationSent' | 'verifiedUpload'> {
  return {
    async declarationSent(companyId, year) {
      if (!companyIds.includes(companyId)) return false;
      const sent = await db
        .select({ year: declarations.year })
        .from(declarations)
        .where(and(eq(declarations.companyId, companyId), eq(declarations.year, year), isNotNull(declarations.sentAt), inArray(declarations.companyId, companyIds)));
      return sent.length > 0;
    },
    async verifiedUpload(key) {
      const upload = await findUploadInScope(db, key, companyIds);
      if (!upload?.verifiedAt) return null;
      return { companyId: upload.companyId, uploadType: upload.uploadType, fileName: upload.fileName, size: upload.size, contentType: upload.contentType };
    },
  };
}
