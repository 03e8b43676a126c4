import { sha256 } from './sha256';

/**
 * The stable identity of an imported bank line. The transaction's id is derived from it,
 * so importing the same lines again (on this device or another) yields the same ids: the
 * rows already stored are recognised and nothing is added twice, while two genuine
 * identical lines of one file differ by their occurrence index.
 */

/** Lower case, no accents, punctuation and runs of spaces folded: banks change those between exports. */
export function normaliseDescription(description: string): string {
  // The import asks twice in a row for each line (its fingerprint, then its category).
  if (description === last.description) return last.normalised;
  last.description = description;
  last.normalised = fold(description);
  return last.normalised;
}
const last = { description: '', normalised: '' };

function fold(description: string): string {
  // Most bank lines are ASCII: nothing to decompose, and their only letters and numbers are
  // ASCII letters and digits.
  if (ascii.test(description))
    return description
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return description
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
const ascii = /^\p{ASCII}*$/u;

/** Counts identical lines of one file in order: the first is occurrence 0, the next 1, … */
export class OccurrenceCounter {
  private seen = new Map<string, number>();

  /** The fingerprint of the next line with these values. */
  next(line: { date: string; amountCents: number; description: string }): string {
    const key = `${line.date}|${line.amountCents}|${normaliseDescription(line.description)}`;
    const occurrence = this.seen.get(key) ?? 0;
    this.seen.set(key, occurrence + 1);
    return `${key}|${occurrence}`;
  }
}

const byteHex = Array.from({ length: 256 }, (_, value) => value.toString(16).padStart(2, '0'));
/** Hex of 16 bytes as a UUID (8-4-4-4-12), from a table: this runs once per imported line. */
function uuidText(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) text += '-';
    text += byteHex[bytes[i]!];
  }
  return text;
}

/**
 * The transaction id of an imported line: a UUID (RFC 9562 version 8, "custom") made of
 * the SHA-256 of company, account and fingerprint, so the same line in another account or
 * company is a different transaction.
 */
export function importedTransactionId(companyId: string, accountId: string, fingerprint: string): string {
  const bytes = sha256(`${companyId}|${accountId}|${fingerprint}`).slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return uuidText(bytes);
}
