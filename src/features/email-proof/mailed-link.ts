/**
 * The secret of a mailed link (`/{lang}/claim#<order id>.<secret>`, `/{lang}/verify-email#<id>.<secret>`,
 * `/{lang}/join-team#<invitation id>.<secret>`).
 * It rides in the fragment, which never reaches a server; the page drops it from the address
 * at once and keeps it in this tab's session storage while the visitor signs in or registers,
 * so the page can finish after coming back.
 */
export type MailedLinkKind = 'claim' | 'verify' | 'teammate';

const storageKey = (kind: MailedLinkKind) => `alta.mailedLink.${kind}`;
const linkPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[\w-]{20,200}$/i;

export interface MailedLink {
  id: string;
  secret: string;
}

export function parseMailedLink(value: string | null | undefined): MailedLink | null {
  const text = (value ?? '').replace(/^#/, '');
  if (!linkPattern.test(text)) return null;
  const dot = text.indexOf('.');
  return { id: text.slice(0, dot), secret: text.slice(dot + 1) };
}

/** The link of this page: from the fragment (then kept for the tab) or from what the tab kept. */
export function takeMailedLink(kind: MailedLinkKind, hash: string): MailedLink | null {
  const fromHash = parseMailedLink(hash);
  try {
    if (fromHash) sessionStorage.setItem(storageKey(kind), `${fromHash.id}.${fromHash.secret}`);
    return fromHash ?? parseMailedLink(sessionStorage.getItem(storageKey(kind)));
  } catch {
    return fromHash;
  }
}

/** The link was used (or refused for good): the tab forgets it. */
export function forgetMailedLink(kind: MailedLinkKind) {
  try {
    sessionStorage.removeItem(storageKey(kind));
  } catch {
    // Nothing kept.
  }
}
