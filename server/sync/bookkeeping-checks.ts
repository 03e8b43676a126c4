import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { importCooldownSeconds } from '@domain/bookkeeping';
import type { ServerChecks } from '@sync/mutator';
import type { Db } from '../db/client';
import { findUploadInScope } from '../db/queries/uploads';
import { batchImports, declarations } from '../db/schema/bookkeeping';

/**
 * The bookkeeping facts a mutator may ask the server (`ServerChecks`), answered inside the
 * push transaction and scoped by the caller's companies like every other query.
 *
 * One set of checks serves one push transaction, so a company's sent declarations are read
 * once (one query listing its sent years) and every mutation of the batch asks the cache:
 * a batch of 500 edits costs one query instead of 500. Reading once loses nothing: asked per
 * mutation, a declaration sent while the push runs would only have shown up for part of the
 * batch. For a strict order, whoever sends a declaration takes the company's sync write lock
 * (`lockSyncScopes(tx, [companyId])`) in that transaction: it then comes before the whole
 * batch or after it.
 */
export function bookkeepingChecks(db: Db, companyIds: string[]): Pick<ServerChecks, 'declarationSent' | 'importCooldownLeft' | 'verifiedUpload'> {
  const sentYears = new Map<string, Promise<Set<number>>>();
  const sentYearsOf = (companyId: string) => {
    let years = sentYears.get(companyId);
    if (!years) {
      years = db
        .select({ year: declarations.year })
        .from(declarations)
        .where(and(eq(declarations.companyId, companyId), isNotNull(declarations.sentAt)))
        .then((rows) => new Set(rows.map((row) => row.year)));
      sentYears.set(companyId, years);
    }
    return years;
  };
  return {
    async declarationSent(companyId, year) {
      if (!companyIds.includes(companyId)) return false;
      return (await sentYearsOf(companyId)).has(year);
    },
    async importCooldownLeft(companyId) {
      // The server's clock at the start of this transaction against when it received the
      // company's newest batch (`received_at`, stamped by a trigger): never the device's times.
      if (!companyIds.includes(companyId)) return 0;
      const [row] = await db
        .select({ since: sql<string | null>`extract(epoch from now() - max(${batchImports.receivedAt}))` })
        .from(batchImports)
        .where(eq(batchImports.companyId, companyId));
      if (row?.since === null || row?.since === undefined) return 0;
      return Math.max(0, Math.ceil(importCooldownSeconds - Number(row.since)));
    },
    async verifiedUpload(key) {
      const upload = await findUploadInScope(db, key, companyIds);
      if (!upload?.verifiedAt) return null;
      return { companyId: upload.companyId, uploadType: upload.uploadType, fileName: upload.fileName, size: upload.size, contentType: upload.contentType };
    },
  };
}
