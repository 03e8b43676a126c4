/**
 * A pull cursor (docs/decisions/015): how far a device has pulled in each of its scopes —
 * its own rows and each company's — plus the fingerprint of the company set those positions
 * belong to. Versions of one scope become visible in increasing order (the scope's write
 * lock), versions of different scopes do not, so one position per scope is what "never skips
 * a row" needs.
 *
 * Text form: `<format>.<fingerprint>.<position>…`, positions in base 36 in the order of
 * `scopes` (the user, then the company ids sorted). Format `3` is a cursor a pull's last page
 * returned (`settled`), `2` one with more pages to come (or from before decision 091). Opaque to
 * devices. Anything else — the version-1 cursor `<version>.<fingerprint>`, a foreign or
 * damaged string — decodes to null, and the pull answers with a full resync: an unreadable
 * cursor can cost a download, never a row.
 */
export interface Cursor {
  fingerprint: string;
  positions: number[];
  /**
   * Returned by a pull's last page: the device holds its scopes as of these positions, with its
   * own later changes on top, and nothing of an unfinished pull (a resync that dropped every
   * row, a page that wrote rows over its own acknowledged changes). Only from such a cursor
   * may a pull leave those own changes out (decision 091).
   */
  settled: boolean;
}

const pattern = /^([23])\.([A-Za-z0-9_-]{16})((?:\.[0-9a-z]{1,11}){1,2000})$/;

export function encodeCursor({ fingerprint, positions, settled }: Cursor): string {
  return [settled ? '3' : '2', fingerprint, ...positions.map((position) => position.toString(36))].join('.');
}

export function decodeCursor(text: string | null): Cursor | null {
  const match = text ? pattern.exec(text) : null;
  if (!match) return null;
  const positions = match[3]!
    .slice(1)
    .split('.')
    .map((digits) => parseInt(digits, 36));
  return positions.every(Number.isSafeInteger) ? { fingerprint: match[2]!, positions, settled: match[1] === '3' } : null;
}
