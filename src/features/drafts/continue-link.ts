import type { Language } from '@domain/constants';
import type { guestDraftKinds } from '@domain/draft';
import { href, paths } from '@src/lib/paths';

/**
 * The "continue on another device" link of a guest's draft: `/{lang}/continue#<id>.<secret>`.
 * The id and secret ride in the fragment, which browsers never send to a server, so no
 * request log, proxy or referrer ever sees the secret.
 */

export interface DraftKey {
  id: string;
  secret: string;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The same shape as `draftSecretSchema` (domain/draft.ts), checked without zod on this page.
const secretShape = /^[A-Za-z0-9_-]{32,128}$/;

/** The link that opens `key`'s draft on another device, on `origin`, in `language`. */
export function continueLinkOf(origin: string, language: Language, key: DraftKey): string {
  return `${origin.replace(/\/$/, '')}${href(language, paths.continueDraft)}#${key.id}.${key.secret}`;
}

/** The draft id and secret of a link's fragment (`#<id>.<secret>`, with or without `#`), or null when it is not one. */
export function parseContinueFragment(hash: string): DraftKey | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  const dot = fragment.indexOf('.');
  if (dot < 0) return null;
  const id = fragment.slice(0, dot).toLowerCase();
  const secret = fragment.slice(dot + 1);
  return uuid.test(id) && secretShape.test(secret) ? { id, secret } : null;
}

/** The guest wizard that edits drafts of `kind`. */
export const wizardPathOf: Record<(typeof guestDraftKinds)[number], string> = {
  companyCreation: paths.createCompany,
  companyMigration: paths.migrateCompany,
  crossBorderCrypto: paths.createCrossBorderCrypto,
};
