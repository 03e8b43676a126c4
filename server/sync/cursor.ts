/**
 * A pull cursor (docs/decisions/015): how far a device has pulled in each of its scopes —
 * its own rows and each company's — plus the fingerprint of the company set those positions
 * belong to. Versions of one scope become visible in increasing order (the scope's write
 * lock), versions of different scopes do not, so one position per scope is what "never skips
 * a row" needs.
 *
 * Text form: `2.<fingerprint>.<position>…`, positions in base 36 in the order of `scopes`
 * (the user, then the company ids sorted). Opaque to devices. Anything else — the version-1
 * cursor `<version>.<fingerprint>`, a foreign or damaged string — decodes to null, and the
 * pull answers with a full resync: an unreadable cursor can cost a download, never a row.
 */
export interface Cursor {
  fingerprint: string;
  positions: number[];
}

const format = '2';
const pattern = /^2\.([A-Za-z0-9_-]{16})((?:\.[0-9a-z]{1,11}){1,2000})$/;

export function encodeCursor({ fingerprint, positions }: Cursor): string {
  return [format, fingerprint, ...positions.map((position) => position.toString(36))].join('.');
}

export function decodeCursor(text: string | null): Cursor | null {
  const match = text ? pattern.exec(text) : null;
  if (!match) return null;
  const positions = match[2]!
    .slice(1)
    .split('.')
    .map((digits) => parseInt(digits, 36));
  return positions.every(Number.isSafeInteger) ? { fingerprint: match[1]!, positions } : null;
}
