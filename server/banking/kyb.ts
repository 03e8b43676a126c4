import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { isBankingAvailable } from '@domain/countries';
import { cryptoKybSchema, kybFormSchema } from '@domain/kyb';
import type { KybSubmission, KybSubmitted } from '@domain/kyb-record';
import type { Db } from '../db/client';
import { kybSubmissions } from '../db/schema/banking';
import { uploads } from '../db/schema/bookkeeping';
import { drafts } from '../db/schema/drafts';
import { fieldErrors, ProblemError } from '../lib/problem';
import { lockSyncScopes } from '../sync/write-lock';
import type { BankingCompany } from './access';

/**
 * The company's KYB (domain/kyb.ts): validated again here, whatever the browser checked; its
 * files must be KYB documents this company uploaded and the server verified; stored once
 * per company, and the draft it came from frozen (devices pull it read-only).
 */

/** The company's submitted KYB, or null. */
export async function kybOf(db: Db, companyId: string): Promise<KybSubmitted | null> {
  const [row] = await db.select().from(kybSubmissions).where(eq(kybSubmissions.companyId, companyId));
  return row ? { kind: row.kind, form: row.form, submittedAt: row.submittedAt.toISOString() } : null;
}

/** The file keys a form refers to (`{ key, name, size, contentType }` objects at any depth). */
function fileKeysOf(value: unknown, keys: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) fileKeysOf(item, keys);
  else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.key === 'string' && typeof record.contentType === 'string') keys.add(record.key);
    else for (const item of Object.values(record)) fileKeysOf(item, keys);
  }
  return keys;
}

/** Field errors under `form.` as the request body names them. */
const underForm = (errors: Record<string, string[]>) => Object.fromEntries(Object.entries(errors).map(([path, messages]) => [`form.${path}`, messages]));

/**
 * Validates and stores a KYB submission. Throws 400 `validation` (with the fields), 403
 * `banking_unavailable_country` for a SPEC §1 residence, 409 `kyb_kind_mismatch` when the
 * variant does not fit the company, 409 `kyb_submitted` when the company already has one.
 */
export async function submitKyb(db: Db, input: { userId: string; company: BankingCompany; submission: KybSubmission; now: Date }): Promise<KybSubmitted> {
  const { company, submission, userId, now } = input;
  const companyId = company.company.id;
  const expected = company.company.type === 'Cross Border Crypto' ? 'crypto' : 'business';
  if (submission.kind !== expected) throw new ProblemError(409, 'kyb_kind_mismatch');
  const today = now.toISOString().slice(0, 10);
  const parsed = submission.kind === 'crypto' ? cryptoKybSchema.safeParse(submission.form) : kybFormSchema(today).safeParse(submission.form);
  if (!parsed.success) {
    const errors = underForm(fieldErrors(parsed.error));
    // SPEC §1: a resident of a listed country is refused banking, with the reason, not a form error.
    const sanctioned = Object.entries(errors).filter(([, messages]) => messages.includes('validation.bankingUnavailableCountry'));
    if (sanctioned.length > 0) throw new ProblemError(403, 'banking_unavailable_country', Object.fromEntries(sanctioned));
    throw new ProblemError(400, 'validation', errors);
  }
  const form = parsed.data as Record<string, unknown>;
  if (submission.kind === 'business') {
    const owners = (form.owners ?? []) as { residenceCountry: string }[];
    if (owners.some((owner) => !isBankingAvailable(owner.residenceCountry))) throw new ProblemError(403, 'banking_unavailable_country');
    const keys = [...fileKeysOf(form)];
    const verified = await db
      .select({ key: uploads.key })
      .from(uploads)
      .where(and(inArray(uploads.key, keys), eq(uploads.companyId, companyId), eq(uploads.uploadType, 'kybDocument'), isNotNull(uploads.verifiedAt)));
    const known = new Set(verified.map((row) => row.key));
    // A key of another company, of another kind of document, or never verified is not this KYB's file.
    if (keys.some((key) => !known.has(key))) throw new ProblemError(400, 'validation', { 'form.documents': ['validation.invalid'] });
  }
  return db.transaction(async (tx) => {
    // The same lock a push of this user takes: a saveDraft or changeDraft racing the submission lands wholly before it.
    await lockSyncScopes(tx, [userId, companyId]);
    const [stored] = await tx
      .insert(kybSubmissions)
      .values({ companyId, kind: submission.kind, form, draftId: submission.draftId, submittedBy: userId, submittedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!stored) throw new ProblemError(409, 'kyb_submitted');
    const [existing] = await tx.select().from(drafts).where(eq(drafts.id, submission.draftId));
    if (existing && (existing.userId !== userId || existing.kind !== 'kyb' || existing.companyId !== companyId)) throw new ProblemError(404, 'not_found');
    const data = { kind: submission.kind, form, submitted: true };
    await tx
      .insert(drafts)
      .values({ id: submission.draftId, userId, kind: 'kyb', companyId, step: 3, data, updatedAt: now.toISOString() })
      .onConflictDoUpdate({ target: drafts.id, set: { data, updatedAt: now.toISOString() } });
    return { kind: stored.kind, form: stored.form, submittedAt: stored.submittedAt.toISOString() };
  });
}
